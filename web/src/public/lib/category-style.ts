// Category icon names (spec section 9) drawn as emoji, and the colour classes as hex values.

import { categoryGroupLabel } from '@shared/rules/category';

const ICON_EMOJI: Record<string, string> = {
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

export function categoryEmoji(icon: string): string {
  return ICON_EMOJI[icon] ?? FALLBACK_ICON;
}

const COLOR_HEX: Record<string, string> = {
  'pink-500': '#ec4899',
  'purple-500': '#a855f7',
  'indigo-500': '#6366f1',
  'green-500': '#22c55e',
  'blue-500': '#3b82f6',
  'orange-500': '#f97316',
  'blue-600': '#2563eb',
  'purple-600': '#9333ea',
  'red-600': '#dc2626',
  'gray-600': '#4b5563',
  'green-600': '#16a34a',
  'pink-600': '#db2777',
  'yellow-500': '#eab308',
  'teal-500': '#14b8a6',
  'indigo-600': '#4f46e5',
  'amber-600': '#d97706',
  'green-700': '#15803d',
  'emerald-600': '#059669',
  'blue-700': '#1d4ed8',
  'red-700': '#b91c1c',
  'purple-700': '#7e22ce',
  'blue-800': '#1e40af',
  'violet-600': '#7c3aed',
  'cyan-600': '#0891b2',
  'rose-600': '#e11d48',
  'sky-600': '#0284c7',
  'green-800': '#166534',
  'yellow-600': '#ca8a04',
  'purple-800': '#6b21a8',
  'red-500': '#ef4444',
};

/** 'text-pink-500' (or 'pink-500') to its colour; unknown classes get the brand orange. */
export function categoryColor(colorClass: string): string {
  return COLOR_HEX[colorClass.replace(/^text-/, '')] ?? '#ea580c';
}

/**
 * Categories grouped by their group field, groups in the alphabetical order of the names
 * shoppers read (Indonesian), categories in their given order.
 */
export function groupCategories<T extends { group: string; name: string }>(
  categories: readonly T[],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const category of categories) {
    const list = groups.get(category.group) ?? [];
    list.push(category);
    groups.set(category.group, list);
  }
  return [...groups.entries()].sort(([a], [b]) =>
    categoryGroupLabel(a).localeCompare(categoryGroupLabel(b), 'id'),
  );
}
