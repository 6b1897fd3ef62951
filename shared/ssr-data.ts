// What the server hands to render(url, data): the route's data, loaded by calling the API's
// own functions, so the first paint waits on no API call from the browser.
import type {
  CategoryWithCount,
  ContentBlock,
  Faq,
  MetaTag,
  PlatformLink,
  Popup,
  Product,
  ProductListResponse,
  SearchSuggestions,
} from '@shared/types';
import type { PriceHistory } from '@shared/rules/price-history';

export interface SiteConfig {
  /** Public IP-geolocation service for the tracking session; '' disables the look-up. */
  geoLookupUrl: string;
}

export interface SsrData {
  /** Origin for canonical and Open Graph addresses, e.g. 'https://diskonradar.id'. */
  origin: string;
  /** Server clock in epoch ms; clocks and countdowns render from it. */
  now: number;
  config: SiteConfig;
  categories?: CategoryWithCount[];
  /** null when the block is missing or inactive (the page uses its defaults). */
  content?: Partial<Record<'contact_us' | 'homepage_hero', ContentBlock | null>>;
  /** `listing`: the address's sort, filters and facets as an API query ('' for none). */
  productPage?: {
    categoryId: string | null;
    page: number;
    response: ProductListResponse;
    listing?: string;
  };
  /** /promo-hari-ini: one page of today's promo with the address's sort, filters and facets. */
  promoPage?: { page: number; response: ProductListResponse; listing: string };
  /** /?search=term&page=N: the ranked page of 12, searched on the server. */
  searchPage?: { search: string; page: number; response: ProductListResponse; listing?: string };
  /** A search that found nothing: its spelling and categories (today's promos: `featured`). */
  searchHelp?: { search: string; help: SearchSuggestions };
  /** page=1&limit=1000: the promo/popular fallbacks. */
  /** The promo or popular page's fallback ranking, when nothing is featured. */
  fallback?: Partial<Record<'promo' | 'popular', Product[]>>;
  featured?: Partial<Record<'promo' | 'popular', Product[]>>;
  faqs?: Faq[];
  product?: {
    id: string;
    product: Product | null;
    links: PlatformLink[];
    /** 90 days of prices, so the 30-day verdict is in the HTML; null when the product is gone. */
    priceHistory?: PriceHistory | null;
  };
  popups?: { path: string; popups: Popup[] };
  metaTags?: MetaTag[];
}

export interface RenderResult {
  html: string;
  /** Everything that goes into <head> after the built assets: title, meta, links, JSON-LD. */
  head: string;
  /** The dehydrated query cache and config, as JSON with '<' escaped. */
  state: string;
  status: number;
}
