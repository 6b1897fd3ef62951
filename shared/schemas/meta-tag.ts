import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { isMetaTagLike, metaTagProblem } from '../rules/meta-tag';
import { bool, tooLongMessage } from './fields';

export const META_TAG_MESSAGES = {
  htmlTag: 'HTML meta tag is required',
  htmlTagFormat: 'Must be a valid HTML meta tag',
  htmlTagNotAllowed:
    'Meta tag ini tidak diizinkan: tag perlu atribut name atau property, dan http-equiv, charset serta name referrer, viewport atau color-scheme tidak boleh dipakai karena mengubah cara browser memuat halaman',
  htmlTagUrl: 'og:* and twitter:* URLs must start with http:// or https://',
  pageUrl: 'Page URL must be * or a path starting with /',
  isActive: 'isActive must be true or false',
} as const;

const M = META_TAG_MESSAGES;

/** '*' or a site path such as '/kategori'; shared by meta tags and popups. */
export function isPagePath(value: string): boolean {
  return value === '*' || /^\/[^\s?#*,]*$/.test(value);
}

export const metaTagSchema = z.object({
  htmlTag: z
    .string({ error: M.htmlTag })
    .trim()
    .min(1, M.htmlTag)
    .max(MAX_LENGTH.metaTag, tooLongMessage('en', MAX_LENGTH.metaTag))
    .refine((html) => isMetaTagLike(html), M.htmlTagFormat)
    .refine((html) => metaTagProblem(html) !== 'notAllowed', M.htmlTagNotAllowed)
    .refine((html) => metaTagProblem(html) !== 'url', M.htmlTagUrl),
  pageUrl: z
    .string({ error: M.pageUrl })
    .trim()
    .max(MAX_LENGTH.path, M.pageUrl)
    .refine((path) => isPagePath(path), M.pageUrl)
    .default('*'),
  isActive: bool(M.isActive).default(true),
});

export type MetaTagRawInput = z.input<typeof metaTagSchema>;
export type MetaTagInput = z.output<typeof metaTagSchema>;
/** Alias of MetaTagInput (the parsed values). */
export type MetaTagValues = MetaTagInput;
