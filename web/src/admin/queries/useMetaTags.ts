import type { MetaTagValues } from '@shared/schemas';
import type { MetaTag } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useMetaTags() {
  return useAdminList<MetaTag>(queryKeys.metaTags, '/api/admin/meta-tags');
}

export function useMetaTagMutations() {
  return useCrudMutations<MetaTagValues, MetaTag>('/api/admin/meta-tags', [queryKeys.metaTags]);
}
