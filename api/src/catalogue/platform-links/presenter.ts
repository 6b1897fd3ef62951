import type { PlatformLink as PlatformLinkJson } from '@shared/types';
import type { PlatformLink } from '../../db/models';
import { iso } from '../../lib/json';

export const presentPlatformLink = (link: PlatformLink): PlatformLinkJson => ({
  id: String(link.id),
  productId: link.productId,
  platform: link.platform as PlatformLinkJson['platform'],
  affiliateUrl: link.affiliateUrl,
  price: link.price,
  createdAt: iso(link.createdAt),
});
