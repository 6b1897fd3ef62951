import type {
  ADMIN_BADGE_COLORS,
  FAQ_CATEGORIES,
  MEDIA_TYPES,
  POPUP_IMAGE_POSITIONS,
  POPUP_TYPES,
} from '@shared/constants';

// What staff read for the stored enum values (spec section 9), so no screen shows `both` or
// `announcement`; the values sent to the API stay as the spec names them.

type LabelsOf<T extends readonly string[]> = Record<T[number], string>;

export const MEDIA_TYPE_LABELS: LabelsOf<typeof MEDIA_TYPES> = {
  // Named for what the site does with it: the main picture on the card, and in the product
  // window a video if there is one, else "Media tidak tersedia" (spec section 4).
  default: 'Gambar di kartu saja',
  image: 'Gambar',
  video: 'Video',
  both: 'Gambar & Video',
};

export const BADGE_COLOR_LABELS: LabelsOf<typeof ADMIN_BADGE_COLORS> & { pink: string } = {
  green: 'Hijau',
  blue: 'Biru',
  purple: 'Ungu',
  red: 'Merah',
  orange: 'Oranye',
  yellow: 'Kuning',
  pink: 'Merah muda',
};

export const FAQ_CATEGORY_LABELS: LabelsOf<typeof FAQ_CATEGORIES> = {
  general: 'Umum',
  usage: 'Penggunaan',
  platforms: 'Platform',
  pricing: 'Harga',
  technical: 'Teknis',
};

export const POPUP_TYPE_LABELS: LabelsOf<typeof POPUP_TYPES> = {
  promo: 'Promo',
  announcement: 'Pengumuman',
  newsletter: 'Newsletter',
  discount: 'Diskon',
};

export const POPUP_IMAGE_POSITION_LABELS: LabelsOf<typeof POPUP_IMAGE_POSITIONS> = {
  none: 'Tanpa gambar',
  top: 'Atas',
  left: 'Kiri',
  right: 'Kanan',
  background: 'Latar belakang',
};

/** The label of a stored value; a value outside the list (older data) is shown as stored. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;
}

/** Select options: each stored value with its label, plus a stored value outside the list. */
export function labelledOptions(
  values: readonly string[],
  labels: Record<string, string>,
  current?: string | null,
): { value: string; label: string }[] {
  const all = current && !values.includes(current) ? [current, ...values] : values;
  return all.map((value) => ({ value, label: labelOf(labels, value) }));
}
