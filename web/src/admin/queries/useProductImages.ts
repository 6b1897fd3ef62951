import type { ProductImageOrderValues, ProductImageValues } from '@shared/schemas';
import type { ProductImage } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

/** A product's gallery; enabled only once a product is chosen (spec section 7). */
export function useProductImages(productId: string | null) {
  return useAdminList<ProductImage>(
    queryKeys.productImages(productId ?? ''),
    `/api/admin/products/${encodeURIComponent(productId ?? '')}/images`,
    { enabled: Boolean(productId) },
  );
}

export function useProductImageMutations(productId: string) {
  return useCrudMutations<
    ProductImageValues,
    ProductImage,
    ProductImageValues | ProductImageOrderValues
  >('/api/admin/product-images', [queryKeys.productImages(productId)]);
}
