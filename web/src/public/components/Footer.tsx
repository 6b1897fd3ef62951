import { useState } from 'react';
import { Link } from 'react-router-dom';
import { parseContactContent } from '@shared/rules/content';
import { contactFaqs } from '@shared/rules/faq';
import { FOOTER_CATEGORIES, SUPPORT_EMAIL, SUPPORT_HOURS } from '../content/site';
import { SITE_CLAIMS } from '../../common/site-claims';
import { useCategoryClaim, useContent, useFaqs } from '../data/queries';
import { homeSearch } from '@shared/home-address';
import { useSite } from '../lib/site-context';
import { chatLink } from '../lib/whatsapp';
import { Dialog } from './Dialog';
import { FaqList } from './FaqList';
import { LegalDocument } from './LegalSections';
import { Logo } from './Logo';

type HelpModal = 'privacy' | 'terms' | 'contact' | 'faq';

const HELP_LINKS: { id: HelpModal; label: string }[] = [
  { id: 'privacy', label: 'Kebijakan Privasi' },
  { id: 'terms', label: 'Syarat & Ketentuan' },
  { id: 'contact', label: 'Hubungi Kami' },
  { id: 'faq', label: 'FAQ' },
];

const LEGAL_TITLES = { privacy: 'Kebijakan Privasi', terms: 'Syarat & Ketentuan' };

/** The spec's footer FAQ modal holds 6 items: the first active FAQs staff manage, by order. */
const FOOTER_FAQ_COUNT = 6;

function FooterFaqs({ onClose }: { onClose(): void }) {
  const { data, isPending, isError } = useFaqs();
  if (isPending) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Memuat FAQ...
      </p>
    );
  }
  const faqs = contactFaqs(data ?? [], FOOTER_FAQ_COUNT);
  if (isError || faqs.length === 0) {
    return (
      <p>
        {isError ? 'FAQ belum dapat dimuat.' : 'Belum ada pertanyaan yang sering diajukan.'}{' '}
        <Link to="/contact" onClick={onClose}>
          Hubungi kami
        </Link>{' '}
        untuk pertanyaan lain.
      </p>
    );
  }
  return <FaqList faqs={faqs} />;
}

function HelpDialog({ modal, onClose }: { modal: HelpModal; onClose(): void }) {
  const { data } = useContent('contact_us');
  const contact = parseContactContent(data?.data);
  switch (modal) {
    case 'privacy':
    case 'terms':
      return (
        <Dialog title={LEGAL_TITLES[modal]} onClose={onClose} className="dialog-wide">
          <LegalDocument
            document={modal}
            headingLevel={3}
            contactExtra={
              <Link to={`/${modal}`} onClick={onClose}>
                Buka halaman lengkap
              </Link>
            }
          />
        </Dialog>
      );
    case 'contact':
      return (
        <Dialog title="Hubungi Kami" onClose={onClose}>
          <ul className="plain-list">
            <li>
              Email:{' '}
              <a href={`mailto:${contact.email || SUPPORT_EMAIL}`}>
                {contact.email || SUPPORT_EMAIL}
              </a>
            </li>
            {contact.whatsapp ? (
              <li>
                WhatsApp:{' '}
                <a href={chatLink(contact.whatsapp)} target="_blank" rel="noopener noreferrer">
                  Chat sekarang
                </a>
              </li>
            ) : null}
            <li>Chat WhatsApp: {SUPPORT_HOURS}</li>
            <li>Balasan email: 1-2 hari kerja</li>
          </ul>
          <p>
            <Link to="/contact" onClick={onClose} className="button button-primary">
              Buka Halaman Kontak
            </Link>
          </p>
        </Dialog>
      );
    case 'faq':
      return (
        <Dialog title="Pertanyaan yang Sering Diajukan" onClose={onClose} className="dialog-wide">
          <FooterFaqs onClose={onClose} />
        </Dialog>
      );
  }
}

export function Footer() {
  const [modal, setModal] = useState<HelpModal | null>(null);
  const { renderedAt } = useSite();
  const year = new Date(renderedAt || Date.now()).getFullYear();
  const categoryClaim = useCategoryClaim(SITE_CLAIMS.categories);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo light />
          <p>
            Diskon hingga 70% dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop
            dalam {categoryClaim} kategori. Gratis digunakan.
          </p>
          <p className="footer-disclosure">
            DiskonRadar mendapat komisi dari pembelian melalui link afiliasi, tanpa biaya tambahan
            untukmu.
          </p>
        </div>
        <div>
          <h2 className="footer-heading">Kategori Populer</h2>
          <ul className="footer-links">
            {FOOTER_CATEGORIES.map((category) => (
              <li key={category.slug}>
                <Link to={{ pathname: '/', search: homeSearch({ category: category.slug }) }}>
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Jelajahi</h2>
          <ul className="footer-links">
            <li>
              <Link to="/promo-hari-ini">Promo Hari Ini</Link>
            </li>
            <li>
              <Link to="/produk-terpopuler">Produk Terpopuler</Link>
            </li>
            <li>
              <Link to="/kategori">Semua Kategori</Link>
            </li>
            <li>
              <Link to="/pantauan">Pantauan</Link>
            </li>
            <li>
              <Link to="/tentang">Tentang Kami</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Bantuan</h2>
          <ul className="footer-links">
            {HELP_LINKS.map((link) => (
              <li key={link.id}>
                <button type="button" className="link-button" onClick={() => setModal(link.id)}>
                  {link.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} DiskonRadar. Semua hak dilindungi. · <Link to="/privacy">Privasi</Link> ·{' '}
          <Link to="/terms">Ketentuan</Link>
        </p>
      </div>
      {modal ? <HelpDialog modal={modal} onClose={() => setModal(null)} /> : null}
    </footer>
  );
}
