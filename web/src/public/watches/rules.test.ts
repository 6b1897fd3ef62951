import { describe, expect, it } from 'vitest';
import type { PlatformLink } from '@shared/types';
import { lowestPrice, parseTypedRupiah, priceChange } from './rules';

const link = (platform: string, priceValue: number | null, inStock = true) =>
  ({
    platform,
    price: null,
    priceValue,
    availability: inStock ? 'in_stock' : 'out_of_stock',
  }) as unknown as PlatformLink;

describe('the watch rules of the browser', () => {
  it('takes the lowest in-stock price, on one marketplace or all', () => {
    const links = [
      link('Shopee', 500_000),
      link('Lazada', 450_000, false),
      link('Blibli', 480_000),
    ];
    expect(lowestPrice(links, null)).toBe(480_000);
    expect(lowestPrice(links, 'Shopee')).toBe(500_000);
    expect(lowestPrice(links, 'Lazada')).toBeNull();
  });

  it('reads a typed rupiah amount', () => {
    expect(parseTypedRupiah('1.250.000')).toBe(1_250_000);
    expect(parseTypedRupiah('Rp 99000')).toBe(99_000);
    expect(parseTypedRupiah('0')).toBeNull();
    expect(parseTypedRupiah('abc')).toBeNull();
  });

  it('gives the change in rupiah and percent of the price then', () => {
    expect(priceChange(500_000, 400_000)).toEqual({ amount: -100_000, percent: -20 });
    expect(priceChange(300_000, 310_000)).toEqual({ amount: 10_000, percent: 3.3 });
    expect(priceChange(null, 1)).toBeNull();
  });
});
