import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@shared/api-client';
import { TIMINGS } from '@shared/constants';
import type { AuthResponse, SessionUser } from '@shared/types';
import type { LoginValues } from '@shared/schemas';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

/**
 * The session user, or null when signed out. Spec section 7: a 401 means unauthenticated;
 * section 4: any other failure counts as unauthenticated too. Cached 5 minutes.
 */
export function useMe() {
  const api = useApi();
  return useQuery<SessionUser | null>({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => {
      try {
        const body = await api.get<AuthResponse>('/api/admin/me', { signal });
        return body.user;
      } catch (error) {
        // A check that react-query cancelled (a newer check replaced it, or its screen went
        // away) is no failure: rethrowing lets react-query drop it and keep the current user.
        if (signal.aborted) throw error;
        if (!(isApiError(error) && error.status === 401)) {
          console.error('Session check failed', error);
        }
        return null;
      }
    },
    staleTime: TIMINGS.sessionCache,
  });
}

export function useLogin() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => api.post<AuthResponse>('/api/admin/login', values),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.me, body.user);
      // Spec section 4: the session is checked again shortly after a successful sign-in.
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }, TIMINGS.postLoginRecheck);
    },
  });
}

export function useLogout() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/admin/logout');
      } catch (error) {
        // Spec section 8: a logout failure is only logged; the user is signed out locally anyway.
        console.error('Logout failed', error);
      }
    },
    onSettled: () => {
      // Every cached list belongs to the signed-in session: wipe them all.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
    },
  });
}
