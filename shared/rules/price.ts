import { formatNumber } from './format';

// 'Rp 1.299.000', 'Rp1.299.000,00', '1299000' and '1.299.000' are rupiah amounts; anything
// else (ranges, 'jt' abbreviations, free text) is not guessed at.
const RUPIAH = /^(?:rp\.?\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/i;

/** Whole rupiah from a display price, or null when empty, 'N/A' or not a plain amount. */
export function parseRupiah(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const match = RUPIAH.exec(text.trim());
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

/** e.g. 'Rp 1.299.000' (a plain space, so server and browser output match byte for byte). */
export function formatRupiah(amount: number): string {
  return `Rp ${formatNumber(Math.round(amount))}`;
}

/** The link with the lowest parseable price, or null when none has a price. */
export function lowestPriceLink<T extends { price?: string | null }>(
  links: readonly T[],
): T | null {
  let best: T | null = null;
  let bestPrice = Infinity;
  for (const link of links) {
    const price = parseRupiah(link.price);
    if (price !== null && price < bestPrice) {
      best = link;
      bestPrice = price;
    }
  }
  return best;
}
