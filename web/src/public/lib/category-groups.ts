// The category groups as shoppers read them (sidebar, category directory).
import { categoryGroupLabel } from '@shared/rules/category';

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
