import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@shared/constants';
import type { PlatformLinkCreateValues, PlatformLinkUpdateValues } from '@shared/schemas';
import type { PlatformLink } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

/** A product's platform links; cached 300000 ms (spec section 7). */
export function usePlatformLinks(productId: string | null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.platformLinks(productId ?? ''),
    queryFn: ({ signal }) =>
      api.get<PlatformLink[]>(`/api/admin/platform-links/${encodeURIComponent(productId ?? '')}`, {
        signal,
      }),
    enabled: enabled && Boolean(productId),
    staleTime: TIMINGS.platformLinksCache,
  });
}

export function usePlatformLinkMutations(productId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  // Links change the product's platform badges too (the server keeps them in step).
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.platformLinks(productId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products }),
    ]);
  const create = useMutation({
    mutationFn: (input: PlatformLinkCreateValues) =>
      api.post<PlatformLink>('/api/admin/platform-links', input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlatformLinkUpdateValues }) =>
      api.put<PlatformLink>(`/api/admin/platform-links/${encodeURIComponent(id)}`, input),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/api/admin/platform-links/${encodeURIComponent(id)}`),
    onSuccess,
  });
  return { create, update, remove };
}
