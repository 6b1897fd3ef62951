// The home page's state lives in the address (spec section 4): ?category=slug, ?page=N (only
// above 1), ?search=term, and ?produk=id for an open product.

export interface HomeParams {
  category: string | null;
  page: number;
  search: string;
  product: string | null;
}

export const PRODUCT_PARAM = 'produk';

function positivePage(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function readHomeParams(params: URLSearchParams): HomeParams {
  const category = params.get('category')?.trim() || null;
  const product = params.get(PRODUCT_PARAM)?.trim() || null;
  return {
    category,
    page: positivePage(params.get('page')),
    search: params.get('search')?.trim() ?? '',
    product,
  };
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
