import { useQuery } from '@tanstack/react-query';
import type { FaqValues } from '@shared/schemas';
import type { Faq } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function useFaqs() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.faqs,
    queryFn: ({ signal }) => api.get<Faq[]>('/api/admin/faqs', { signal }),
  });
}

export function useFaqMutations() {
  return useCrudMutations<FaqValues, Faq>('/api/admin/faqs', [queryKeys.faqs]);
}
