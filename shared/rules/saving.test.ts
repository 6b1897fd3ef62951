import { describe, expect, it } from 'vitest';
import { beforePrice, savingOf } from './saving';

describe('beforePrice and savingOf', () => {
  it('takes the link original price when it is above the price', () => {
    expect(
      beforePrice({ priceValue: 299_000, originalPriceValue: 1_000_000, discountPercentage: 10 }),
    ).toBe(1_000_000);
    expect(
      savingOf({ priceValue: 299_000, originalPriceValue: 1_000_000, discountPercentage: 10 }),
    ).toBe(701_000);
  });

  it('derives it from the discount, rounded to Rp 1.000, without an original price', () => {
    // 150.000 / 0.7 = 214.285,7 -> 214.000
    expect(beforePrice({ priceValue: 150_000, discountPercentage: 30 })).toBe(214_000);
    expect(
      savingOf({ priceValue: 150_000, originalPriceValue: null, discountPercentage: 30 }),
    ).toBe(64_000);
  });

  it('ignores an original price at or under the price', () => {
    expect(
      beforePrice({ priceValue: 100_000, originalPriceValue: 100_000, discountPercentage: 0 }),
    ).toBeNull();
    expect(
      beforePrice({ priceValue: 100_000, originalPriceValue: 90_000, discountPercentage: 50 }),
    ).toBe(200_000);
  });

  it('has no before price without a discount, a price, or when rounding eats the saving', () => {
    expect(beforePrice({ priceValue: 100_000, discountPercentage: 0 })).toBeNull();
    expect(beforePrice({ priceValue: null, discountPercentage: 40 })).toBeNull();
    expect(beforePrice({ priceValue: 1_000, discountPercentage: 1 })).toBeNull();
    expect(savingOf({ priceValue: 1_000, discountPercentage: 1 })).toBe(0);
  });
});
