import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput, UserUpdateInput } from '@shared/schemas';
import type { AdminSessionInfo, AdminUserInfo, AuditPage } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys, type AuditFilters } from './keys';

/** The signed-in user's live sessions; reloaded whenever the panel opens. */
export function useSessions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => api.get<AdminSessionInfo[]>('/api/admin/sessions', { signal }),
    staleTime: 0,
  });
}

export function useSessionMutations() {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auditAll }),
    ]);
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/sessions/${encodeURIComponent(id)}`),
    onSuccess,
  });
  const revokeOthers = useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/admin/sessions/revoke-others'),
    onSuccess,
  });
  return { revoke, revokeOthers };
}

export function useAdminUsers() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => api.get<AdminUserInfo[]>('/api/admin/users', { signal }),
  });
}

export function useUserMutations() {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.users }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auditAll }),
    ]);
  const create = useMutation({
    mutationFn: (input: UserCreateInput) => api.post<AdminUserInfo>('/api/admin/users', input),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) =>
      api.put<AdminUserInfo>(`/api/admin/users/${encodeURIComponent(id)}`, input),
    onSuccess,
  });
  return { create, update };
}

/** One page of the audit log, as the filters in the address ask. */
export function useAuditLog(filters: AuditFilters) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.audit(filters),
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/api/admin/audit', {
        signal,
        query: {
          page: filters.page,
          limit: filters.limit,
          username: filters.username,
          entity: filters.entity,
          entityId: filters.entityId,
        },
      }),
    // The log grows while the screen is open: every visit reads it afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
