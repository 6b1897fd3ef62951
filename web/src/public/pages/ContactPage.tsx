import { LIMITS } from '@shared/constants';
import { hasSocialLinks, parseContactContent } from '@shared/rules/content';
import type { Faq } from '@shared/types';
import { FaqList } from '../components/FaqList';
import { MailIcon, PhoneIcon, PinIcon, SocialIcon, ClockIcon } from '../components/site-icons';
import { TileSkeletons } from '../components/Skeletons';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '../content/site';
import { useContent, useFaqs } from '../data/queries';
import { safeUrl } from '../../common/safe-url';
import { chatLink } from '../lib/whatsapp';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/** Spec section 5: only active FAQs (the API sends only those), by order, at most 5. */
export function contactFaqs(faqs: readonly Faq[]): Faq[] {
  return faqs
    .filter((faq) => faq.isActive)
    .sort((a, b) => a.order - b.order)
    .slice(0, LIMITS.contactFaqCap);
}

const SOCIAL_NAMES = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
} as const;

export function ContactPage() {
  const contentQuery = useContent('contact_us');
  const faqsQuery = useFaqs();
  const contact = parseContactContent(contentQuery.data?.data);
  const email = contact.email || SUPPORT_EMAIL;
  const faqs = contactFaqs(faqsQuery.data ?? []);
  usePageMeta({
    ...topLevelMeta('/contact', 'Kontak'),
    faqs: faqs.map(({ question, answer }) => ({ question, answer })),
  });

  if (contentQuery.isPending) {
    return (
      <div className="container page">
        <h1>Hubungi Kami</h1>
        <TileSkeletons count={3} testId="contact-skeleton" />
      </div>
    );
  }

  const cards = [
    {
      title: 'Dukungan Pelanggan',
      text: 'Pertanyaan seputar produk, promo atau link yang tidak berfungsi.',
    },
    { title: 'Kemitraan', text: 'Kerja sama brand, toko resmi dan program afiliasi.' },
    { title: 'Pertanyaan Bisnis', text: 'Media, iklan dan peluang bisnis lainnya.' },
  ];
  const socials = (Object.keys(SOCIAL_NAMES) as (keyof typeof SOCIAL_NAMES)[])
    .map((key) => ({ key, url: safeUrl(contact.socialMedia[key]) }))
    .filter((s): s is { key: keyof typeof SOCIAL_NAMES; url: string } => s.url !== null);

  return (
    <div className="container page">
      <header className="page-header">
        <h1>Hubungi Kami</h1>
        <p className="page-lead">
          {contact.description ||
            'Ada pertanyaan, saran atau ingin bekerja sama? Tim DiskonRadar siap membantu.'}
        </p>
      </header>
      <ul className="contact-cards">
        {cards.map((card) => (
          <li key={card.title} className="contact-card">
            <MailIcon />
            <h2>{card.title}</h2>
            <p>{card.text}</p>
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        ))}
      </ul>
      <div className="contact-columns">
        <section className="info-card" aria-labelledby="service-title">
          <h2 id="service-title">Informasi Layanan</h2>
          {/* Three kinds of hours, each named for what it is: the chat, the email team and
              (in the next card) the office. */}
          <dl className="hours-list">
            <div>
              <dt>Chat WhatsApp</dt>
              <dd>{SUPPORT_HOURS}</dd>
            </div>
            <div>
              <dt>Balasan email dan formulir</dt>
              <dd>
                <strong>Waktu respons:</strong> 1-2 hari kerja
              </dd>
              <dd>
                <strong>Jam kerja tim:</strong> Senin-Jumat 09:00-17:00 WIB
              </dd>
              <dd>Tutup pada akhir pekan dan hari libur nasional.</dd>
            </div>
          </dl>
          {contact.whatsapp ? (
            <a
              className="button button-whatsapp"
              href={chatLink(contact.whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Chat via WhatsApp
            </a>
          ) : null}
        </section>
        <section className="info-card" aria-labelledby="address-title">
          <h2 id="address-title">{contact.companyName}</h2>
          <ul className="icon-list">
            {contact.address ? (
              <li>
                <PinIcon /> <span>{contact.address}</span>
              </li>
            ) : null}
            {contact.phone ? (
              <li>
                <PhoneIcon />{' '}
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              </li>
            ) : null}
            <li>
              <ClockIcon />
              <span>
                <strong>Jam buka kantor</strong>
                <br />
                Senin-Jumat: {contact.businessHours.weekdays}
                <br />
                Sabtu-Minggu: {contact.businessHours.weekend}
              </span>
            </li>
          </ul>
          {hasSocialLinks(contact) && socials.length > 0 ? (
            <div className="socials">
              <h3>Ikuti Kami</h3>
              <ul>
                {socials.map((social) => (
                  <li key={social.key}>
                    <a
                      href={social.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={SOCIAL_NAMES[social.key]}
                      className="social-link"
                    >
                      <SocialIcon name={social.key} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      </div>
      {faqs.length > 0 ? (
        <section aria-labelledby="contact-faq-title" className="contact-faq">
          <h2 id="contact-faq-title" className="section-title left">
            Pertanyaan yang Sering Diajukan
          </h2>
          <FaqList faqs={faqs} />
        </section>
      ) : null}
    </div>
  );
}
