import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FeatureList, PartnerList } from '../components/HomeSections';
import { STATS } from '../content/site';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

const VALUES = [
  {
    icon: '🎯',
    title: 'Akurat',
    text: 'Diskon dan harga kami periksa agar kamu tidak tertipu promo palsu.',
  },
  {
    icon: '🤝',
    title: 'Transparan',
    text: 'Kami terbuka soal link afiliasi: gratis untukmu, komisi dari marketplace.',
  },
  {
    icon: '⚡',
    title: 'Cepat',
    text: 'Promo terbaru muncul setiap hari, flash sale diperbarui tiap pagi.',
  },
  {
    icon: '💚',
    title: 'Peduli',
    text: 'Kami membantu keluarga Indonesia berbelanja lebih hemat setiap hari.',
  },
];

const STEPS = [
  {
    title: 'Cari & Pilih',
    text: 'Cari produk atau jelajahi kategori, lalu pilih diskon yang kamu suka.',
  },
  { title: 'Klik Link', text: 'Bandingkan harga dan klik tombol marketplace favoritmu.' },
  { title: 'Hemat!', text: 'Belanja di marketplace dengan harga diskon, tanpa biaya tambahan.' },
];

/** A section of the about page under its left-aligned heading. */
function AboutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title left">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AboutPage() {
  usePageMeta(topLevelMeta('/tentang', 'Tentang'));
  return (
    <div className="container page">
      <header className="page-header">
        <h1>Tentang DiskonRadar</h1>
        <p className="page-lead">
          Radar diskon untuk belanja online di Indonesia: satu tempat untuk promo terbaik dari 6
          marketplace.
        </p>
      </header>
      <section className="mission" aria-labelledby="mission-title">
        <h2 id="mission-title">Misi Kami</h2>
        <p>
          Membantu setiap orang Indonesia berbelanja lebih hemat dengan menemukan diskon yang
          benar-benar menguntungkan, tanpa harus membuka banyak aplikasi. DiskonRadar gratis
          digunakan; kami mendapat komisi dari marketplace saat kamu membeli lewat link kami.
        </p>
      </section>
      <AboutSection id="values-title" title="Nilai Kami">
        <FeatureList features={VALUES} className="feature-grid four" />
      </AboutSection>
      <AboutSection id="stats-title" title="Pencapaian Kami">
        <ul className="stats-grid">
          {STATS.map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </AboutSection>
      <AboutSection id="about-partners-title" title="Partner Marketplace">
        <PartnerList />
      </AboutSection>
      <AboutSection id="how-title" title="Cara Kerja">
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </AboutSection>
      <aside className="cta-box">
        <h2>Siap berburu diskon?</h2>
        <p>Mulai jelajahi ribuan produk diskon atau hubungi kami untuk kerja sama.</p>
        <div className="cta-actions">
          <Link to="/" className="button button-primary">
            Mulai Cari Diskon
          </Link>
          <Link to="/contact" className="button button-light">
            Hubungi Kami
          </Link>
        </div>
      </aside>
    </div>
  );
}
