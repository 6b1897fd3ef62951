import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS, CATEGORY_ICONS } from '@shared/constants';
import {
  categoryColor,
  categoryEmoji,
  FALLBACK_ICON,
  UNKNOWN_CATEGORY_COLOR,
} from './category-style';

describe('category style (site and back office alike)', () => {
  it('knows every colour choice of spec section 9, each its own shade', () => {
    const values = CATEGORY_COLORS.map((color) => categoryColor(color));
    for (const value of values) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(values).size).toBe(CATEGORY_COLORS.length);
  });

  it('reads older classes without the text- prefix as the same colour', () => {
    expect(categoryColor('pink-500')).toBe(categoryColor('text-pink-500'));
    expect(categoryColor('pink-500')).toBe('#ec4899');
  });

  it('shows an unknown class in the site orange, or in grey where staff ask for it', () => {
    expect(categoryColor('text-unknown-100')).toBe(UNKNOWN_CATEGORY_COLOR.site);
    expect(categoryColor('text-unknown-100', UNKNOWN_CATEGORY_COLOR.staff)).toBe('#4b5563');
    expect(categoryColor('constructor')).toBe(UNKNOWN_CATEGORY_COLOR.site);
  });

  it('draws every icon of spec section 9, and the tag for anything else', () => {
    const emoji = CATEGORY_ICONS.map(categoryEmoji);
    expect(emoji).not.toContain(FALLBACK_ICON);
    expect(categoryEmoji('NoSuchIcon')).toBe(FALLBACK_ICON);
    expect(categoryEmoji('constructor')).toBe(FALLBACK_ICON);
    expect(categoryEmoji('toString')).toBe(FALLBACK_ICON);
  });
});
