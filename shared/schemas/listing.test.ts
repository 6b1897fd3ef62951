import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  listingFilters,
  listingParams,
  listingQuerySchema,
  listingApiQuery,
  parseListingParams,
  readListingParams,
} from './listing';

describe('listing query schema', () => {
  it('parses every parameter into one shape', () => {
    const parsed = listingQuerySchema.parse({
      sort: 'price_asc',
      platform: 'shopee, TOKOPEDIA,Shopee',
      minPrice: '100000',
      maxPrice: '200000',
      minDiscount: '30',
      inStock: 'true',
      facets: 'true',
      page: '2',
    });
    expect(parsed).toMatchObject({ facets: true, minPrice: 100_000, maxPrice: 200_000 });
    expect(listingFilters(parsed)).toEqual({
      sort: 'price_asc',
      platforms: ['Shopee', 'Tokopedia'],
      minPrice: 100_000,
      maxPrice: 200_000,
      minDiscount: 30,
      inStock: true,
    });
  });

  it('refuses wrong values with Indonesian messages', () => {
    const message = (input: Record<string, string>) =>
      listingQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ sort: 'cheap' })).toMatch(/^Urutan tidak dikenal/);
    expect(message({ platform: 'Amazon' })).toMatch(/^Marketplace tidak dikenal/);
    expect(message({ minPrice: '1e5' })).toMatch(/^Harga minimum harus angka/);
    expect(message({ minPrice: '9', maxPrice: '1' })).toBe(
      'Harga minimum tidak boleh melebihi harga maksimum',
    );
    expect(message({ minDiscount: '100' })).toMatch(/^Diskon minimum/);
    expect(message({ inStock: '1' })).toMatch(/true atau false/);
  });

  it('reads a public address leniently: a wrong value is dropped, not an error', () => {
    expect(
      parseListingParams({
        sort: 'cheap',
        platform: 'Amazon',
        minPrice: '500',
        maxPrice: '100',
        minDiscount: '20',
        inStock: 'ya',
      }),
    ).toEqual({ platforms: [], minDiscount: 20, inStock: false });
    const filters = parseListingParams({ sort: 'saving', platform: 'lazada', maxPrice: '50000' });
    expect(listingParams(filters)).toEqual([
      ['sort', 'saving'],
      ['platform', 'Lazada'],
      ['maxPrice', '50000'],
    ]);
  });

  it('uses relevance only with a search', () => {
    expect(effectiveSort(undefined, true)).toBe('relevance');
    expect(effectiveSort(undefined, false)).toBe('newest');
    expect(effectiveSort('relevance', false)).toBe('newest');
    expect(effectiveSort('saving', true)).toBe('saving');
  });
});

describe('readListingParams', () => {
  it('reads the repeated platform boxes of a plain form like a comma list', () => {
    const params = new URLSearchParams(
      'platform=Shopee&platform=lazada&minPrice=&maxPrice=&minDiscount=&inStock=true',
    );
    expect(readListingParams(params)).toEqual({
      platforms: ['Shopee', 'Lazada'],
      inStock: true,
    });
    expect(listingApiQuery(readListingParams(params), true)).toBe(
      'platform=Shopee%2CLazada&inStock=true&facets=true',
    );
  });
});
