// How a category looks on both sides: its icon name (spec section 9) drawn as an emoji, and its
// colour class (a Tailwind text class) as a hex value. The public site has no Tailwind and the
// admin screens have Mantine, so this one table serves both. Plain data: no Mantine.
import type { CategoryColor, CategoryIcon } from '@shared/constants';

const ICON_EMOJI: Record<CategoryIcon, string> = {
  ShirtIcon: '👕',
  SparklesIcon: '✨',
  UserIcon: '👤',
  HeartIcon: '❤️',
  HomeIcon: '🏠',
  CakeIcon: '🍰',
  DevicePhoneMobileIcon: '📱',
  DeviceTabletIcon: '💻',
  PuzzlePieceIcon: '🧩',
  TruckIcon: '🚚',
  FireIcon: '🔥',
  GiftIcon: '🎁',
  FaceSmileIcon: '😊',
  HomeModernIcon: '🛋️',
  BriefcaseIcon: '💼',
  BookOpenIcon: '📖',
  ShoppingCartIcon: '🛒',
  StarIcon: '⭐',
  ServerIcon: '🖥️',
  ShieldCheckIcon: '🛡️',
  ChartBarIcon: '📊',
  AcademicCapIcon: '🎓',
  PaintBrushIcon: '🖌️',
  CreditCardIcon: '💳',
  TicketIcon: '🎟️',
  MapPinIcon: '📍',
  BanknotesIcon: '💵',
  BackpackIcon: '🎒',
  MoonIcon: '🌙',
};

/** Unknown icon names get the tag fallback. */
export const FALLBACK_ICON = '🏷️';

/** Own keys only: a stored 'constructor' must not find Object's. */
function lookUp(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function categoryEmoji(icon: string): string {
  return lookUp(ICON_EMOJI, icon) ?? FALLBACK_ICON;
}

const COLOR_HEX: Record<CategoryColor, string> = {
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

/**
 * What a class outside the table shows: the site's orange to shoppers, and a neutral grey to
 * staff, for whom it marks a value to correct.
 */
export const UNKNOWN_CATEGORY_COLOR = { site: '#ea580c', staff: '#4b5563' } as const;

/**
 * 'text-pink-500' to its colour. Older data may lack the prefix ('pink-500'): the same colour.
 */
export function categoryColor(
  colorClass: string,
  unknownColor: string = UNKNOWN_CATEGORY_COLOR.site,
): string {
  const key = `text-${colorClass.replace(/^text-/, '')}`;
  return lookUp(COLOR_HEX, key) ?? unknownColor;
}
