import { PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';

/** The fields a link form registers; their server errors land on them. */
export const LINK_FIELDS = [
  'platform',
  'affiliateUrl',
  'price',
  'originalPriceValue',
  'availability',
] as const;

/** The platforms a link may still take, as select options. */
export function platformOptions(platforms: readonly Platform[]) {
  return platforms.map((p) => ({ value: p, label: PLATFORM_DISPLAY_NAMES[p] }));
}
