import { MAX_PRICE_RUPIAH } from './price';

/**
 * Prices as product feeds write them (Google Merchant: `1299000 IDR`; Indonesian shops:
 * `1.299.000,00 IDR`, `Rp 1.299.000`; English-style: `1,299,000.00 IDR`; a bare `1299000`).
 * The currency may stand before or after the amount; only rupiah (IDR, Rp) or none is read,
 * since every price we keep is in rupiah.
 */
const CURRENCY = /^(?:(?:idr|rp\.?)\s*)?(.*?)(?:\s*(?:idr|rp\.?))?$/i;

// Thousands with dots and optional decimals after a comma; thousands with commas and optional
// decimals after a dot; or plain digits with optional decimals after either.
const DOT_GROUPS = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
const COMMA_GROUPS = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/;

/** Digits in a price the quick reading takes (MAX_PRICE_RUPIAH has 12). */
const QUICK_DIGITS = 15;

/**
 * `1299000 IDR` or `1299000` (the Merchant spec's own form, most feeds' every row), read
 * without the regular expressions' match arrays and strings: a feed run reads two prices a
 * row, and their garbage was collected while the site's requests waited. Null: not that
 * form (the full reading decides).
 */
function quickRupiah(text: string): number | null {
  const end = text.endsWith(' IDR') ? text.length - 4 : text.length;
  if (end === 0 || end > QUICK_DIGITS) return null;
  let value = 0;
  for (let at = 0; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Whole rupiah from a feed's price text, or null when there is none to read: garbage, another
 * currency, a negative amount or one above MAX_PRICE_RUPIAH. Decimals (sen) are rounded.
 */
export function parseFeedPrice(text: string | undefined | null): number | null {
  if (typeof text !== 'string') return null;
  const quick = quickRupiah(text);
  if (quick !== null) return quick <= MAX_PRICE_RUPIAH ? quick : null;
  const trimmed = text.trim().replace(/\u00a0/g, ' ');
  if (!trimmed || trimmed.length > 40) return null;
  const amount = CURRENCY.exec(trimmed)?.[1]?.replace(/\s+/g, '') ?? '';
  const match = DOT_GROUPS.exec(amount) ?? COMMA_GROUPS.exec(amount) ?? PLAIN.exec(amount);
  if (!match?.[1]) return null;
  const whole = Number(match[1].replace(/[.,]/g, ''));
  const fraction = match[2] ? Number(`0.${match[2]}`) : 0;
  const value = Math.round(whole + fraction);
  return Number.isSafeInteger(value) && value <= MAX_PRICE_RUPIAH ? value : null;
}

export type FeedAvailability = 'in_stock' | 'out_of_stock';

const IN_STOCK = new Set([
  'in stock',
  'instock',
  'available',
  'preorder',
  'pre order',
  'backorder',
  'back order',
  'limited availability',
  'tersedia',
  'ada',
  'ready',
  'ready stock',
  'stok tersedia',
  'yes',
  'true',
  '1',
  'ya',
]);

const OUT_OF_STOCK = new Set([
  'out of stock',
  'outofstock',
  'sold out',
  'soldout',
  'discontinued',
  'unavailable',
  'not available',
  'habis',
  'stok habis',
  'kosong',
  'tidak tersedia',
  'no',
  'false',
  '0',
  'tidak',
]);

/**
 * A feed's availability text as ours: pre-orders and back-orders can be bought, so they are
 * in stock; null when the text says neither (the row keeps what it had).
 */
export function parseFeedAvailability(text: string | undefined | null): FeedAvailability | null {
  if (typeof text !== 'string') return null;
  const key = text
    .trim()
    .toLowerCase()
    // schema.org's https://schema.org/InStock, and in_stock / in-stock
    .replace(/^https?:\/\/schema\.org\//, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ');
  if (IN_STOCK.has(key)) return 'in_stock';
  if (OUT_OF_STOCK.has(key)) return 'out_of_stock';
  return null;
}
