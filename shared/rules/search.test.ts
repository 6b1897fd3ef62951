import { describe, expect, it } from 'vitest';
import { matchesAdminSearch, matchesSearch, normalizeSearch } from './search';

const product = {
  title: 'Sepatu Lari Pria',
  description: 'Ringan dan nyaman untuk jogging',
  badgeText: 'Best Seller',
};

describe('normalizeSearch', () => {
  it('trims and lowercases', () => {
    expect(normalizeSearch('  SePaTu  ')).toBe('sepatu');
    expect(normalizeSearch(undefined)).toBe('');
  });
});

describe('matchesSearch', () => {
  it('matches the title case-insensitively and trimmed', () => {
    expect(matchesSearch(product, '  SEPATU ')).toBe(true);
    expect(matchesSearch(product, 'lari pria')).toBe(true);
  });

  it('matches the description', () => {
    expect(matchesSearch(product, 'JOGGING')).toBe(true);
  });

  it('matches the badge text', () => {
    expect(matchesSearch(product, 'best seller')).toBe(true);
  });

  it('matches the category name passed in or embedded', () => {
    expect(matchesSearch(product, 'olahraga', 'Olahraga & Outdoor')).toBe(true);
    expect(matchesSearch({ ...product, category: { name: 'Olahraga' } }, 'olahraga')).toBe(true);
    expect(matchesSearch(product, 'olahraga')).toBe(false);
  });

  it('does not match unrelated text', () => {
    expect(matchesSearch(product, 'kulkas', 'Elektronik')).toBe(false);
  });

  it('matches everything for an empty or blank term', () => {
    expect(matchesSearch(product, '')).toBe(true);
    expect(matchesSearch(product, '   ')).toBe(true);
  });

  it('copes with missing optional fields', () => {
    expect(matchesSearch({ title: 'Kulkas', description: null, badgeText: null }, 'promo')).toBe(
      false,
    );
  });
});

describe('matchesAdminSearch', () => {
  it('ignores the category name', () => {
    const withCategory = { ...product, category: { name: 'Olahraga' } };
    expect(matchesAdminSearch(withCategory, 'olahraga')).toBe(false);
    expect(matchesAdminSearch(withCategory, 'seller')).toBe(true);
  });
});
