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

/** Black or white text, whichever reads better on the given #rrggbb background (WCAG luminance). */
export function readableTextOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is (1.05)/(L+0.05); against black (L+0.05)/0.05. Pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#1a1b1e';
}
