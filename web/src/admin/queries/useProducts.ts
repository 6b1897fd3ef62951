import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ProductBulkFilter,
  ProductBulkInput,
  ProductBulkResult,
  ProductValues,
} from '@shared/schemas';
import type { AdminProductCountResponse, AdminProductListResponse, Product } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { productListQuery, type ProductListState } from '../lib/product-list-params';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

type ProductPageQuery = Omit<ProductListState, 'view'>;

/**
 * One page of the admin product list, filtered and sorted on the server, each row with its
 * links and lowest price. The previous page stays on screen while the next one loads.
 */
export function useAdminProductPage(state: ProductPageQuery, enabled = true) {
  const api = useApi();
  const query = productListQuery({ ...state, view: 'table' });
  return useQuery({
    queryKey: [...queryKeys.products, 'page', query],
    queryFn: ({ signal }) =>
      api.get<AdminProductListResponse>(`/api/admin/products?${query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * How many products the list's filters match, exact up to the bulk limit: asked only when
 * the page's count was capped and "every product that matches" is about to be offered.
 */
export function useAdminProductCount(filter: ProductBulkFilter, enabled: boolean) {
  const api = useApi();
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return useQuery({
    queryKey: [...queryKeys.products, 'count', query],
    queryFn: ({ signal }) =>
      api.get<AdminProductCountResponse>(`/api/admin/products/count?${query}`, { signal }),
    enabled,
  });
}

export const PICKER_LIMIT = 20;
/**
 * A picker searches from 3 letters on: one or two letters match most of a large catalogue
 * and are answered by reading the table, not the trigram index.
 */
export const PICKER_MIN_LETTERS = 3;

/** A term the picker sends: empty (the newest products) or at least PICKER_MIN_LETTERS long. */
export const isPickerSearchable = (search: string) =>
  search.trim() === '' || [...search.trim()].length >= PICKER_MIN_LETTERS;

/**
 * A product picker's options: the first 20 products matching what the admin types (nothing
 * is asked while fewer than PICKER_MIN_LETTERS letters are typed).
 */
export function useProductPicker(search: string) {
  return useAdminProductPage(
    {
      search,
      categoryId: 'all',
      status: 'all',
      links: 'all',
      sort: search.trim() === '' ? 'newest' : 'title',
      page: 1,
      limit: PICKER_LIMIT,
    },
    isPickerSearchable(search),
  );
}

export function useProductMutations() {
  // A product added or removed changes its category's product count.
  return useCrudMutations<ProductValues, Product>('/api/admin/products', [
    queryKeys.products,
    queryKeys.stats,
    queryKeys.categories,
  ]);
}

/**
 * POST /api/admin/products/bulk. Afterwards the product pages, the dashboard figures and the
 * categories (whose product counts move) are reloaded.
 */
export function useProductBulkAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductBulkInput) =>
      api.post<ProductBulkResult>('/api/admin/products/bulk', input),
    onSuccess: () =>
      Promise.all(
        [queryKeys.products, queryKeys.stats, queryKeys.categories].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
