import { LIMITS, PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';

/** Spec section 9: at most 3 platform badges, then a '+N' count. */
export function platformBadges(
  platforms: readonly string[],
  max: number = LIMITS.cardPlatformBadges,
): { shown: string[]; more: number } {
  return { shown: platforms.slice(0, max), more: Math.max(0, platforms.length - max) };
}

/** Spec section 9: at most 4 links in the price summary, then '+N other platforms'. */
export function priceSummary<T>(links: readonly T[]): { shown: T[]; moreLine: string | null } {
  const max = LIMITS.priceSummaryLinks;
  const more = links.length - max;
  return { shown: links.slice(0, max), moreLine: more > 0 ? `+${more} other platforms` : null };
}

export function platformName(platform: string): string {
  return PLATFORM_DISPLAY_NAMES[platform as Platform] ?? platform;
}

/** A free-text display price; empty shows as N/A (spec section 3). */
export function displayPrice(price: string | null | undefined): string {
  return price && price.trim() !== '' ? price : 'N/A';
}
