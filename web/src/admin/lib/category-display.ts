// Indonesian names of the Tailwind hues the colour choices use.
const HUE_NAMES: Record<string, string> = {
  pink: 'Merah muda',
  purple: 'Ungu',
  indigo: 'Nila',
  green: 'Hijau',
  blue: 'Biru',
  orange: 'Oranye',
  red: 'Merah',
  gray: 'Abu-abu',
  yellow: 'Kuning',
  teal: 'Hijau toska',
  amber: 'Kuning amber',
  emerald: 'Hijau zamrud',
  violet: 'Violet',
  cyan: 'Sian',
  rose: 'Merah mawar',
  sky: 'Biru langit',
};

/**
 * What staff read instead of a stored colour class: 'text-blue-700' -> 'Biru 700' (the number
 * is the shade, lighter to darker). An unknown class is shown as stored.
 */
export function colorLabel(colorClass: string): string {
  const match = /^text-([a-z]+)-(\d{2,3})$/.exec(colorClass);
  const hueName = match?.[1];
  const hue = hueName && Object.hasOwn(HUE_NAMES, hueName) ? HUE_NAMES[hueName] : undefined;
  return hue && match ? `${hue} ${match[2]}` : colorClass;
}

/** 'Elektronik & Gadget' -> 'elektronik-gadget'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Select options that always include the stored value, even one outside the fixed list. */
export function optionsWith(
  values: readonly string[],
  current: string | null | undefined,
): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}
