import { z } from 'zod';
import { MAX_LENGTH, PLATFORMS } from '../constants';
import { MAX_PRICE_RUPIAH } from '../rules/price';
import { formNumber, httpUrl, idField, oneOf, optionalText, requiredText } from './fields';

export const PLATFORM_LINK_MESSAGES = {
  productId: 'Produk harus dipilih',
  platform: 'Platform harus dipilih',
  affiliateUrl: 'URL afiliasi tidak valid',
  price: 'Harga harus diisi',
  priceValue: 'Harga angka tidak valid',
} as const;

const M = PLATFORM_LINK_MESSAGES;

const linkFields = {
  platform: oneOf(PLATFORMS, M.platform),
  affiliateUrl: httpUrl(M.affiliateUrl),
  /**
   * Whole rupiah, when the price is entered as a number; absent or null means "read it from
   * the display text" (resolvePriceValue).
   */
  priceValue: formNumber(M.priceValue, { min: 0, max: MAX_PRICE_RUPIAH, integer: true }).nullish(),
};

/** New link: platform, affiliate URL and price are all required (the Add button rule). */
export const platformLinkCreateSchema = z.object({
  productId: idField(M.productId),
  ...linkFields,
  price: requiredText(M.price, MAX_LENGTH.shortText, 'id'),
});

/** Inline edit of an existing link; the price is a free-text display value and may be cleared. */
export const platformLinkUpdateSchema = z.object({
  ...linkFields,
  price: optionalText(MAX_LENGTH.shortText, 'id'),
});

export type PlatformLinkCreateRawInput = z.input<typeof platformLinkCreateSchema>;
export type PlatformLinkCreateInput = z.output<typeof platformLinkCreateSchema>;
/** Alias of PlatformLinkCreateInput (the parsed values). */
export type PlatformLinkCreateValues = PlatformLinkCreateInput;
export type PlatformLinkUpdateRawInput = z.input<typeof platformLinkUpdateSchema>;
export type PlatformLinkUpdateInput = z.output<typeof platformLinkUpdateSchema>;
/** Alias of PlatformLinkUpdateInput (the parsed values). */
export type PlatformLinkUpdateValues = PlatformLinkUpdateInput;
