import type { PlatformLink as PlatformLinkJson } from '@shared/types';
import { beforePrice, savingOf } from '@shared/rules/saving';
import type { PlatformLink } from '../../db/models';
import { iso } from '../../lib/json';

/** BIGINT arrives as a string from PostgreSQL. */
export const rupiah = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

const availabilityOf = (value: string | null | undefined): PlatformLinkJson['availability'] =>
  value === 'out_of_stock' ? 'out_of_stock' : 'in_stock';

/**
 * A link as visitors read it. `discountPercentage` is the product's: the "before" price is
 * derived from it when the link has no original price (docs/contracts.md, "Prices shoppers
 * can read").
 */
export const presentPlatformLink = (
  link: PlatformLink,
  discountPercentage: number | null = null,
): PlatformLinkJson => {
  const prices = {
    priceValue: rupiah(link.priceValue),
    originalPriceValue: rupiah(link.originalPriceValue),
    discountPercentage,
  };
  return {
    id: String(link.id),
    productId: link.productId,
    platform: link.platform as PlatformLinkJson['platform'],
    affiliateUrl: link.affiliateUrl,
    price: link.price,
    priceValue: prices.priceValue,
    originalPriceValue: prices.originalPriceValue,
    availability: availabilityOf(link.availability),
    beforePrice: beforePrice(prices),
    saving: savingOf(prices),
    createdAt: iso(link.createdAt),
  };
};

/** What the admin sees of a link: the public fields and the link checker's findings. */
export const presentAdminPlatformLink = (
  link: PlatformLink,
  discountPercentage: number | null = null,
): PlatformLinkJson => ({
  ...presentPlatformLink(link, discountPercentage),
  health: {
    isBroken: Boolean(link.isBroken),
    lastStatus: link.lastStatus ?? null,
    lastError: link.lastError ?? null,
    lastCheckedAt: link.lastCheckedAt ? iso(link.lastCheckedAt) : null,
  },
});
