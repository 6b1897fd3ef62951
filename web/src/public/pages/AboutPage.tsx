import { Link } from 'react-router-dom';
import { PARTNERS, STATS, platformColor, platformName } from '../content/site';
import { staticMeta } from '../seo/route-meta';
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

export function AboutPage() {
  usePageMeta({
    ...staticMeta('/tentang'),
    breadcrumbs: [
      { name: 'Beranda', path: '/' },
      { name: 'Tentang', path: '/tentang' },
    ],
  });
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
      <section aria-labelledby="values-title">
        <h2 id="values-title" className="section-title left">
          Nilai Kami
        </h2>
        <ul className="feature-grid four">
          {VALUES.map((value) => (
            <li key={value.title} className="feature-card">
              <span className="feature-icon" aria-hidden="true">
                {value.icon}
              </span>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="section-title left">
          Pencapaian Kami
        </h2>
        <ul className="stats-grid">
          {STATS.map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-partners-title">
        <h2 id="about-partners-title" className="section-title left">
          Partner Marketplace
        </h2>
        <ul className="partner-grid">
          {PARTNERS.map((partner) => (
            <li key={partner.platform} className="partner-card">
              <span
                className="partner-dot"
                style={{ background: platformColor(partner.platform) }}
                aria-hidden="true"
              />
              <strong>{platformName(partner.platform)}</strong>
              <span className="muted">{partner.users}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-title">
        <h2 id="how-title" className="section-title left">
          Cara Kerja
        </h2>
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
      </section>
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
