import { z } from 'zod';
import { DEFAULT_HERO_BACKGROUND, MAX_LENGTH } from '../constants';
import { imageUrlOrEmpty, requiredText } from './fields';

export const HERO_MESSAGES = {
  mainTitle: 'Main title is required',
  subtitle: 'Subtitle is required',
  ctaText: 'CTA text is required',
  backgroundImage: 'Invalid image URL',
  platforms: 'Platforms are required',
  platformsTooMany: 'At most 20 platforms, each at most 50 characters',
} as const;

const M = HERO_MESSAGES;
const MAX_PLATFORMS = 20;

/** The comma-separated input, or a stored array, as a clean list. */
export function splitPlatforms(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The homepage_hero content data. Platforms may be typed comma-separated; an empty
 * background image is saved as the default stock photo.
 */
export const heroContentSchema = z.object({
  mainTitle: requiredText(M.mainTitle, MAX_LENGTH.title, 'en'),
  subtitle: requiredText(M.subtitle, MAX_LENGTH.question, 'en'),
  ctaText: requiredText(M.ctaText, MAX_LENGTH.shortText, 'en'),
  backgroundImage: imageUrlOrEmpty(M.backgroundImage).transform(
    (url) => url || DEFAULT_HERO_BACKGROUND,
  ),
  platforms: z
    .union([z.string(), z.array(z.string())], {
      error: M.platforms,
    })
    .transform((value) => splitPlatforms(value))
    .pipe(
      z
        .array(z.string().max(MAX_LENGTH.shortText, M.platformsTooMany))
        .min(1, M.platforms)
        .max(MAX_PLATFORMS, M.platformsTooMany),
    ),
});

export type HeroContentRawInput = z.input<typeof heroContentSchema>;
export type HeroContentInput = z.output<typeof heroContentSchema>;
/** Alias of HeroContentInput (the parsed values). */
export type HeroContentValues = HeroContentInput;
