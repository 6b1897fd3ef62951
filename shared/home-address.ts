// The home page's state lives in its address (spec section 4): ?category=slug, ?page=N (only
// above 1), ?search=term, and ?produk=id for an open product. One parser, read by the server
// render (api/src/ssr/load-data.ts) and by the browser, so both draw the same page.
import { MAX_LENGTH } from './constants';

export interface HomeParams {
  /** The category slug as written; whether it exists is the caller's question. */
  category: string | null;
  /** 1 for anything but 1 to 7 plain digits (page=0, -1, 1e9, 2.5, abc). */
  page: number;
  /** Trimmed; '' when there is no search. A search outranks the category. */
  search: string;
  /** The open product's id as written; whether it is one is the caller's question. */
  product: string | null;
}

export const PRODUCT_PARAM = 'produk';

/** Pages past ten million are no page a visitor reached by paging: they read as page 1. */
function positivePage(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** Repeated parameters (?page=2&page=3) count once: the first, as URLSearchParams.get reads. */
export function readHomeParams(params: URLSearchParams): HomeParams {
  return {
    category: params.get('category')?.trim() || null,
    page: positivePage(params.get('page')),
    search: params.get('search')?.trim() ?? '',
    product: params.get(PRODUCT_PARAM)?.trim() || null,
  };
}

/** The part of a search the API is asked for: the address may hold more than it accepts. */
export function searchTerm(search: string): string {
  return search.slice(0, MAX_LENGTH.search);
}

/** Builds '?category=x&page=2' style queries; page 1 and empty values are left out. */
export function homeSearch(next: Partial<HomeParams>): string {
  const params = new URLSearchParams();
  if (next.search) params.set('search', next.search);
  else if (next.category) params.set('category', next.category);
  if (next.page && next.page > 1) params.set('page', String(next.page));
  if (next.product) params.set(PRODUCT_PARAM, next.product);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The same query with the open product set or removed, other parameters untouched. */
export function withProduct(search: string, productId: string | null): string {
  const params = new URLSearchParams(search);
  if (productId) params.set(PRODUCT_PARAM, productId);
  else params.delete(PRODUCT_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}
