import { LegalDocument } from '../components/LegalSections';
import { staticMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

export function PrivacyPage() {
  usePageMeta({
    ...staticMeta('/privacy'),
    breadcrumbs: [
      { name: 'Beranda', path: '/' },
      { name: 'Kebijakan Privasi', path: '/privacy' },
    ],
  });
  return (
    <article className="container page legal">
      <h1>Kebijakan Privasi</h1>
      <LegalDocument document="privacy" contactClassName="legal-contact" />
    </article>
  );
}

export function TermsPage() {
  usePageMeta({
    ...staticMeta('/terms'),
    breadcrumbs: [
      { name: 'Beranda', path: '/' },
      { name: 'Syarat dan Ketentuan', path: '/terms' },
    ],
  });
  return (
    <article className="container page legal">
      <h1>Syarat dan Ketentuan</h1>
      <LegalDocument document="terms" contactClassName="legal-contact" />
    </article>
  );
}
