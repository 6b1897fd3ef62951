import { useQuery } from '@tanstack/react-query';
import type { ProductValues } from '@shared/schemas';
import type { Product } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

/** Every product, active or not (GET /api/admin/products). */
export function useAdminProducts() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: ({ signal }) => api.get<Product[]>('/api/admin/products', { signal }),
  });
}

export function useProductMutations() {
  return useCrudMutations<ProductValues, Product>('/api/admin/products', [
    queryKeys.products,
    queryKeys.stats,
  ]);
}
