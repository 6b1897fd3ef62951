import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, parseCsvBoolean, splitImageUrls } from './product-csv';

describe('product CSV rules', () => {
  it('reads the booleans true/false/1/0/ya/tidak in any case, nothing else', () => {
    expect(['true', 'TRUE', '1', 'ya', ' Ya '].map(parseCsvBoolean)).toEqual(Array(5).fill(true));
    expect(['false', '0', 'tidak', 'TIDAK'].map(parseCsvBoolean)).toEqual(Array(4).fill(false));
    expect(['', 'yes', 'no', '2'].map(parseCsvBoolean)).toEqual(Array(4).fill(null));
  });

  it('splits image variations on |, dropping blanks', () => {
    expect(splitImageUrls(' https://a.test/1.webp | |https://a.test/2.webp|')).toEqual([
      'https://a.test/1.webp',
      'https://a.test/2.webp',
    ]);
    expect(splitImageUrls('')).toEqual([]);
  });

  it('has a url and a price column per platform after the product fields', () => {
    expect(PRODUCT_CSV_COLUMNS.slice(0, 2)).toEqual(['sku', 'title']);
    expect(PRODUCT_CSV_COLUMNS.slice(-3)).toEqual([
      'tiktok_url',
      'tiktok_price',
      'tiktok_original_price',
    ]);
    expect(PRODUCT_CSV_COLUMNS).toHaveLength(15 + 18);
  });
});
