import { useQuery } from '@tanstack/react-query';
import type { MetaTagValues } from '@shared/schemas';
import type { MetaTag } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useMetaTags() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.metaTags,
    queryFn: ({ signal }) => api.get<MetaTag[]>('/api/admin/meta-tags', { signal }),
  });
}

export function useMetaTagMutations() {
  return useCrudMutations<MetaTagValues, MetaTag>('/api/admin/meta-tags', [queryKeys.metaTags]);
}
