// What a shopper saves (docs/contracts.md, "Prices shoppers can read"): the price before the
// discount and the saving in rupiah, the same on cards, in the modal and in the API.

export interface SavingInput {
  /** The current price, whole rupiah; null when the link has none. */
  priceValue: number | null | undefined;
  /** The link's price before the discount when a source knows it (admin, import, feed). */
  originalPriceValue?: number | null | undefined;
  /** The product's discount, 0 to 100. */
  discountPercentage?: number | null | undefined;
}

/** A derived "before" price is rounded to this many rupiah: shops quote round prices. */
export const BEFORE_PRICE_ROUNDING = 1_000;

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The price before the discount, or null when there is none to show: the link's own
 * original price when known, else the price grossed up by the product's discount (rounded to
 * Rp 1.000). Never a "before" price at or under the price itself: the data would not support
 * it (an original price typed below the sale price, or a rounding that eats the discount).
 */
export function beforePrice({
  priceValue,
  originalPriceValue,
  discountPercentage,
}: SavingInput): number | null {
  if (!isAmount(priceValue)) return null;
  let before: number | null = null;
  if (originalPriceValue !== null && originalPriceValue !== undefined) {
    before = isAmount(originalPriceValue) ? Math.round(originalPriceValue) : null;
  } else if (
    isAmount(discountPercentage) &&
    discountPercentage > 0 &&
    discountPercentage < 100 &&
    priceValue > 0
  ) {
    const exact = priceValue / (1 - discountPercentage / 100);
    before = Math.round(exact / BEFORE_PRICE_ROUNDING) * BEFORE_PRICE_ROUNDING;
  }
  return before !== null && before > priceValue ? before : null;
}

/** Rupiah saved against beforePrice; null when there is no "before" price. */
export function savingOf(input: SavingInput): number | null {
  const before = beforePrice(input);
  return before === null || !isAmount(input.priceValue) ? null : before - input.priceValue;
}
