import type { PlatformLink as PlatformLinkJson } from '@shared/types';
import type { PlatformLink } from '../../db/models';
import { iso } from '../../lib/json';

/** BIGINT arrives as a string from PostgreSQL. */
export const rupiah = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

export const presentPlatformLink = (link: PlatformLink): PlatformLinkJson => ({
  id: String(link.id),
  productId: link.productId,
  platform: link.platform as PlatformLinkJson['platform'],
  affiliateUrl: link.affiliateUrl,
  price: link.price,
  priceValue: rupiah(link.priceValue),
  createdAt: iso(link.createdAt),
});

/** What the admin sees of a link: the public fields and the link checker's findings. */
export const presentAdminPlatformLink = (link: PlatformLink): PlatformLinkJson => ({
  ...presentPlatformLink(link),
  health: {
    isBroken: Boolean(link.isBroken),
    lastStatus: link.lastStatus ?? null,
    lastError: link.lastError ?? null,
    lastCheckedAt: link.lastCheckedAt ? iso(link.lastCheckedAt) : null,
  },
});
