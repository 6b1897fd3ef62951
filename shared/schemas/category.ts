import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { requiredText } from './fields';

export const CATEGORY_MESSAGES = {
  name: 'Nama kategori harus diisi',
  slug: 'Slug harus diisi',
  slugFormat: 'Slug hanya boleh berisi huruf kecil, angka dan tanda hubung',
  icon: 'Icon harus diisi',
  color: 'Warna harus diisi',
  group: 'Grup harus diisi',
} as const;

// Slugs travel in addresses (/?category={slug}), so they are kept URL-safe.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const categorySchema = z.object({
  name: requiredText(CATEGORY_MESSAGES.name, MAX_LENGTH.name, 'id'),
  slug: requiredText(CATEGORY_MESSAGES.slug, MAX_LENGTH.slug, 'id')
    .toLowerCase()
    .regex(SLUG, CATEGORY_MESSAGES.slugFormat),
  icon: requiredText(CATEGORY_MESSAGES.icon, MAX_LENGTH.shortText, 'id'),
  color: requiredText(CATEGORY_MESSAGES.color, MAX_LENGTH.shortText, 'id'),
  group: requiredText(CATEGORY_MESSAGES.group, MAX_LENGTH.name, 'id'),
});

export type CategoryRawInput = z.input<typeof categorySchema>;
export type CategoryInput = z.output<typeof categorySchema>;
/** Alias of CategoryInput (the parsed values). */
export type CategoryValues = CategoryInput;
