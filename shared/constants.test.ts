import { describe, expect, it } from 'vitest';
import {
  ADMIN_BADGE_COLORS,
  BADGE_COLORS,
  CATEGORY_COLORS,
  CATEGORY_GROUPS,
  CATEGORY_ICONS,
  CONTACT_DEFAULTS,
  PLATFORM_DISPLAY_NAMES,
  PLATFORMS,
} from './constants';

describe('constants of spec section 9', () => {
  it('lists the 6 platforms, TikTok shown as TikTok Shop', () => {
    expect(PLATFORMS).toEqual(['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak', 'TikTok']);
    expect(PLATFORM_DISPLAY_NAMES.TikTok).toBe('TikTok Shop');
  });

  it('has 29 icons, 30 text- colour classes and 13 groups, without duplicates', () => {
    expect(CATEGORY_ICONS).toHaveLength(29);
    expect(new Set(CATEGORY_ICONS).size).toBe(29);
    expect(CATEGORY_ICONS[0]).toBe('ShirtIcon');
    expect(CATEGORY_ICONS.at(-1)).toBe('MoonIcon');
    expect(CATEGORY_COLORS).toHaveLength(30);
    expect(new Set(CATEGORY_COLORS).size).toBe(30);
    expect(CATEGORY_COLORS.every((c) => /^text-[a-z]+-\d{3}$/.test(c))).toBe(true);
    expect(CATEGORY_GROUPS).toHaveLength(13);
  });

  it('keeps the admin badge colours inside the accepted union', () => {
    expect(ADMIN_BADGE_COLORS).toHaveLength(6);
    for (const color of ADMIN_BADGE_COLORS) expect(BADGE_COLORS).toContain(color);
    expect(BADGE_COLORS).toContain('pink');
  });

  it('defaults contact business hours as the spec says', () => {
    expect(CONTACT_DEFAULTS.businessHours).toEqual({
      weekdays: '09:00 - 18:00 WIB',
      weekend: '09:00 - 15:00 WIB',
    });
  });
});
