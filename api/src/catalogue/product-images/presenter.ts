import type { ProductImage as ProductImageJson } from '@shared/types';
import type { ProductImage } from '../../db/models';
import { iso } from '../../lib/json';

export const presentProductImage = (image: ProductImage): ProductImageJson => ({
  id: String(image.id),
  productId: image.productId,
  imageUrl: image.imageUrl,
  altText: image.altText,
  order: image.order,
  isActive: image.isActive,
  createdAt: iso(image.createdAt),
});
