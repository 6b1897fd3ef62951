import { z } from 'zod';
import { MAX_LENGTH, PLATFORMS } from '../constants';
import { MAX_PRICE_RUPIAH, resolvePriceValue } from '../rules/price';
import { formNumber, httpUrl, idField, oneOf, optionalText, requiredText } from './fields';

export const PLATFORM_LINK_MESSAGES = {
  productId: 'Produk harus dipilih',
  platform: 'Platform harus dipilih',
  affiliateUrl: 'URL afiliasi tidak valid',
  price: 'Harga harus diisi',
  priceValue: 'Harga angka tidak valid',
  originalPriceValue: 'Harga sebelum diskon tidak valid',
  originalNotAbovePrice: 'Harga sebelum diskon harus lebih besar dari harga sekarang',
  availability: 'Status stok tidak valid',
} as const;

export const LINK_AVAILABILITIES = ['in_stock', 'out_of_stock'] as const;
export type LinkAvailability = (typeof LINK_AVAILABILITIES)[number];

const M = PLATFORM_LINK_MESSAGES;

const linkFields = {
  platform: oneOf(PLATFORMS, M.platform),
  affiliateUrl: httpUrl(M.affiliateUrl),
  /**
   * Whole rupiah, when the price is entered as a number; absent or null means "read it from
   * the display text" (resolvePriceValue).
   */
  priceValue: formNumber(M.priceValue, { min: 0, max: MAX_PRICE_RUPIAH, integer: true }).nullish(),
  /**
   * The price before the discount, whole rupiah; optional. Absent on an update keeps what is
   * stored; null (or an empty field) clears it.
   */
  originalPriceValue: z
    .union([z.literal(''), z.null()])
    .transform(() => null)
    .or(formNumber(M.originalPriceValue, { min: 0, max: MAX_PRICE_RUPIAH, integer: true }))
    .optional(),
  /** Absent on an update keeps what is stored; a new link is in stock. */
  availability: oneOf(LINK_AVAILABILITIES, M.availability).optional(),
};

/**
 * The original price must be above the price it was discounted to (shared/rules/saving.ts
 * would not show it otherwise); checked against the number entered or read from the text.
 */
function originalAbovePrice(
  link: { price?: string | null; priceValue?: number | null; originalPriceValue?: number | null },
  ctx: z.RefinementCtx,
) {
  if (link.originalPriceValue === null || link.originalPriceValue === undefined) return;
  const price = resolvePriceValue(link.price, link.priceValue);
  if (price !== null && link.originalPriceValue <= price) {
    ctx.addIssue({
      code: 'custom',
      path: ['originalPriceValue'],
      message: M.originalNotAbovePrice,
    });
  }
}

/** New link: platform, affiliate URL and price are all required (the Add button rule). */
export const platformLinkCreateSchema = z
  .object({
    productId: idField(M.productId),
    ...linkFields,
    price: requiredText(M.price, MAX_LENGTH.shortText, 'id'),
  })
  .superRefine(originalAbovePrice);

/** Inline edit of an existing link; the price is a free-text display value and may be cleared. */
export const platformLinkUpdateSchema = z
  .object({
    ...linkFields,
    price: optionalText(MAX_LENGTH.shortText, 'id'),
  })
  .superRefine(originalAbovePrice);

export type PlatformLinkCreateRawInput = z.input<typeof platformLinkCreateSchema>;
export type PlatformLinkCreateInput = z.output<typeof platformLinkCreateSchema>;
/** Alias of PlatformLinkCreateInput (the parsed values). */
export type PlatformLinkCreateValues = PlatformLinkCreateInput;
export type PlatformLinkUpdateRawInput = z.input<typeof platformLinkUpdateSchema>;
export type PlatformLinkUpdateInput = z.output<typeof platformLinkUpdateSchema>;
/** Alias of PlatformLinkUpdateInput (the parsed values). */
export type PlatformLinkUpdateValues = PlatformLinkUpdateInput;
