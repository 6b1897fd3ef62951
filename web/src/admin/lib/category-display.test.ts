import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '@shared/constants';
import { categoryColor, optionsWith, readableTextOn, slugify } from './category-display';

describe('category display helpers', () => {
  it('knows every colour choice of spec section 9', () => {
    const values = CATEGORY_COLORS.map(categoryColor);
    for (const value of values) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    // Every class has its own shade, so no two choices look alike.
    expect(new Set(values).size).toBe(CATEGORY_COLORS.length);
    expect(categoryColor('text-unknown-100')).toBe('#4b5563');
  });
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

describe('readableTextOn', () => {
  it('puts white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1e40af')).toBe('#ffffff');
    expect(readableTextOn('#eab308')).toBe('#1a1b1e');
  });
});
