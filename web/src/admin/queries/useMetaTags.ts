import type { MetaTagValues } from '@shared/schemas';
import type { AdminListPage, MetaTag } from '@shared/types';
import { useAdminListPage, useCrudMutations, type AdminPageRequest } from './crud';
import { queryKeys } from './keys';

/** One page of the meta tags, oldest first, searched and paged on the server. */
export function useMetaTagPage(request: AdminPageRequest) {
  return useAdminListPage<AdminListPage<'metaTags', MetaTag>>(
    queryKeys.metaTags,
    '/api/admin/meta-tags',
    request,
  );
}

export function useMetaTagMutations() {
  return useCrudMutations<MetaTagValues, MetaTag>('/api/admin/meta-tags', [queryKeys.metaTags]);
}
