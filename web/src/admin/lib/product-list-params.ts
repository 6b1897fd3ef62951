import type { AdminProductSort, AdminProductStatus } from '@shared/types';

export const PAGE_SIZES = [12, 24, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const PRODUCT_SORTS: { value: AdminProductSort; label: string }[] = [
  { value: 'newest', label: 'Terbaru' },
  { value: 'oldest', label: 'Terlama' },
  { value: 'title', label: 'Judul (A-Z)' },
  { value: 'discount', label: 'Diskon terbesar' },
];

export type ProductListView = 'table' | 'grid';

/** The state of 'Kelola Produk', kept in the address so a reload or a shared link keeps it. */
export interface ProductListState {
  search: string;
  /** A category id, or 'all' (the default of spec section 2). */
  categoryId: string;
  status: AdminProductStatus | 'all';
  /** 'broken': only products with a link the link checker flagged. */
  links: 'all' | 'broken';
  sort: AdminProductSort;
  page: number;
  limit: number;
  view: ProductListView;
}

export const DEFAULT_PRODUCT_LIST: ProductListState = {
  search: '',
  categoryId: 'all',
  status: 'all',
  links: 'all',
  sort: 'newest',
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  view: 'table',
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const wholeNumber = (value: string | null) =>
  value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null;

/**
 * Reads the address; anything unknown or malformed falls back to the default. Without a
 * `view` the list shows `defaultView`: cards on a phone, the table from the tablet width up.
 */
export function readProductListParams(
  params: URLSearchParams,
  defaultView: ProductListView = DEFAULT_PRODUCT_LIST.view,
): ProductListState {
  const limit = wholeNumber(params.get('limit'));
  const page = wholeNumber(params.get('page'));
  const category = params.get('category');
  return {
    search: params.get('search') ?? '',
    categoryId: category !== null && /^\d{1,10}$/.test(category) ? category : 'all',
    status: oneOf(params.get('status'), ['all', 'active', 'inactive'], 'all'),
    links: oneOf(params.get('links'), ['all', 'broken'], 'all'),
    sort: oneOf(params.get('sort'), ['newest', 'oldest', 'title', 'discount'], 'newest'),
    page: page !== null && page >= 1 ? page : 1,
    limit: PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number]) ? limit! : DEFAULT_PAGE_SIZE,
    view: oneOf(params.get('view'), ['table', 'grid'], defaultView),
  };
}

/** The address of a state: defaults are left out, so the plain screen is plain /admin/products. */
export function writeProductListParams(
  state: ProductListState,
  defaultView: ProductListView = DEFAULT_PRODUCT_LIST.view,
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim() !== '') params.set('search', state.search);
  if (state.categoryId !== 'all') params.set('category', state.categoryId);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.links !== 'all') params.set('links', state.links);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  if (state.view !== defaultView) params.set('view', state.view);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** A change of filter, sort or page size starts again at page 1. */
export function changeProductList(
  state: ProductListState,
  change: Partial<ProductListState>,
): ProductListState {
  const next = { ...state, ...change };
  const refilters = (['search', 'categoryId', 'status', 'links', 'sort', 'limit'] as const).some(
    (key) => key in change && change[key] !== state[key],
  );
  return refilters && !('page' in change) ? { ...next, page: 1 } : next;
}

/** The API's query string for a state (GET /api/admin/products). */
export function productListQuery(state: ProductListState): string {
  const params = new URLSearchParams({
    page: String(state.page),
    limit: String(state.limit),
    sort: state.sort,
  });
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.categoryId !== 'all') params.set('categoryId', state.categoryId);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.links === 'broken') params.set('linkHealth', 'broken');
  return params.toString();
}

export const isFiltered = (state: ProductListState) =>
  state.search.trim() !== '' ||
  state.categoryId !== 'all' ||
  state.status !== 'all' ||
  state.links !== 'all';
