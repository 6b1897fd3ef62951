import {
  BADGE_COLORS,
  DEFAULT_BADGE_COLOR,
  LIMITS,
  MAX_LENGTH,
  MEDIA_TYPES,
  PLATFORMS,
} from '@shared/constants';
import { MAX_PRICE_RUPIAH, resolvePriceValue } from '@shared/rules/price';
import { DECIMAL } from '@shared/schemas/fields';
import { isHttpUrl, isImageUrl } from '@shared/rules/url';
import type { ProductValues } from './row-plan';

/**
 * What productSchema and platformLinkUpdateSchema (shared/schemas) give for an import row they
 * accept, without zod (session 45): zod's parsing was about two thirds of planRow's time in a
 * bulk import (session 44's profile). Each check below is the schema's own rule for the value
 * types an import row builds (cells as strings, stored values, defaults); anything else, and
 * any value the schema would refuse, answers null and planRow asks zod, which then words the
 * error as always. So a row zod refuses is never accepted here, and the messages stay zod's.
 * row-check.test.ts holds both to the same answers.
 */

const MEDIA = new Set<string>(MEDIA_TYPES);
const BADGES = new Set<string>(BADGE_COLORS);
const PLATFORM_NAMES = new Set<string>(PLATFORMS);

/** requiredText: a string, trimmed, 1 to `max` characters. */
function requiredText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length === 0 || text.length > max ? null : text;
}

/** optionalText: absent, null or a string of at most `max` characters once trimmed; '' if none. */
function optionalText(value: unknown, max: number): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > max ? null : text;
}

/** formNumber: a number or a decimal string, finite, within the range, an integer. */
function wholeNumber(value: unknown, min: number, max: number): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL.test(text)) return null;
    n = Number(text);
  } else return null;
  return Number.isFinite(n) && n >= min && n <= max && Number.isInteger(n) ? n : null;
}

/** z.boolean() with a default. */
function flag(value: unknown, fallback: boolean): boolean | null {
  if (value === undefined) return fallback;
  return typeof value === 'boolean' ? value : null;
}

/** The form's product values (toValues of productSchema's output), or null: ask zod. */
export function checkProduct(input: Readonly<Record<string, unknown>>): ProductValues | null {
  // idField, as a string (the import gives the category's id as one).
  if (typeof input.categoryId !== 'string') return null;
  const categoryId = input.categoryId.trim();
  if (categoryId === '' || categoryId.length > MAX_LENGTH.id) return null;
  const title = requiredText(input.title, MAX_LENGTH.title);
  const description = requiredText(input.description, MAX_LENGTH.description);
  if (title === null || description === null) return null;
  if (typeof input.imageUrl !== 'string') return null;
  const imageUrl = input.imageUrl.trim();
  if (imageUrl.length > MAX_LENGTH.url || !isImageUrl(imageUrl)) return null;

  let imageUrls: string[] = [];
  if (input.imageUrls !== undefined) {
    if (!Array.isArray(input.imageUrls)) return null;
    if (input.imageUrls.length > MAX_LENGTH.imageVariations * 2) return null;
    for (const entry of input.imageUrls as unknown[]) {
      if (entry === undefined || entry === null) continue;
      if (typeof entry !== 'string') return null;
      const url = entry.trim();
      if (url === '') continue;
      if (url.length > MAX_LENGTH.url || !isImageUrl(url)) return null;
      imageUrls.push(url);
    }
    if (imageUrls.length > MAX_LENGTH.imageVariations) return null;
  } else imageUrls = [];

  // httpUrlOrEmpty, then '' becomes absent.
  let videoUrl: string | null = null;
  if (input.videoUrl !== undefined && input.videoUrl !== null) {
    if (typeof input.videoUrl !== 'string') return null;
    const url = input.videoUrl.trim();
    if (url.length > MAX_LENGTH.url || (url !== '' && !isHttpUrl(url))) return null;
    videoUrl = url === '' ? null : url;
  }

  const mediaType = input.mediaType === undefined ? 'default' : input.mediaType;
  if (typeof mediaType !== 'string' || !MEDIA.has(mediaType)) return null;
  const discountPercentage = wholeNumber(
    input.discountPercentage,
    LIMITS.discountMin,
    LIMITS.discountMax,
  );
  if (discountPercentage === null) return null;
  const badge = optionalText(input.badgeText, MAX_LENGTH.shortText);
  if (badge === null) return null;
  const badgeColor = input.badgeColor === undefined ? DEFAULT_BADGE_COLOR : input.badgeColor;
  if (typeof badgeColor !== 'string' || !BADGES.has(badgeColor)) return null;

  if (!Array.isArray(input.platforms)) return null;
  const listed = input.platforms as unknown[];
  if (listed.length < 1 || listed.length > PLATFORMS.length * 2) return null;
  for (const platform of listed) {
    if (typeof platform !== 'string' || !PLATFORM_NAMES.has(platform)) return null;
  }

  const isActive = flag(input.isActive, true);
  const isFeaturedPromo = flag(input.isFeaturedPromo, false);
  const isFeaturedPopular = flag(input.isFeaturedPopular, false);
  if (isActive === null || isFeaturedPromo === null || isFeaturedPopular === null) return null;
  const featuredOrder =
    input.featuredOrder === undefined ? 0 : wholeNumber(input.featuredOrder, 0, MAX_LENGTH.order);
  if (featuredOrder === null) return null;
  // productSchema also takes lockedFields, which an import never gives.
  if (input.lockedFields !== undefined) return null;

  return {
    categoryId: Number(categoryId),
    title,
    description,
    imageUrl,
    imageUrls,
    videoUrl,
    mediaType,
    discountPercentage,
    badgeText: badge === '' ? null : badge,
    badgeColor,
    platforms: [...new Set(listed as string[])],
    isActive,
    isFeaturedPromo,
    isFeaturedPopular,
    featuredOrder,
  };
}

export interface LinkInput {
  platform: string;
  affiliateUrl: string;
  price: string;
  originalPriceValue?: number | null;
}

/**
 * platformLinkUpdateSchema's affiliate URL and price (trimmed) for a link it accepts, or null:
 * ask zod.
 */
export function checkLink(input: LinkInput): { affiliateUrl: string; price: string } | null {
  if (!PLATFORM_NAMES.has(input.platform)) return null;
  if (typeof input.affiliateUrl !== 'string' || typeof input.price !== 'string') return null;
  const affiliateUrl = input.affiliateUrl.trim();
  if (affiliateUrl.length > MAX_LENGTH.url || !isHttpUrl(affiliateUrl)) return null;
  const price = input.price.trim();
  if (price.length > MAX_LENGTH.shortText) return null;
  const original = input.originalPriceValue;
  if (original !== undefined && original !== null) {
    if (wholeNumber(original, 0, MAX_PRICE_RUPIAH) === null) return null;
    // originalAbovePrice, against the price read from the (trimmed) text.
    const current = resolvePriceValue(price, undefined);
    if (current !== null && original <= current) return null;
  }
  return { affiliateUrl, price };
}
