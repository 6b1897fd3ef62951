import { describe, expect, it } from 'vitest';
import { CATEGORY_GROUPS } from '../constants';
import {
  categoryCountClaim,
  categoryGroupLabel,
  groupCategories,
  iconInitials,
  productivity,
} from './category';

describe('iconInitials', () => {
  it('takes the first two letters, uppercased', () => {
    expect(iconInitials('ShirtIcon')).toBe('SH');
    expect(iconInitials('devicePhoneMobileIcon')).toBe('DE');
    expect(iconInitials('x')).toBe('X');
    expect(iconInitials('')).toBe('');
  });
});

describe('productivity', () => {
  it('is the average products per category, one decimal', () => {
    expect(productivity({ totalProducts: 10, totalCategories: 3 })).toBe(3.3);
    expect(productivity({ totalProducts: 62, totalCategories: 31 })).toBe(2);
    expect(productivity({ totalProducts: 5, totalCategories: 4 })).toBe(1.3);
  });

  it('is 0 when either total is 0', () => {
    expect(productivity({ totalProducts: 0, totalCategories: 5 })).toBe(0);
    expect(productivity({ totalProducts: 5, totalCategories: 0 })).toBe(0);
  });
});

describe('groupCategories', () => {
  it('orders groups as in the spec and keeps category order', () => {
    const grouped = groupCategories([
      { name: 'Laptop', group: 'Technology' },
      { name: 'Custom', group: 'Zeta' },
      { name: 'Baju', group: 'Fashion & Beauty' },
      { name: 'HP', group: 'Technology' },
      { name: 'Other', group: 'Alpha' },
    ]);
    expect(grouped.map((g) => g.group)).toEqual([
      'Fashion & Beauty',
      'Technology',
      'Alpha',
      'Zeta',
    ]);
    expect(grouped[1]?.categories.map((c) => c.name)).toEqual(['Laptop', 'HP']);
  });
});

describe('categoryGroupLabel', () => {
  it('names every spec group in Indonesian and leaves other groups as stored', () => {
    expect(categoryGroupLabel('Technology')).toBe('Teknologi');
    expect(categoryGroupLabel('Fashion & Beauty')).toBe('Fashion & Kecantikan');
    const labels = CATEGORY_GROUPS.map(categoryGroupLabel);
    expect(new Set(labels).size).toBe(CATEGORY_GROUPS.length);
    expect(labels.filter((label, i) => label === CATEGORY_GROUPS[i])).toEqual([]);
    expect(categoryGroupLabel('Grup Baru')).toBe('Grup Baru');
  });
});

describe('categoryCountClaim', () => {
  it("keeps the spec's minimum until the catalogue has more, then shows the real count", () => {
    expect(categoryCountClaim(undefined, 31)).toBe('31+');
    expect(categoryCountClaim(12, 31)).toBe('31+');
    expect(categoryCountClaim(31, 31)).toBe('31+');
    expect(categoryCountClaim(34, 31)).toBe('34');
    expect(categoryCountClaim(34, 30)).toBe('34');
    expect(categoryCountClaim(1250, 30)).toBe('1.250');
  });
});
