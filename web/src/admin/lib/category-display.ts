// The category colour is stored as a Tailwind text class (spec section 9); the admin screens
// have no Tailwind, so the 30 choices are mapped to their palette values here.
const TAILWIND_TEXT_COLORS: Record<string, string> = {
  'text-pink-500': '#ec4899',
  'text-purple-500': '#a855f7',
  'text-indigo-500': '#6366f1',
  'text-green-500': '#22c55e',
  'text-blue-500': '#3b82f6',
  'text-orange-500': '#f97316',
  'text-blue-600': '#2563eb',
  'text-purple-600': '#9333ea',
  'text-red-600': '#dc2626',
  'text-gray-600': '#4b5563',
  'text-green-600': '#16a34a',
  'text-pink-600': '#db2777',
  'text-yellow-500': '#eab308',
  'text-teal-500': '#14b8a6',
  'text-indigo-600': '#4f46e5',
  'text-amber-600': '#d97706',
  'text-green-700': '#15803d',
  'text-emerald-600': '#059669',
  'text-blue-700': '#1d4ed8',
  'text-red-700': '#b91c1c',
  'text-purple-700': '#7e22ce',
  'text-blue-800': '#1e40af',
  'text-violet-600': '#7c3aed',
  'text-cyan-600': '#0891b2',
  'text-rose-600': '#e11d48',
  'text-sky-600': '#0284c7',
  'text-green-800': '#166534',
  'text-yellow-600': '#ca8a04',
  'text-purple-800': '#6b21a8',
  'text-red-500': '#ef4444',
};

const FALLBACK_COLOR = '#4b5563';

/** CSS colour of a stored colour class; an unknown class shows in grey. */
export function categoryColor(colorClass: string): string {
  return TAILWIND_TEXT_COLORS[colorClass] ?? FALLBACK_COLOR;
}

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
  const hue = match ? HUE_NAMES[match[1] ?? ''] : undefined;
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
