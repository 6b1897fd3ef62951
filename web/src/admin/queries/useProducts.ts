import type { ProductValues } from '@shared/schemas';
import type { Product } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

/** Every product, active or not (GET /api/admin/products). */
export function useAdminProducts() {
  return useAdminList<Product>(queryKeys.products, '/api/admin/products');
}

export function useProductMutations() {
  return useCrudMutations<ProductValues, Product>('/api/admin/products', [
    queryKeys.products,
    queryKeys.stats,
  ]);
}
