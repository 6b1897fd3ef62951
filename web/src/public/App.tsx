import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
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

/** A new page starts at the top; query changes (filters, the product modal) keep the scroll. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

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
          <Route path="/" element={<HomePage />} />
          <Route path="/kategori" element={<CategoryDirectoryPage />} />
          <Route path="/promo-hari-ini" element={<PromoPage />} />
          <Route path="/produk-terpopuler" element={<PopularPage />} />
          <Route path="/tentang" element={<AboutPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
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
