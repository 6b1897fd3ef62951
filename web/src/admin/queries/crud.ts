import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useApi } from '../api/ApiContext';

/** One admin list: GET `path` under `queryKey`. */
export function useAdminList<TEntity>(
  queryKey: QueryKey,
  path: string,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const api = useApi();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<TEntity[]>(path, { signal }),
    ...options,
  });
}

/** Which page of a paged admin list to read, and the search that narrows it. */
export interface AdminPageRequest {
  page: number;
  limit: number;
  search: string;
}

/**
 * One page of an admin list paged on the server: GET `path?page=N&limit=L&search=` under
 * `queryKey` (so a save that reloads `queryKey` reloads every page). The page on screen stays
 * while the next one loads.
 */
export function useAdminListPage<TPage>(
  queryKey: QueryKey,
  path: string,
  { page, limit, search }: AdminPageRequest,
) {
  const api = useApi();
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search.trim()) params.set('search', search.trim());
  const query = params.toString();
  return useQuery({
    queryKey: [...queryKey, 'page', query],
    queryFn: ({ signal }) => api.get<TPage>(`${path}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Create, update and delete for one admin resource. After each success the given lists are
 * reloaded (spec section 7: after each successful save the relevant lists are reloaded).
 */
export function useCrudMutations<TInput, TEntity, TUpdate = TInput>(
  path: string,
  reload: readonly QueryKey[],
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const create = useMutation({
    mutationFn: (input: TInput) => api.post<TEntity>(path, input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdate }) =>
      api.put<TEntity>(`${path}/${encodeURIComponent(id)}`, input),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`${path}/${encodeURIComponent(id)}`),
    onSuccess,
  });
  return { create, update, remove };
}
