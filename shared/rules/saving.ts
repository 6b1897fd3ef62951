/**
 * The price "before" a deal and the saving in rupiah (docs/contracts.md, "Shopping"): the
 * link's own original price when a source knows one above the price, else the price grossed up
 * by the product's discount and rounded to Rp 1.000. No discount and no original price: none.
 * The listing's SQL (migration 0014) computes the same figure; keep them in step.
 */
export interface SavingInput {
  priceValue: number | null;
  originalPriceValue?: number | null;
  discountPercentage: number;
}

export function beforePrice({
  priceValue,
  originalPriceValue,
  discountPercentage,
}: SavingInput): number | null {
  if (priceValue === null || priceValue <= 0) return null;
  if (originalPriceValue != null && originalPriceValue > priceValue) return originalPriceValue;
  if (discountPercentage <= 0 || discountPercentage >= 100) return null;
  const before = Math.round((priceValue * 100) / (100 - discountPercentage) / 1000) * 1000;
  return before > priceValue ? before : null;
}

/** Before price minus price; 0 when there is no before price. */
export function savingOf(input: SavingInput): number {
  const before = beforePrice(input);
  return before === null || input.priceValue === null ? 0 : before - input.priceValue;
}
