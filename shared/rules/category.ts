import { CATEGORY_GROUPS, type CategoryGroup } from '../constants';

/** Badge text on admin category cards: 'ShirtIcon' -> 'SH'. */
export function iconInitials(iconName: string | null | undefined): string {
  return (iconName ?? '').trim().slice(0, 2).toUpperCase();
}

/** Average products per category to one decimal; 0 when either total is 0. */
export function productivity(stats: { totalProducts: number; totalCategories: number }): number {
  const { totalProducts, totalCategories } = stats;
  if (!totalProducts || !totalCategories) return 0;
  return Math.round((totalProducts / totalCategories) * 10) / 10;
}

export interface CategoryGroupEntry<T> {
  group: string;
  categories: T[];
}

/**
 * Categories grouped by their group, groups in the spec's order and unknown groups after
 * them alphabetically; categories keep their given order inside a group.
 */
export function groupCategories<T extends { group: string }>(
  categories: readonly T[],
): CategoryGroupEntry<T>[] {
  const byGroup = new Map<string, T[]>();
  for (const category of categories) {
    const list = byGroup.get(category.group);
    if (list) list.push(category);
    else byGroup.set(category.group, [category]);
  }
  const known: readonly string[] = CATEGORY_GROUPS;
  const rank = (group: string) => {
    const index = known.indexOf(group);
    return index < 0 ? known.length : index;
  };
  return [...byGroup.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([group, list]) => ({ group, categories: list }));
}

/**
 * How shoppers read the spec's group names, which are English: the stored values stay the
 * spec's (the admin form and the import use them), only the display is Indonesian.
 */
export const CATEGORY_GROUP_LABELS: Record<CategoryGroup, string> = {
  'Fashion & Beauty': 'Fashion & Kecantikan',
  'Family & Home': 'Keluarga & Rumah',
  Technology: 'Teknologi',
  'Sports & Lifestyle': 'Olahraga & Gaya Hidup',
  'Business & Education': 'Bisnis & Pendidikan',
  'Food & Groceries': 'Makanan & Bahan Pokok',
  Lifestyle: 'Gaya Hidup',
  'Digital Services': 'Layanan Digital',
  Entertainment: 'Hiburan',
  'Travel & Entertainment': 'Wisata & Hiburan',
  'Finance & Investment': 'Keuangan & Investasi',
  Seasonal: 'Musiman',
  'Special Campaigns': 'Kampanye Spesial',
};

/** A group's Indonesian name; a group outside the spec's list shows as stored. */
export function categoryGroupLabel(group: string): string {
  return (CATEGORY_GROUP_LABELS as Record<string, string>)[group] ?? group;
}

/**
 * The spec's category claims ('31+' in the hero, '30+' on the nav badge) are minimums: the
 * real number shows once the catalogue has more, so no two places contradict each other.
 */
export function categoryCountClaim(count: number | undefined, minimum: number): string {
  return count !== undefined && count > minimum ? count.toLocaleString('id-ID') : `${minimum}+`;
}
