import { describe, expect, it } from 'vitest';
import {
  isHotDeal,
  popularFallback,
  popularLabel,
  popularScore,
  promoFallback,
  type RankedFields,
} from './ranking';

const at = (iso: string) => iso;

describe('popularScore', () => {
  it('adds 10 for a badge, a tenth of the discount and seconds / 1e6', () => {
    const createdAt = '2024-01-01T00:00:00.000Z';
    const seconds = Date.parse(createdAt) / 1000;
    expect(
      popularScore({ discountPercentage: 40, badgeText: 'Best Seller', createdAt }),
    ).toBeCloseTo(10 + 4 + seconds / 1e6, 9);
    expect(popularScore({ discountPercentage: 40, badgeText: null, createdAt })).toBeCloseTo(
      4 + seconds / 1e6,
      9,
    );
  });

  it('ignores a blank badge and accepts Date values', () => {
    const createdAt = new Date('2024-06-01T00:00:00.000Z');
    expect(popularScore({ discountPercentage: 0, badgeText: '   ', createdAt })).toBeCloseTo(
      createdAt.getTime() / 1000 / 1e6,
      9,
    );
  });
});

describe('popularLabel', () => {
  const plain: RankedFields = { discountPercentage: 10, createdAt: at('2024-01-01T00:00:00Z') };

  it('labels the top 3 as most popular before any other rule', () => {
    const big = { ...plain, discountPercentage: 80, badgeText: 'Promo' };
    expect(popularLabel(big, 0)).toBe('Paling Populer');
    expect(popularLabel(big, 1)).toBe('Paling Populer');
    expect(popularLabel(big, 2)).toBe('Paling Populer');
  });

  it('then big discount, then badge text, then trending', () => {
    expect(popularLabel({ ...plain, discountPercentage: 50, badgeText: 'Promo' }, 3)).toBe(
      'Diskon Besar',
    );
    expect(popularLabel({ ...plain, discountPercentage: 49, badgeText: 'Promo' }, 3)).toBe('Promo');
    expect(popularLabel({ ...plain, discountPercentage: 49, badgeText: '' }, 3)).toBe('Trending');
    expect(popularLabel(plain, 10)).toBe('Trending');
  });
});

describe('isHotDeal', () => {
  it('marks 50% and above', () => {
    expect(isHotDeal(49)).toBe(false);
    expect(isHotDeal(50)).toBe(true);
    expect(isHotDeal(90)).toBe(true);
  });
});

describe('promoFallback', () => {
  it('keeps active discounted products sorted by discount, biggest first', () => {
    const products = [
      { id: 'a', isActive: true, discountPercentage: 20, createdAt: at('2024-01-01T00:00:00Z') },
      { id: 'b', isActive: false, discountPercentage: 90, createdAt: at('2024-01-01T00:00:00Z') },
      { id: 'c', isActive: true, discountPercentage: 0, createdAt: at('2024-01-01T00:00:00Z') },
      { id: 'd', isActive: true, discountPercentage: 70, createdAt: at('2024-01-01T00:00:00Z') },
      { id: 'e', isActive: true, discountPercentage: 35, createdAt: at('2024-01-01T00:00:00Z') },
    ];
    expect(promoFallback(products).map((p) => p.id)).toEqual(['d', 'e', 'a']);
    expect(products).toHaveLength(5);
  });
});

describe('popularFallback', () => {
  it('keeps active products sorted by score, highest first', () => {
    const day = '2024-01-01T00:00:00Z';
    const products = [
      { id: 'badge', isActive: true, discountPercentage: 10, badgeText: 'Hot', createdAt: at(day) },
      { id: 'big', isActive: true, discountPercentage: 90, createdAt: at(day) },
      {
        id: 'inactive',
        isActive: false,
        discountPercentage: 99,
        badgeText: 'X',
        createdAt: at(day),
      },
      { id: 'small', isActive: true, discountPercentage: 5, createdAt: at(day) },
      {
        id: 'small-newer',
        isActive: true,
        discountPercentage: 5,
        createdAt: at('2024-01-02T00:00:00Z'),
      },
    ];
    // badge 10 + 1 beats 9; a day later adds 0.0864, which breaks the tie between the two 5%s.
    expect(popularFallback(products).map((p) => p.id)).toEqual([
      'badge',
      'big',
      'small-newer',
      'small',
    ]);
  });

  it('lets the creation time outweigh a badge across months, as the formula says', () => {
    const products = [
      {
        id: 'old-badge',
        isActive: true,
        discountPercentage: 0,
        badgeText: 'Hot',
        createdAt: at('2024-01-01T00:00:00Z'),
      },
      {
        id: 'new-plain',
        isActive: true,
        discountPercentage: 0,
        createdAt: at('2024-06-01T00:00:00Z'),
      },
    ];
    expect(popularFallback(products).map((p) => p.id)).toEqual(['new-plain', 'old-badge']);
  });
});
