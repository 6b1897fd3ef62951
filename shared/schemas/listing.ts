import { z } from 'zod';
import { PLATFORMS, type Platform } from '../constants';

/**
 * Sorting and filters of the public listing (docs/contracts.md, "Shopping"), one schema for
 * `GET /api/products` (a wrong value is a 400 with an Indonesian message) and for the public
 * addresses (`parseListingParams`: a wrong value is dropped, a shared link never breaks).
 */
export const LISTING_SORTS = [
  'relevance',
  'newest',
  'discount',
  'price_asc',
  'price_desc',
  'saving',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SORT_LABELS: Record<ListingSort, string> = {
  relevance: 'Paling relevan',
  newest: 'Terbaru',
  discount: 'Diskon terbesar',
  price_asc: 'Harga terendah',
  price_desc: 'Harga tertinggi',
  saving: 'Hemat terbanyak',
};

/** The facet buckets: rupiah price ranges (max exclusive, null = no upper end) and discounts. */
export const PRICE_RANGES: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 100_000 },
  { min: 100_000, max: 250_000 },
  { min: 250_000, max: 500_000 },
  { min: 500_000, max: 1_000_000 },
  { min: 1_000_000, max: 5_000_000 },
  { min: 5_000_000, max: null },
];
export const DISCOUNT_STEPS = [10, 20, 30, 50, 70] as const;

const MAX_RUPIAH = 1_000_000_000_000;

const platformByName = new Map<string, Platform>(PLATFORMS.map((p) => [p.toLowerCase(), p]));

const fields = {
  sort: z
    .string()
    .refine((value) => (LISTING_SORTS as readonly string[]).includes(value), {
      message: `Urutan tidak dikenal; pilih salah satu: ${LISTING_SORTS.join(', ')}`,
    })
    .transform((value) => value as ListingSort),
  platform: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine((names) => names.every((name) => platformByName.has(name.toLowerCase())), {
      message: `Marketplace tidak dikenal; pilih dari: ${PLATFORMS.join(', ')}`,
    })
    .transform((names) =>
      PLATFORMS.filter((p) => names.some((name) => name.toLowerCase() === p.toLowerCase())),
    ),
  minPrice: rupiah('Harga minimum'),
  maxPrice: rupiah('Harga maksimum'),
  minDiscount: z
    .string()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 99, {
      message: 'Diskon minimum harus angka 1 sampai 99 (persen)',
    })
    .transform(Number),
  inStock: flag('Stok tersedia'),
  facets: flag('facets'),
};

function rupiah(label: string) {
  return z
    .string()
    .refine((value) => /^\d{1,13}$/.test(value) && Number(value) <= MAX_RUPIAH, {
      message: `${label} harus angka rupiah tanpa titik, misalnya 200000`,
    })
    .transform(Number);
}

function flag(label: string) {
  return z
    .string()
    .refine((value) => value === 'true' || value === 'false', {
      message: `${label} harus true atau false`,
    })
    .transform((value) => value === 'true');
}

export interface ListingFilters {
  sort?: ListingSort;
  platforms: Platform[];
  minPrice?: number;
  maxPrice?: number;
  minDiscount?: number;
  inStock: boolean;
}

/** The listing parameters of a query string, to spread into a route's own query object. */
export const listingQueryFields = {
  sort: fields.sort.optional(),
  platform: fields.platform.optional(),
  minPrice: fields.minPrice.optional(),
  maxPrice: fields.maxPrice.optional(),
  minDiscount: fields.minDiscount.optional(),
  inStock: fields.inStock.optional(),
  facets: fields.facets.optional(),
};

/** The check across fields, for `.refine` on any object holding listingQueryFields. */
export const priceOrderCheck: [
  (query: { minPrice?: number; maxPrice?: number }) => boolean,
  { message: string; path: string[] },
] = [
  (query) =>
    query.minPrice === undefined ||
    query.maxPrice === undefined ||
    query.minPrice <= query.maxPrice,
  { message: 'Harga minimum tidak boleh melebihi harga maksimum', path: ['minPrice'] },
];

