// Field builders shared by the entity schemas: trimming, length caps, http(s)-only URLs and
// numbers that may arrive as strings from HTML inputs.
import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { isHttpUrl, isImageUrl, isSitePath } from '../rules/url';

export type Lang = 'id' | 'en';

export function tooLongMessage(lang: Lang, max: number): string {
  return lang === 'id' ? `Maksimal ${max} karakter` : `Must be at most ${max} characters`;
}

/** A trimmed, non-empty string; a missing value gets the same message as an empty one. */
export function requiredText(message: string, max: number, lang: Lang) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(lang, max));
}

/** A trimmed string that may be empty; null and a missing value become ''. */
export function optionalText(max: number, lang: Lang, message?: string) {
  return z
    .string(message ? { error: message } : undefined)
    .trim()
    .max(max, tooLongMessage(lang, max))
    .nullish()
    .transform((value) => value ?? '');
}

/**
 * A record id: a non-empty string, or an integer as a JSON client may send it, as a string.
 */
export function idField(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const id =
      typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
    if (id === '' || id.length > MAX_LENGTH.id) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return id;
  });
}

/** An http(s) URL; anything else, including an over-long value, gets the field's message. */
export function httpUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTH.url, message)
    .refine((value) => isHttpUrl(value), message);
}

/** An http(s) URL or empty; null and a missing value become ''. */
export function httpUrlOrEmpty(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTH.url, message)
    .refine((value) => value === '' || isHttpUrl(value), message)
    .nullish()
    .transform((value) => value ?? '');
}

/** An http(s) URL, a page of this site ('/promo-hari-ini') or empty (''). */
export function linkTargetOrEmpty(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTH.url, message)
    .refine((value) => value === '' || isHttpUrl(value) || isSitePath(value), message)
    .nullish()
    .transform((value) => value ?? '');
}

/** A number as a form or a CSV cell writes it (formNumber; the import's row check). */
export const DECIMAL = /^-?\d+(?:\.\d+)?$/;

export interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
}

/**
 * A number, or a numeric string as HTML inputs send it. Empty strings and garbage get the
 * field's message rather than silently becoming 0.
 */
export function formNumber(message: string, rule: NumberRule) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    const n = text === null ? value : DECIMAL.test(text) ? Number(text) : Number.NaN;
    const valid =
      typeof n === 'number' &&
      Number.isFinite(n) &&
      n >= rule.min &&
      n <= rule.max &&
      (!rule.integer || Number.isInteger(n));
    if (!valid) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return n;
  });
}

export function bool(message: string) {
  return z.boolean({ error: message });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

// Calendar dates and date-times in ISO 8601 form; anything else is not guessed at.
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A Date, or an ISO 8601 string, parsed to a Date. */
export function isoDate(message: string) {
  return z.union([z.date(), z.string()], { error: message }).transform((value, ctx) => {
    const date = typeof value === 'string' ? parseIsoDate(value) : value;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return date;
  });
}

function parseIsoDate(text: string): Date | null {
  const trimmed = text.trim();
  if (!ISO_DATE.test(trimmed)) return null;
  return new Date(trimmed.replace(' ', 'T'));
}

/** An image: an http(s) URL or a path to the site's own /media. */
export function imageUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTH.url, message)
    .refine((value) => isImageUrl(value), message);
}

/** An image URL or empty; null and a missing value become ''. */
export function imageUrlOrEmpty(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTH.url, message)
    .refine((value) => value === '' || isImageUrl(value), message)
    .nullish()
    .transform((value) => value ?? '');
}
