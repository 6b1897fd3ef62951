import type { LowestPrice, Product as ProductJson } from '@shared/types';
import type { Product } from '../../db/models';
import { iso, stringArray } from '../../lib/json';
import { presentCategory } from '../categories/presenter';

// Presenters pick fields one by one so that a new column never reaches a client by accident.

export function presentProduct(product: Product): ProductJson {
  return {
    id: product.id,
    categoryId: String(product.categoryId),
    title: product.title,
    description: product.description,
    imageUrl: product.imageUrl,
    imageUrls: stringArray(product.imageUrls),
    videoUrl: product.videoUrl ?? null,
    mediaType: product.mediaType as ProductJson['mediaType'],
    discountPercentage: product.discountPercentage,
    badgeText: product.badgeText ?? null,
    badgeColor: product.badgeColor as ProductJson['badgeColor'],
    platforms: stringArray(product.platforms) as ProductJson['platforms'],
    isActive: product.isActive,
    isFeaturedPromo: product.isFeaturedPromo,
    isFeaturedPopular: product.isFeaturedPopular,
    featuredOrder: product.featuredOrder,
    createdAt: iso(product.createdAt),
    ...(product.category ? { category: presentCategory(product.category) } : {}),
  };
}

/** What visitors read (cards, the product address): the product and its lowest current price. */
export function presentPublicProduct(
  product: Product,
  lowestPrice: LowestPrice | null,
): ProductJson {
  return { ...presentProduct(product), lowestPrice };
}
