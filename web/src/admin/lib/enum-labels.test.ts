import { describe, expect, it } from 'vitest';
import {
  BADGE_COLORS,
  FAQ_CATEGORIES,
  MEDIA_TYPES,
  POPUP_IMAGE_POSITIONS,
  POPUP_TYPES,
} from '@shared/constants';
import {
  BADGE_COLOR_LABELS,
  FAQ_CATEGORY_LABELS,
  labelledOptions,
  labelOf,
  MEDIA_TYPE_LABELS,
  POPUP_IMAGE_POSITION_LABELS,
  POPUP_TYPE_LABELS,
} from './enum-labels';

describe('enum labels', () => {
  it('gives every value of spec section 9 its own Indonesian label', () => {
    const lists: [readonly string[], Record<string, string>][] = [
      [MEDIA_TYPES, MEDIA_TYPE_LABELS],
      [BADGE_COLORS, BADGE_COLOR_LABELS],
      [FAQ_CATEGORIES, FAQ_CATEGORY_LABELS],
      [POPUP_TYPES, POPUP_TYPE_LABELS],
      [POPUP_IMAGE_POSITIONS, POPUP_IMAGE_POSITION_LABELS],
    ];
    for (const [values, labels] of lists) {
      const shown = values.map((value) => labelOf(labels, value));
      expect(new Set(shown).size).toBe(values.length);
    }
    expect(MEDIA_TYPES.map((value) => labelOf(MEDIA_TYPE_LABELS, value))).toEqual([
      'Gambar di kartu saja',
      'Gambar',
      'Video',
      'Gambar & Video',
    ]);
  });

  it('shows a value outside the list as stored, and offers it in the options', () => {
    expect(labelOf(MEDIA_TYPE_LABELS, 'hologram')).toBe('hologram');
    expect(labelOf(MEDIA_TYPE_LABELS, 'toString')).toBe('toString');
    expect(labelledOptions(['image'], MEDIA_TYPE_LABELS, 'hologram')).toEqual([
      { value: 'hologram', label: 'hologram' },
      { value: 'image', label: 'Gambar' },
    ]);
  });
});
