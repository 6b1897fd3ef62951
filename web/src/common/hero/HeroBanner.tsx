// Shown on both sides: the home page, and the admin's live preview of the homepage_hero content.
// Plain React and CSS (no Mantine): the public bundle imports it.
import { PRODUCTS_SECTION_ID, scrollToElement } from '../scroll';
import { SITE_CLAIMS } from '../site-claims';
import { withCategoryClaim } from './category-claim-text';

// Styles: hero.css beside it (imported by the site's site.css, and by the admin's hero preview).

/** What the hero shows; the admin's live preview passes the form's values. */
export interface HeroBannerProps {
  mainTitle: string;
  subtitle: string;
  ctaText: string;
  platforms: readonly string[];
  /** An http(s) or site-relative image behind the gradient (shown from tablet width up). */
  backgroundImage: string;
  /** The category figure: the real count when it is above the spec's minimum claim. */
  categoryClaim?: string;
  /** The admin preview shows the banner without scrolling anywhere. */
  onCta?: () => void;
}

/** The hero banner itself, the same on the home page and in the admin's live preview. */
export function HeroBanner({
  mainTitle,
  subtitle,
  ctaText,
  platforms,
  backgroundImage,
  categoryClaim = `${SITE_CLAIMS.categories}+`,
  onCta = () => scrollToElement(PRODUCTS_SECTION_ID),
}: HeroBannerProps) {
  return (
    <section
      className="hero"
      aria-labelledby="hero-title"
      style={{ ['--hero-image' as string]: `url("${encodeURI(backgroundImage)}")` }}
    >
      <div className="container hero-inner">
        <p className="hero-kicker">🔥 Diskon hingga 70% hari ini</p>
        <h1 id="hero-title" className="hero-title">
          {withCategoryClaim(mainTitle, categoryClaim)}
        </h1>
        <p className="hero-subtitle">{withCategoryClaim(subtitle, categoryClaim)}</p>
        <a
          href={`#${PRODUCTS_SECTION_ID}`}
          className="button button-cta hero-cta"
          onClick={(event) => {
            event.preventDefault();
            onCta();
          }}
        >
          {ctaText}
        </a>
        <ul className="hero-stats">
          <li>
            <strong>6</strong> Marketplace
          </li>
          <li>
            <strong>{categoryClaim}</strong> Kategori
          </li>
          <li>
            <strong>70%</strong> Diskon maks.
          </li>
        </ul>
        <ul className="hero-platforms" aria-label="Marketplace">
          {platforms.map((platform) => (
            <li key={platform}>{platform}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
