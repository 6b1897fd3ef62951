import { describe, expect, it } from 'vitest';
import { MAX_PRICE_RUPIAH } from './price';
import { parseFeedPrice } from './feed-price';

describe('parseFeedPrice', () => {
  it('reads the Merchant form and bare digits', () => {
    expect(parseFeedPrice('1299000 IDR')).toBe(1_299_000);
    expect(parseFeedPrice('1299000')).toBe(1_299_000);
    expect(parseFeedPrice('0 IDR')).toBe(0);
    expect(parseFeedPrice('007')).toBe(7);
    expect(parseFeedPrice(`${MAX_PRICE_RUPIAH} IDR`)).toBe(MAX_PRICE_RUPIAH);
    expect(parseFeedPrice(`${MAX_PRICE_RUPIAH + 1} IDR`)).toBeNull();
    expect(parseFeedPrice('1234567890123456789 IDR')).toBeNull();
  });

  it('reads the other forms as before', () => {
    expect(parseFeedPrice('1.299.000,00 IDR')).toBe(1_299_000);
    expect(parseFeedPrice('Rp 1.299.000')).toBe(1_299_000);
    expect(parseFeedPrice('1,299,000.50 IDR')).toBe(1_299_001);
    expect(parseFeedPrice(' 1299000 IDR ')).toBe(1_299_000);
    expect(parseFeedPrice('1299000 idr')).toBe(1_299_000);
    expect(parseFeedPrice('1299000IDR')).toBe(1_299_000);
    expect(parseFeedPrice('1299000\u00a0IDR')).toBe(1_299_000);
  });

  it('refuses what is not a rupiah amount', () => {
    for (const text of ['', ' IDR', 'IDR', '-5 IDR', '12 USD', '1e5', '+1', 'abc', '12 IDR IDR']) {
      expect(parseFeedPrice(text), text).toBeNull();
    }
    expect(parseFeedPrice(undefined)).toBeNull();
    expect(parseFeedPrice(null)).toBeNull();
  });
});
