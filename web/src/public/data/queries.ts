import { QueryClient, useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@shared/constants';
import { categoryCountClaim } from '@shared/rules/category';
import type { Product } from '@shared/types';
import {
  fetchActivePopups,
  fetchFallback,
  fetchCategories,
  fetchContent,
  fetchFaqs,
  fetchFeatured,
  fetchPlatformLinks,
  fetchPriceHistory,
  fetchProduct,
  fetchProductPage,
  fetchPromoPage,
  fetchSearchPage,
  type ContentKey,
} from './api';
import { queryKeys } from './query-keys';

/** Spec section 7: cached data never goes stale on its own; no focus refetch, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 30 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
    },
  });
}

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.categories, queryFn: fetchCategories });

/**
 * The spec's category claim ('31+', '30+'), or the real count once the catalogue has more,
 * so the hero, the nav badge, the footer and /kategori never contradict each other.
 */
export function useCategoryClaim(minimum: number): string {
  return categoryCountClaim(useCategories().data?.length, minimum);
}

export const useContent = (key: ContentKey) =>
  useQuery({ queryKey: queryKeys.content(key), queryFn: () => fetchContent(key) });

const keepPrevious = <T>(previous: T | undefined) => previous;

export const useProductPage = (
  categoryId: string | null,
  page: number,
  enabled: boolean,
  listing = '',
) =>
  useQuery({
    queryKey: queryKeys.productPage(categoryId, page, listing),
    queryFn: () => fetchProductPage(page, categoryId, listing),
    enabled,
    // A new sort or filter keeps the old list on screen until the new one arrives.
    placeholderData: listing ? keepPrevious : undefined,
  });

/** One ranked page of a search, searched on the server. */
export const useSearchPage = (search: string, page: number, enabled: boolean, listing = '') =>
  useQuery({
    queryKey: queryKeys.searchPage(search, page, listing),
    queryFn: () => fetchSearchPage(search, page, listing),
    enabled,
    placeholderData: listing ? keepPrevious : undefined,
  });

/** One page of today's promo with the address's sort and filters (and the facets). */
export const usePromoPage = (page: number, listing: string) =>
  useQuery({
    queryKey: queryKeys.promoPage(page, listing),
    queryFn: () => fetchPromoPage(page, listing),
    placeholderData: keepPrevious,
  });

/** The promo/popular fallback ranking: only fetched while it is needed (nothing featured). */
const useFallback = (kind: 'promo' | 'popular', enabled: boolean) =>
  useQuery({ queryKey: queryKeys.fallback(kind), queryFn: () => fetchFallback(kind), enabled });

const useFeatured = (kind: 'promo' | 'popular') =>
  useQuery({ queryKey: queryKeys.featured(kind), queryFn: () => fetchFeatured(kind) });

/**
 * The promo or popular page's products: the ones the admin featured, or, when none is,
 * `pickFallback`'s choice from the whole catalogue (read only then).
 */
export function useFeaturedOrFallback(
  kind: 'promo' | 'popular',
  pickFallback: (all: readonly Product[]) => Product[],
) {
  const featured = useFeatured(kind);
  const needsFallback = featured.data !== undefined && featured.data.length === 0;
  const all = useFallback(kind, needsFallback);
  const products = needsFallback ? pickFallback(all.data ?? []) : (featured.data ?? []);
  const loading = featured.isPending || (needsFallback && all.isPending);
  return { products, loading };
}

export const useProduct = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.product(id ?? ''),
    queryFn: () => fetchProduct(id ?? ''),
    enabled: id !== null,
  });

export const usePlatformLinks = (productId: string | null) =>
  useQuery({
    queryKey: queryKeys.platformLinks(productId ?? ''),
    queryFn: () => fetchPlatformLinks(productId ?? ''),
    enabled: productId !== null,
    staleTime: TIMINGS.platformLinksCache,
  });

/** Kept as long as the links: prices change when an admin edits them. */
export const usePriceHistory = (productId: string | null, days?: number) =>
  useQuery({
    queryKey: queryKeys.priceHistory(productId ?? '', days),
    queryFn: () => fetchPriceHistory(productId ?? '', days),
    enabled: productId !== null,
    staleTime: TIMINGS.platformLinksCache,
    // A new range keeps the same product's chart in place until its prices arrive.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === productId ? previous : undefined,
  });

export const useFaqs = () => useQuery({ queryKey: queryKeys.faqs, queryFn: fetchFaqs });

/** Polled every 60 s (spec section 4); keyed by path, sent with the full page address. */
export const useActivePopups = (path: string, url: string) =>
  useQuery({
    queryKey: queryKeys.popups(path),
    queryFn: () => fetchActivePopups(url),
    refetchInterval: TIMINGS.popupPoll,
  });
