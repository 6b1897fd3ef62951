import { describe, expect, it } from 'vitest';
import { beforePrice, savingOf } from './saving';

describe('beforePrice and savingOf', () => {
  it('use the link original price when it is known', () => {
    const link = { priceValue: 1_299_000, originalPriceValue: 2_000_000, discountPercentage: 10 };
    expect(beforePrice(link)).toBe(2_000_000);
    expect(savingOf(link)).toBe(701_000);
  });

  it('derive the price before the discount, rounded to Rp 1.000, without an original price', () => {
    // 1.299.000 / 0.65 = 1.998.461,5 -> 1.998.000
    const link = { priceValue: 1_299_000, originalPriceValue: null, discountPercentage: 35 };
    expect(beforePrice(link)).toBe(1_998_000);
    expect(savingOf(link)).toBe(699_000);
    expect(beforePrice({ priceValue: 150_000, discountPercentage: 50 })).toBe(300_000);
  });

  it('show nothing without a discount and without an original price', () => {
    expect(beforePrice({ priceValue: 150_000, discountPercentage: 0 })).toBeNull();
    expect(savingOf({ priceValue: 150_000, originalPriceValue: null })).toBeNull();
  });

  it('never show an original price the data cannot support', () => {
    // Typed at or under the sale price: no struck-through price, not even a derived one.
    expect(
      beforePrice({ priceValue: 100_000, originalPriceValue: 100_000, discountPercentage: 20 }),
    ).toBeNull();
    expect(
      beforePrice({ priceValue: 100_000, originalPriceValue: 90_000, discountPercentage: 20 }),
    ).toBeNull();
    // Rounding that eats the whole discount of a cheap item.
    expect(beforePrice({ priceValue: 1_000, discountPercentage: 1 })).toBeNull();
    // No price, a free item, or a discount of 100% or more: nothing to derive from.
    expect(beforePrice({ priceValue: null, originalPriceValue: 200_000 })).toBeNull();
    expect(beforePrice({ priceValue: 0, discountPercentage: 50 })).toBeNull();
    expect(beforePrice({ priceValue: 50_000, discountPercentage: 100 })).toBeNull();
    expect(beforePrice({ priceValue: 50_000, discountPercentage: -10 })).toBeNull();
    expect(
      savingOf({ priceValue: 50_000, originalPriceValue: -1, discountPercentage: 10 }),
    ).toBeNull();
  });
});