/** The listing parameters alone; unknown keys pass (paging, category, search). */
export const listingQuerySchema = z.object(listingQueryFields).refine(...priceOrderCheck);

export type ListingQuery = z.output<typeof listingQuerySchema>;

/** The filters of a parsed query, in the one shape the server and the pages use. */
export function listingFilters(query: Omit<ListingQuery, 'facets'>): ListingFilters {
  return {
    sort: query.sort,
    platforms: query.platform ?? [],
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    minDiscount: query.minDiscount,
    inStock: query.inStock ?? false,
  };
}

/**
 * The sort a listing really uses: relevance only with a search (without one it reads as the
 * default, newest), and relevance is the default of a search.
 */
export function effectiveSort(sort: ListingSort | undefined, hasSearch: boolean): ListingSort {
  if (!sort) return hasSearch ? 'relevance' : 'newest';
  if (sort === 'relevance' && !hasSearch) return 'newest';
  return sort;
}

/**
 * The filters of a public address, leniently: each value that does not parse is dropped, and
 * a minimum above the maximum drops both.
 */
export function parseListingParams(params: Record<string, string | undefined>): ListingFilters {
  const pick = <T>(schema: z.ZodType<T>, raw: string | undefined): T | undefined => {
    if (raw === undefined || raw === '') return undefined;
    const result = schema.safeParse(raw);
    return result.success ? result.data : undefined;
  };
  let minPrice = pick(fields.minPrice, params.minPrice);
  let maxPrice = pick(fields.maxPrice, params.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  return {
    sort: pick(fields.sort, params.sort),
    platforms: pick(fields.platform, params.platform) ?? [],
    minPrice,
    maxPrice,
    minDiscount: pick(fields.minDiscount, params.minDiscount),
    inStock: pick(fields.inStock, params.inStock) ?? false,
  };
}

/** The filters as address parameters, in a fixed order (equal filters, equal addresses). */
export function listingParams(filters: ListingFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.sort) out.push(['sort', filters.sort]);
  if (filters.platforms.length > 0) out.push(['platform', filters.platforms.join(',')]);
  if (filters.minPrice !== undefined) out.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) out.push(['maxPrice', String(filters.maxPrice)]);
  if (filters.minDiscount !== undefined) out.push(['minDiscount', String(filters.minDiscount)]);
  if (filters.inStock) out.push(['inStock', 'true']);
  return out;
}

/** Whether any filter (not the sort) is set. */
export const hasListingFilters = (filters: ListingFilters) =>
  filters.platforms.length > 0 ||
  filters.minPrice !== undefined ||
  filters.maxPrice !== undefined ||
  filters.minDiscount !== undefined ||
  filters.inStock;

export interface ListingFacets {
  platforms: { platform: Platform; count: number }[];
  priceRanges: { min: number; max: number | null; count: number }[];
  discounts: { min: number; count: number }[];
  /**
   * A search with more than SEARCH_COUNT_CAP matches: the facets counted its newest
   * SEARCH_COUNT_CAP matches only (a bounded sample), so each count is a lower bound ("120+").
   */
  capped?: boolean;
}

/**
 * The filters of a page address. A plain GET form sends one `platform` per ticked box, the
 * API's clients one comma-separated list: both read the same.
 */
export function readListingParams(params: URLSearchParams): ListingFilters {
  const value = (name: string) => params.get(name) ?? undefined;
  return parseListingParams({
    sort: value('sort'),
    platform: params.getAll('platform').join(',') || undefined,
    minPrice: value('minPrice'),
    maxPrice: value('maxPrice'),
    minDiscount: value('minDiscount'),
    inStock: value('inStock'),
  });
}

/** The listing part of an API query: the filters, and facets when the page shows counts. */
export function listingApiQuery(filters: ListingFilters, facets: boolean): string {
  const params = new URLSearchParams(listingParams(filters));
  if (facets) params.set('facets', 'true');
  return params.toString();
}
