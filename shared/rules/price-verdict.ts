import { PLATFORM_DISPLAY_NAMES, type Platform } from '../constants';
import { formatDate } from './format';
import { formatRupiah } from './price';
import type { PriceHistory } from './price-history';

export interface PriceVerdict {
  /** 'lowest': today's lowest price is the lowest of the last 30 days; else it was cheaper. */
  kind: 'lowest' | 'was-cheaper';
  /** e.g. 'Harga terendah 30 hari terakhir: Rp 1.099.000 (Shopee)'. */
  lowest30d: string;
  /** The plain verdict sentence. */
  text: string;
}

const nameOf = (platform: string) => PLATFORM_DISPLAY_NAMES[platform as Platform] ?? platform;

/**
 * What a shopper is told about the current price against the last 30 days; null when the
 * product has no price history or no current price. Dates are in Asia/Jakarta (id-ID).
 */
export function priceVerdict(history: PriceHistory | null | undefined): PriceVerdict | null {
  const lowest = history?.lowest;
  const low30 = history?.lowest30d;
  if (!lowest || !low30) return null;
  const lowest30d = `Harga terendah 30 hari terakhir: ${formatRupiah(low30.price)} (${nameOf(low30.platform)})`;
  if (lowest.price <= low30.price) {
    return {
      kind: 'lowest',
      lowest30d,
      text: `Harga sekarang (${formatRupiah(lowest.price)} di ${nameOf(lowest.platform)}) adalah yang terendah dalam 30 hari terakhir.`,
    };
  }
  return {
    kind: 'was-cheaper',
    lowest30d,
    text: `Pernah lebih murah: ${formatRupiah(low30.price)} di ${nameOf(low30.platform)} pada ${formatDate(low30.at)}. Sekarang mulai ${formatRupiah(lowest.price)} di ${nameOf(lowest.platform)}.`,
  };
}
