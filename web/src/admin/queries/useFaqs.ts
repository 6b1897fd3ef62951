import type { FaqValues } from '@shared/schemas';
import type { Faq } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useFaqs() {
  return useAdminList<Faq>(queryKeys.faqs, '/api/admin/faqs');
}

export function useFaqMutations() {
  return useCrudMutations<FaqValues, Faq>('/api/admin/faqs', [queryKeys.faqs]);
}
