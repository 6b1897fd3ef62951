import { formatNumber } from './format';

/** The largest price accepted, in rupiah (100 miliar); larger amounts are typing mistakes. */
export const MAX_PRICE_RUPIAH = 100_000_000_000;

// 'Rp 1.299.000', 'Rp1.299.000,00', 'Rp1,299,000', '1299000' and '1.299.000' are rupiah
// amounts; anything else (ranges, 'jt' abbreviations, negative or free text) is not guessed
// at. Thousands are grouped by dots (Indonesian) or by commas (English), and the other mark
// may follow with one or two decimal digits, which are dropped: 'Rp 1,299' is 1299, not 1.
const RUPIAH =
  /^(?:(?:rp|idr)\.?\s*)?(?:(\d{1,3}(?:\.\d{3})+)(?:,\d{1,2})?|(\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?|(\d+)(?:[.,]\d{1,2})?)$/i;

/** Whole rupiah from a display price, or null when empty, 'N/A', not a plain amount or huge. */
export function parseRupiah(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const match = RUPIAH.exec(text.trim());
  const digits = match?.[1] ?? match?.[2] ?? match?.[3];
  if (!digits) return null;
  const value = Number(digits.replace(/[.,]/g, ''));
  return Number.isSafeInteger(value) && value <= MAX_PRICE_RUPIAH ? value : null;
}

/** True for a price entered as a number: whole rupiah from 0 to MAX_PRICE_RUPIAH. */
export function isPriceValue(value: unknown): value is number {
  return (
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_PRICE_RUPIAH
  );
}

/**
 * The numeric price stored with a link: the amount given directly when there is one,
 * otherwise the amount read from the display text (null when it has none).
 */
export function resolvePriceValue(
  price: string | null | undefined,
  priceValue?: number | null,
): number | null {
  if (priceValue !== undefined && priceValue !== null) {
    return isPriceValue(priceValue) ? priceValue : null;
  }
  return parseRupiah(price);
}

/** e.g. 'Rp 1.299.000' (a plain space, so server and browser output match byte for byte). */
export function formatRupiah(amount: number): string {
  return `Rp ${formatNumber(Math.round(amount))}`;
}
