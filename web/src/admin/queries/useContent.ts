import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentUpdateValues } from '@shared/schemas';
import type { ContentBlock } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useAdminList } from './crud';
import { queryKeys } from './keys';

export function useContentBlocks() {
  return useAdminList<ContentBlock>(queryKeys.content, '/api/admin/content');
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
