import { describe, expect, it } from 'vitest';
import { formatRupiah, lowestPriceLink, parseRupiah } from './price';

describe('parseRupiah', () => {
  it.each([
    ['Rp 1.299.000', 1299000],
    ['Rp1.299.000', 1299000],
    ['rp. 75.000', 75000],
    ['1.299.000', 1299000],
    ['1299000', 1299000],
    ['Rp 1.299.000,00', 1299000],
    ['  Rp 999  ', 999],
    ['0', 0],
  ])('%j -> %d', (text, value) => {
    expect(parseRupiah(text)).toBe(value);
  });

  it.each([
    '',
    '   ',
    'N/A',
    'n/a',
    '-',
    'Rp',
    'gratis',
    'Rp 1,5 jt',
    '1.2345',
    '12.34.567',
    'Rp -5',
  ])('%j -> null', (text) => {
    expect(parseRupiah(text)).toBeNull();
  });

  it('returns null for missing values', () => {
    expect(parseRupiah(null)).toBeNull();
    expect(parseRupiah(undefined)).toBeNull();
  });
});

describe('formatRupiah', () => {
  it('formats whole rupiah with dot separators', () => {
    expect(formatRupiah(1299000)).toBe('Rp 1.299.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999.6)).toBe('Rp 1.000');
  });

  it('round-trips through parseRupiah', () => {
    expect(parseRupiah(formatRupiah(45678900))).toBe(45678900);
  });
});

describe('lowestPriceLink', () => {
  it('picks the cheapest parseable price and skips empty ones', () => {
    const links = [
      { platform: 'Shopee', price: 'Rp 1.299.000' },
      { platform: 'Lazada', price: 'N/A' },
      { platform: 'Tokopedia', price: 'Rp 1.199.000' },
      { platform: 'Blibli', price: null },
    ];
    expect(lowestPriceLink(links)?.platform).toBe('Tokopedia');
  });

  it('returns null when nothing has a price', () => {
    expect(lowestPriceLink([{ price: '' }, { price: null }])).toBeNull();
    expect(lowestPriceLink([])).toBeNull();
  });
});
