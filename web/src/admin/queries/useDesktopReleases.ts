import { useQuery } from '@tanstack/react-query';
import type { DesktopReleasesResponse } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

export function useDesktopReleases() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.desktopReleases,
    queryFn: ({ signal }) =>
      api.get<DesktopReleasesResponse>('/api/admin/desktop/releases', { signal }),
  });
}
