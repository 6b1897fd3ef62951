import { LegalSections } from '../components/LegalSections';
import {
  LEGAL_EMAIL,
  PRIVACY_EMAIL,
  PRIVACY_SECTIONS,
  PRIVACY_UPDATED,
  TERMS_SECTIONS,
} from '../content/legal';
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
      <p className="muted">{`Terakhir diperbarui: ${PRIVACY_UPDATED}`}</p>
      <LegalSections sections={PRIVACY_SECTIONS} />
      <p className="legal-contact">
        Kontak privasi: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>
      </p>
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
      <LegalSections sections={TERMS_SECTIONS} />
      <p className="legal-contact">
        Kontak hukum: <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a>
      </p>
    </article>
  );
}
