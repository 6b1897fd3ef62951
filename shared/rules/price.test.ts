import { describe, expect, it } from 'vitest';
import {
  formatRupiah,
  isPriceValue,
  MAX_PRICE_RUPIAH,
  parseRupiah,
  resolvePriceValue,
} from './price';

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
    ['Rp1,299,000', 1299000],
    ['Rp 1,299,000.00', 1299000],
    ['1,299', 1299],
    ['IDR 250.000', 250000],
    ['Rp 1.299.000,5', 1299000],
    ['1299000,00', 1299000],
    ['1299000.00', 1299000],
    ['Rp\u00a01.299.000', 1299000],
    ['Rp 100.000.000.000', MAX_PRICE_RUPIAH],
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
    '-1.299.000',
    'Rp 1.299,000',
    'Rp 1,299.000',
    '1.299.000,000',
    '1,299,000,00',
    'Rp 1.299.000 - 1.499.000',
    'Rp 100.000.000.001',
    '99999999999999999999',
    'Rp 1e6',
    '0x10',
    'Rp 12.000 / pcs',
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

describe('resolvePriceValue', () => {
  it('prefers the amount given directly, otherwise reads the text', () => {
    expect(resolvePriceValue('Rp 1.299.000', 1_199_000)).toBe(1_199_000);
    expect(resolvePriceValue('Rp 1.299.000')).toBe(1_299_000);
    expect(resolvePriceValue('Rp 1.299.000', null)).toBe(1_299_000);
    expect(resolvePriceValue('', undefined)).toBeNull();
    expect(resolvePriceValue('N/A', null)).toBeNull();
  });

  it('refuses negative, fractional and huge amounts', () => {
    expect(resolvePriceValue('Rp 5.000', -1)).toBeNull();
    expect(resolvePriceValue('Rp 5.000', 1.5)).toBeNull();
    expect(resolvePriceValue('Rp 5.000', MAX_PRICE_RUPIAH + 1)).toBeNull();
    expect(isPriceValue(0)).toBe(true);
    expect(isPriceValue(MAX_PRICE_RUPIAH)).toBe(true);
    expect(isPriceValue('5000')).toBe(false);
    expect(isPriceValue(Number.NaN)).toBe(false);
  });
});
