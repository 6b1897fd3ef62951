import type { ReactNode } from 'react';
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

/** A full-width band of the home page under its centred heading. */
function HomeSection({
  name,
  title,
  subtitle,
  children,
}: {
  name: 'partners' | 'features';
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section className={`section ${name}`} aria-labelledby={`${name}-title`}>
      <div className="container">
        <h2 id={`${name}-title`} className="section-title">
          {title}
        </h2>
        {subtitle && <p className="section-subtitle">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}

export function PartnersSection() {
  return (
    <HomeSection
      name="partners"
      title="Partner Marketplace Kami"
      subtitle="Promo dari 6 marketplace terbesar di Indonesia"
    >
      <PartnerList />
    </HomeSection>
  );
}

export function FeaturesSection() {
  return (
    <HomeSection name="features" title="Kenapa DiskonRadar?">
      <FeatureList features={FEATURES} />
    </HomeSection>
  );
}
