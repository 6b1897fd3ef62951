import { z } from 'zod';
import {
  BADGE_COLORS,
  DEFAULT_BADGE_COLOR,
  LIMITS,
  MAX_LENGTH,
  MEDIA_TYPES,
  PLATFORMS,
} from '../constants';
import {
  bool,
  idField,
  formNumber,
  imageUrl,
  imageUrlOrEmpty,
  httpUrlOrEmpty,
  oneOf,
  optionalText,
  requiredText,
} from './fields';

export const PRODUCT_MESSAGES = {
  categoryId: 'Kategori harus dipilih',
  title: 'Judul produk harus diisi',
  description: 'Deskripsi harus diisi',
  imageUrl: 'URL gambar tidak valid',
  imageUrls: 'Invalid image URL',
  imageUrlsMax: `Maksimal ${MAX_LENGTH.imageVariations} variasi gambar`,
  videoUrl: 'URL video tidak valid',
  discountPercentage: 'Diskon harus berupa angka bulat 0 sampai 100',
  platforms: 'Minimal pilih 1 platform',
  platform: 'Platform tidak valid',
  mediaType: 'Tipe media tidak valid',
  badgeColor: 'Warna badge tidak valid',
  isActive: 'Status aktif harus berupa true atau false',
  isFeaturedPromo: 'Status promo unggulan harus berupa true atau false',
  isFeaturedPopular: 'Status populer unggulan harus berupa true atau false',
  featuredOrder: 'Urutan unggulan harus berupa angka bulat 0 atau lebih',
} as const;

const M = PRODUCT_MESSAGES;

/**
 * Product form and API input. Applies the submit clean-up of spec section 5: the discount
 * becomes a number, an empty video URL or badge text is dropped (undefined), and blank image
 * variations are removed.
 */
export const productSchema = z.object({
  categoryId: idField(M.categoryId),
  title: requiredText(M.title, MAX_LENGTH.title, 'id'),
  description: requiredText(M.description, MAX_LENGTH.description, 'id'),
  imageUrl: imageUrl(M.imageUrl),
  // Checked in place so an error points at the entry the admin typed; blanks dropped after.
  imageUrls: z
    .array(imageUrlOrEmpty(M.imageUrls), { error: M.imageUrls })
    .max(MAX_LENGTH.imageVariations * 2, M.imageUrlsMax)
    .transform((urls) => urls.filter((url) => url !== ''))
    .refine((urls) => urls.length <= MAX_LENGTH.imageVariations, M.imageUrlsMax)
    .default([]),
  videoUrl: httpUrlOrEmpty(M.videoUrl).transform((url) => url || undefined),
  mediaType: oneOf(MEDIA_TYPES, M.mediaType).default('default'),
  discountPercentage: formNumber(M.discountPercentage, {
    min: LIMITS.discountMin,
    max: LIMITS.discountMax,
    integer: true,
  }),
  badgeText: optionalText(MAX_LENGTH.shortText, 'id').transform((text) => text || undefined),
  badgeColor: oneOf(BADGE_COLORS, M.badgeColor).default(DEFAULT_BADGE_COLOR),
  platforms: z
    .array(oneOf(PLATFORMS, M.platform), { error: M.platforms })
    .min(1, M.platforms)
    .max(PLATFORMS.length * 2, M.platform)
    .transform((platforms) => [...new Set(platforms)]),
  isActive: bool(M.isActive).default(true),
  isFeaturedPromo: bool(M.isFeaturedPromo).default(false),
  isFeaturedPopular: bool(M.isFeaturedPopular).default(false),
  featuredOrder: formNumber(M.featuredOrder, {
    min: 0,
    max: MAX_LENGTH.order,
    integer: true,
  }).default(0),
  /** Feed products: the fields staff keep from feed runs (the dialog's unlock sends it). */
  lockedFields: z.array(z.string().max(40)).max(20).optional(),
});

export type ProductRawInput = z.input<typeof productSchema>;
export type ProductInput = z.output<typeof productSchema>;
/** Alias of ProductInput (the parsed values). */
export type ProductValues = ProductInput;
