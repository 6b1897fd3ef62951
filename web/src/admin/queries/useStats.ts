import { useQuery } from '@tanstack/react-query';
import type { StatsResponse } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

export function useStats() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stats,
    queryFn: ({ signal }) => api.get<StatsResponse>('/api/admin/stats', { signal }),
  });
}
