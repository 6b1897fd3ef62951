import { useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PUBLIC_ROUTES, type PublicPath } from '@shared/public-routes';
import { ChatButton } from './components/ChatButton';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { PopupLayer } from './components/PopupLayer';
import { ProductModal } from './components/ProductModal';
import { ToastRegion } from './components/ToastRegion';
import { AboutPage } from './pages/AboutPage';
import { CategoryDirectoryPage } from './pages/CategoryDirectoryPage';
import { ContactPage } from './pages/ContactPage';
import { HomePage } from './pages/HomePage';
import { PrivacyPage, TermsPage } from './pages/LegalPages';
import { NotFoundPage } from './pages/NotFoundPage';
import { PopularPage } from './pages/PopularPage';
import { PromoPage } from './pages/PromoPage';
import { WatchlistPage } from './watches/WatchlistPage';

/** A new page starts at the top; query changes (filters, the product modal) keep the scroll. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The page of each public route: a route the table gains and this map lacks fails to compile. */
const ROUTE_PAGES: Record<PublicPath, ComponentType> = {
  '/': HomePage,
  '/kategori': CategoryDirectoryPage,
  '/promo-hari-ini': PromoPage,
  '/produk-terpopuler': PopularPage,
  '/tentang': AboutPage,
  '/contact': ContactPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/pantauan': WatchlistPage,
};

function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}

export function App() {
  return (
    <>
      <a href="#main" className="skip-link">
        Langsung ke konten
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1}>
        <Routes>
          {PUBLIC_ROUTES.map(({ path }) => {
            const Page = ROUTE_PAGES[path];
            return <Route key={path} path={path} element={<Page />} />;
          })}
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </main>
      <Footer />
      <ProductModal />
      <ChatButton />
      <PopupLayer />
      <ToastRegion />
    </>
  );
}
