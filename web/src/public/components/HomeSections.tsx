import { parseHeroContent } from '@shared/rules/content';
import { FEATURES, PARTNERS, platformColor, platformName } from '../content/site';
import { SITE_CLAIMS } from '../../common/site-claims';
import { useCategoryClaim, useContent } from '../data/queries';
import { isSiteRelative } from '../../common/safe-url';
import { HeroBanner } from '../../common/hero/HeroBanner';

/** Hero: the admin's homepage_hero content, with a CTA that scrolls to the products. */
export function Hero() {
  const { data } = useContent('homepage_hero');
  const categoryClaim = useCategoryClaim(SITE_CLAIMS.categories);
  const hero = parseHeroContent(data?.data);
  // parseHeroContent accepts http(s) only; the seeded image is site-relative.
  const storedImage = (() => {
    try {
      const raw: unknown = data?.data ? JSON.parse(data.data) : null;
      const value = (raw as { backgroundImage?: unknown } | null)?.backgroundImage;
      return isSiteRelative(value) ? value : null;
    } catch {
      return null;
    }
  })();
  return (
    <HeroBanner
      {...hero}
      backgroundImage={storedImage ?? hero.backgroundImage}
      categoryClaim={categoryClaim}
    />
  );
}

/** The six marketplace partners with their colour and audience (home and about pages). */
export function PartnerList() {
  return (
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
  );
}

/** Cards of an emoji, a title and a line of text (home features, about values). */
export function FeatureList({
  features,
  className = 'feature-grid',
}: {
  features: readonly { icon: string; title: string; text: string }[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {features.map((feature) => (
        <li key={feature.title} className="feature-card">
          <span className="feature-icon" aria-hidden="true">
            {feature.icon}
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function PartnersSection() {
  return (
    <section className="section partners" aria-labelledby="partners-title">
      <div className="container">
        <h2 id="partners-title" className="section-title">
          Partner Marketplace Kami
        </h2>
        <p className="section-subtitle">Promo dari 6 marketplace terbesar di Indonesia</p>
        <PartnerList />
      </div>
    </section>
  );
}

export function FeaturesSection() {
  return (
    <section className="section features" aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title" className="section-title">
          Kenapa DiskonRadar?
        </h2>
        <FeatureList features={FEATURES} />
      </div>
    </section>
  );
}
