import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductImageOrderValues, ProductImageValues } from '@shared/schemas';
import type { ProductImage } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

/** A product's gallery; enabled only once a product is chosen (spec section 7). */
export function useProductImages(productId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.productImages(productId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ProductImage[]>(`/api/admin/products/${encodeURIComponent(productId ?? '')}/images`, {
        signal,
      }),
    enabled: Boolean(productId),
  });
}

export function useProductImageMutations(productId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.productImages(productId) });
  const create = useMutation({
    mutationFn: (input: ProductImageValues) =>
      api.post<ProductImage>('/api/admin/product-images', input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string;
      input: ProductImageValues | ProductImageOrderValues;
    }) => api.put<ProductImage>(`/api/admin/product-images/${encodeURIComponent(id)}`, input),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/api/admin/product-images/${encodeURIComponent(id)}`),
    onSuccess,
  });
  return { create, update, remove };
}
