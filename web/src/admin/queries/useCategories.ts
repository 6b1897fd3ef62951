import { useQuery } from '@tanstack/react-query';
import type { CategoryValues } from '@shared/schemas';
import type { Category } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api.get<Category[]>('/api/admin/categories', { signal }),
  });
}

/** Categories feed the dashboard figures and the product cards' category names. */
export function useCategoryMutations() {
  return useCrudMutations<CategoryValues, Category>('/api/admin/categories', [
    queryKeys.categories,
    queryKeys.stats,
    queryKeys.products,
  ]);
}
