import { resolvePriceValue } from '@shared/rules/price';
import type { PlatformLink } from '@shared/types';

/** The lowest in-stock price of the links, on one marketplace or all (null: none known). */
export function lowestPrice(links: PlatformLink[], platform: string | null): number | null {
  let best: number | null = null;
  for (const link of links) {
    if (link.availability === 'out_of_stock') continue;
    if (platform && link.platform !== platform) continue;
    const price = link.priceValue ?? resolvePriceValue(link.price);
    if (price !== null && (best === null || price < best)) best = price;
  }
  return best;
}

/** A rupiah amount typed by the shopper ("1.250.000", "Rp 99000"): whole rupiah, or null. */
export function parseTypedRupiah(text: string): number | null {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '' || digits.length > 12) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

/** The change from then to now: rupiah and percent of then (negative: it dropped). */
export function priceChange(
  then: number | null,
  now: number | null,
): { amount: number; percent: number } | null {
  if (then === null || now === null || then <= 0) return null;
  const amount = now - then;
  return { amount, percent: Math.round((amount / then) * 1000) / 10 };
}
