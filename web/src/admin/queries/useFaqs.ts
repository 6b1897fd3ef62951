import type { FaqValues } from '@shared/schemas';
import type { AdminListPage, Faq } from '@shared/types';
import { useAdminListPage, useCrudMutations, type AdminPageRequest } from './crud';
import { queryKeys } from './keys';

/** One page of the FAQs, in their order field's order, searched and paged on the server. */
export function useFaqPage(request: AdminPageRequest) {
  return useAdminListPage<AdminListPage<'faqs', Faq>>(queryKeys.faqs, '/api/admin/faqs', request);
}

export function useFaqMutations() {
  return useCrudMutations<FaqValues, Faq>('/api/admin/faqs', [queryKeys.faqs]);
}
