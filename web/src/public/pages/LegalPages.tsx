import type { PublicPath } from '@shared/public-routes';
import { LegalDocument } from '../components/LegalSections';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/** The privacy policy and the terms: one legal document under its title. */
function LegalPage({
  path,
  title,
  document,
}: {
  path: PublicPath;
  title: string;
  document: 'privacy' | 'terms';
}) {
  usePageMeta(topLevelMeta(path, title));
  return (
    <article className="container page legal">
      <h1>{title}</h1>
      <LegalDocument document={document} contactClassName="legal-contact" />
    </article>
  );
}

export const PrivacyPage = () => (
  <LegalPage path="/privacy" title="Kebijakan Privasi" document="privacy" />
);

export const TermsPage = () => (
  <LegalPage path="/terms" title="Syarat dan Ketentuan" document="terms" />
);
