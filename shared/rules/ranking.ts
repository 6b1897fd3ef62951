import { LIMITS } from '../constants';

export interface RankedFields {
  isActive?: boolean;
  discountPercentage: number;
  badgeText?: string | null;
  createdAt: string | Date;
}

export const POPULAR_LABELS = {
  top: 'Paling Populer',
  bigDiscount: 'Diskon Besar',
  trending: 'Trending',
} as const;

function hasBadge(badgeText: string | null | undefined): badgeText is string {
  return typeof badgeText === 'string' && badgeText.trim() !== '';
}

function createdSeconds(createdAt: string | Date): number {
  const ms = createdAt instanceof Date ? createdAt.getTime() : Date.parse(createdAt);
  return Number.isFinite(ms) ? ms / 1000 : 0;
}

export function isHotDeal(discount: number): boolean {
  return discount >= LIMITS.hotDealDiscount;
}

/**
 * 10 for a badge, plus a tenth of the discount, plus the creation time in seconds divided by
 * a million, so newer products break ties between otherwise equal ones.
 */
export function popularScore(product: RankedFields): number {
  const badge = hasBadge(product.badgeText) ? 10 : 0;
  return badge + 0.1 * product.discountPercentage + createdSeconds(product.createdAt) / 1e6;
}

/** Hover label on /produk-terpopuler; rankIndex is 0-based (0 is #1). */
export function popularLabel(product: RankedFields, rankIndex: number): string {
  if (rankIndex < 3) return POPULAR_LABELS.top;
  if (isHotDeal(product.discountPercentage)) return POPULAR_LABELS.bigDiscount;
  if (hasBadge(product.badgeText)) return product.badgeText.trim();
  return POPULAR_LABELS.trending;
}

/** Used when no product is featured as a promo: active discounted products, biggest first. */
export function promoFallback<T extends RankedFields>(products: readonly T[]): T[] {
  return products
    .filter((p) => p.isActive !== false && p.discountPercentage > 0)
    .sort((a, b) => b.discountPercentage - a.discountPercentage);
}

/** Used when no product is featured as popular: active products by popularScore. */
export function popularFallback<T extends RankedFields>(products: readonly T[]): T[] {
  return products
    .filter((p) => p.isActive !== false)
    .map((product) => ({ product, score: popularScore(product) }))
    .sort((a, b) => b.score - a.score)
    .map(({ product }) => product);
}
