import type { CategoryValues } from '@shared/schemas';
import type { Category, CategoryWithCount } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useCategories() {
  return useAdminList<CategoryWithCount>(queryKeys.categories, '/api/admin/categories');
}

/** Categories feed the dashboard figures and the product cards' category names. */
export function useCategoryMutations() {
  return useCrudMutations<CategoryValues, Category>('/api/admin/categories', [
    queryKeys.categories,
    queryKeys.stats,
    queryKeys.products,
  ]);
}
