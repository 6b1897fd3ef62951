import { CONTACT_DEFAULTS, HERO_DEFAULTS } from '../constants';
import type { ContactContent, HeroContent } from '../types';
import { isHttpUrl, isImageUrl } from './url';

type JsonObject = Record<string, unknown>;

/** The JSON object held in a content block's data, or null when it is not one. */
export function parseJsonObject(data: string | null | undefined): JsonObject | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(source: JsonObject | null | undefined, key: string): string | null {
  const value = source?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function textOr(source: JsonObject | null | undefined, key: string, fallback: string): string {
  return text(source, key) ?? fallback;
}

// Stored URLs end up in href/src; one that slipped past validation is treated as unset.
function urlOr(source: JsonObject | null | undefined, key: string, fallback: string): string {
  const value = text(source, key)?.trim();
  return value && isHttpUrl(value) ? value : fallback;
}

function imageOr(source: JsonObject | null | undefined, key: string, fallback: string): string {
  const value = text(source, key)?.trim();
  return value && isImageUrl(value) ? value : fallback;
}

/** One-line summary for the admin content overview. */
export function contentSummary(block: { key: string; data: string }): string {
  let data: unknown;
  try {
    data = JSON.parse(block.data);
  } catch {
    return 'Invalid JSON Data';
  }
  const object = isObject(data) ? data : null;
  switch (block.key) {
    case 'contact_us':
      return [text(object, 'companyName'), text(object, 'phone')].filter(Boolean).join(' - ');
    case 'homepage_hero':
      return text(object, 'mainTitle') ?? '';
    case 'about_us':
      return text(object, 'title') ?? '';
    default:
      return 'Custom Content';
  }
}

/**
 * Contact content with every missing or blank field taken from the defaults, so a
 * half-filled or unparseable block still renders a complete page.
 */
export function parseContactContent(data: string | null | undefined): ContactContent {
  const source = parseJsonObject(data);
  const hours = isObject(source?.businessHours) ? source.businessHours : null;
  const social = isObject(source?.socialMedia) ? source.socialMedia : null;
  const d = CONTACT_DEFAULTS;
  return {
    companyName: textOr(source, 'companyName', d.companyName),
    address: textOr(source, 'address', d.address),
    phone: textOr(source, 'phone', d.phone),
    email: textOr(source, 'email', d.email),
    whatsapp: textOr(source, 'whatsapp', d.whatsapp),
    description: textOr(source, 'description', d.description),
    businessHours: {
      weekdays: textOr(hours, 'weekdays', d.businessHours.weekdays),
      weekend: textOr(hours, 'weekend', d.businessHours.weekend),
    },
    socialMedia: {
      facebook: urlOr(social, 'facebook', d.socialMedia.facebook),
      instagram: urlOr(social, 'instagram', d.socialMedia.instagram),
      twitter: urlOr(social, 'twitter', d.socialMedia.twitter),
      youtube: urlOr(social, 'youtube', d.socialMedia.youtube),
    },
  };
}

/** Social links are shown only when at least one is set. */
export function hasSocialLinks(contact: ContactContent): boolean {
  return Object.values(contact.socialMedia).some((url) => url.trim() !== '');
}

export function parseHeroContent(data: string | null | undefined): HeroContent {
  const source = parseJsonObject(data);
  const platforms = Array.isArray(source?.platforms)
    ? source.platforms.filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    : [];
  return {
    mainTitle: textOr(source, 'mainTitle', HERO_DEFAULTS.mainTitle),
    subtitle: textOr(source, 'subtitle', HERO_DEFAULTS.subtitle),
    ctaText: textOr(source, 'ctaText', HERO_DEFAULTS.ctaText),
    backgroundImage: imageOr(source, 'backgroundImage', HERO_DEFAULTS.backgroundImage),
    platforms: platforms.length > 0 ? platforms : [...HERO_DEFAULTS.platforms],
  };
}
