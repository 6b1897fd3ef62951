import type { Category as CategoryJson } from '@shared/types';
import type { Category } from '../../db/models';
import { iso } from '../../lib/json';

export const presentCategory = (category: Category): CategoryJson => ({
  id: String(category.id),
  name: category.name,
  slug: category.slug,
  icon: category.icon,
  color: category.color,
  group: category.group,
  createdAt: iso(category.createdAt),
});
