// One place for the cache keys, so the server's seeded data and the browser's hooks meet.
import { PRICE_HISTORY_DAYS } from '@shared/rules/price-history';
import type { ContentKey } from './api';

export const queryKeys = {
  categories: ['categories'] as const,
  content: (key: ContentKey) => ['content', key] as const,
  /** `listing`: the page's sort, filters and facets as a query string ('' for none). */
  productPage: (categoryId: string | null, page: number, listing = '') =>
    ['products', 'page', categoryId ?? 'all', page, listing] as const,
  searchPage: (search: string, page: number, listing = '') =>
    ['products', 'search', search, page, listing] as const,
  promoPage: (page: number, listing = '') => ['products', 'promo', page, listing] as const,
  suggestions: (q: string) => ['suggest', q] as const,
  /** The help of a search that found nothing: the address's term, as typed. */
  searchHelp: (search: string) => ['search-help', search] as const,
  fallback: (kind: 'promo' | 'popular') => ['products', 'fallback', kind] as const,
  featured: (kind: 'promo' | 'popular') => ['products', 'featured', kind] as const,
  product: (id: string) => ['product', id] as const,
  platformLinks: (productId: string) => ['platform-links', productId] as const,
  /** The server seeds the default range (90 days); the chart's range buttons ask for others. */
  priceHistory: (productId: string, days: number = PRICE_HISTORY_DAYS.default) =>
    ['price-history', productId, days] as const,
  faqs: ['faqs'] as const,
  popups: (path: string) => ['popups', path] as const,
};
