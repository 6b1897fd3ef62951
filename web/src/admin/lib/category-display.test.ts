import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '@shared/constants';
import { colorLabel, optionsWith, slugify } from './category-display';

describe('category display helpers', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify('Elektronik & Gadget')).toBe('elektronik-gadget');
    expect(slugify('  Kecantikan   Wanita ')).toBe('kecantikan-wanita');
    expect(slugify('Café Ñoño')).toBe('cafe-nono');
  });
  it('keeps a stored value that is not in the list', () => {
    expect(optionsWith(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
    expect(optionsWith(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });
});

describe('colorLabel', () => {
  it('names every colour choice in Indonesian instead of its class', () => {
    const labels = CATEGORY_COLORS.map(colorLabel);
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z -]+ \d{3}$/);
    expect(new Set(labels).size).toBe(CATEGORY_COLORS.length);
    expect(colorLabel('text-blue-700')).toBe('Biru 700');
    expect(colorLabel('text-emerald-600')).toBe('Hijau zamrud 600');
  });
  it('shows an unknown class as stored', () => {
    expect(colorLabel('text-unknown-100')).toBe('text-unknown-100');
    expect(colorLabel('bg-red')).toBe('bg-red');
    expect(colorLabel('text-constructor-100')).toBe('text-constructor-100');
  });
});
