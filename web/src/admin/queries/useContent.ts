import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentUpdateValues } from '@shared/schemas';
import type { ContentBlock } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

export function useContentBlocks() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.content,
    queryFn: ({ signal }) => api.get<ContentBlock[]>('/api/admin/content', { signal }),
  });
}

export function useSaveContent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentUpdateValues) =>
      api.put<ContentBlock>(`/api/admin/content/${encodeURIComponent(input.key)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content }),
  });
}
