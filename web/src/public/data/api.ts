import { createApiClient, isApiError } from '@shared/api-client';
import { FALLBACK_PRODUCTS, LIMITS, MAX_LENGTH } from '@shared/constants';
import { searchTerm } from '@shared/home-address';
import { PRICE_HISTORY_DAYS, type PriceHistory } from '@shared/rules/price-history';
import type {
  CategoryWithCount,
  ContentBlock,
  Faq,
  PlatformLink,
  Popup,
  Product,
  ProductListResponse,
  SearchSuggestions,
} from '@shared/types';

const api = createApiClient();

export type ContentKey = 'contact_us' | 'homepage_hero';

/** Spec section 8: a failed product list is reported with its own message. */
async function withMessage<T>(promise: Promise<T>, message: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw new Error(message, { cause: error });
  }
}

export const fetchCategories = () => api.get<CategoryWithCount[]>('/api/categories');

/** `listing`: the sort, filters and facets part of the query (shared/schemas/listing.ts). */
const listingQuery = (listing: string) => Object.fromEntries(new URLSearchParams(listing));

export const fetchProductPage = (page: number, categoryId: string | null, listing = '') =>
  withMessage(
    api.get<ProductListResponse>('/api/products', {
      query: {
        page,
        limit: LIMITS.pageSize,
        categoryId: categoryId ?? undefined,
        ...listingQuery(listing),
      },
    }),
    'Failed to fetch products',
  );

/** One page of today's promo (the promo page), with its sort and filters. */
export const fetchPromoPage = (page: number, listing = '') =>
  withMessage(
    api.get<ProductListResponse>('/api/products', {
      query: { promo: 'true', page, limit: FALLBACK_PRODUCTS, ...listingQuery(listing) },
    }),
    'Failed to fetch products',
  );

/** One ranked page of 12 of a search over the whole catalogue (the server searches). */
export const fetchSearchPage = (search: string, page: number, listing = '') =>
  withMessage(
    api.get<ProductListResponse>('/api/products', {
      query: { page, limit: LIMITS.pageSize, search: searchTerm(search), ...listingQuery(listing) },
    }),
    'Failed to fetch products',
  );

export const fetchSuggestions = (q: string, signal?: AbortSignal) =>
  api.get<SearchSuggestions>('/api/search/suggest', {
    query: { q: q.slice(0, MAX_LENGTH.search) },
    signal,
  });

/** The promo/popular fallback ranking when nothing is featured: one page, ranked by the server. */
export const fetchFallback = (kind: 'promo' | 'popular') =>
  withMessage(
    api.get<Product[]>(`/api/products/fallback/${kind}`),
    'Failed to fetch all products for search',
  );

export const fetchFeatured = (kind: 'promo' | 'popular') =>
  api.get<Product[]>(`/api/products/featured/${kind}`);

/** A product that is missing or no longer active is null, not an error. */
export async function fetchProduct(id: string): Promise<Product | null> {
  try {
    return await api.get<Product>(`/api/products/${encodeURIComponent(id)}`);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const fetchPlatformLinks = (productId: string) =>
  api.get<PlatformLink[]>(`/api/platform-links/${encodeURIComponent(productId)}`);

/** 90 days of prices per platform; a product that is gone has none (null, not an error). */
export async function fetchPriceHistory(
  productId: string,
  days?: number,
): Promise<PriceHistory | null> {
  try {
    return await api.get<PriceHistory>(
      `/api/products/${encodeURIComponent(productId)}/price-history?days=${days ?? PRICE_HISTORY_DAYS.default}`,
    );
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Missing or inactive content is null; the pages then use the spec's defaults. */
export async function fetchContent(key: ContentKey): Promise<ContentBlock | null> {
  try {
    return await api.get<ContentBlock>(`/api/content/${key}`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const fetchFaqs = () => api.get<Faq[]>('/api/faqs');

export const fetchActivePopups = (url: string) =>
  api.get<Popup[]>('/api/popups/active', { query: { url } });
