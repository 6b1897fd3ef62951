import { useQuery } from '@tanstack/react-query';
import type {
  AnalyticsDashboard,
  CtaPerformance,
  MissedSearches,
  RealtimeStats,
  TopPages,
  TrafficByCountry,
} from '@shared/types';
import { useApi } from '../api/ApiContext';
import { queryKeys, type AnalyticsRange } from './keys';

function useAnalyticsQuery<T>(name: string, range: AnalyticsRange) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.analytics(name, range),
    queryFn: ({ signal }) =>
      api.get<T>(`/api/admin/analytics/${name}`, {
        signal,
        query: { from: range.from, to: range.to },
      }),
  });
}

export const useAnalyticsDashboard = (range: AnalyticsRange) =>
  useAnalyticsQuery<AnalyticsDashboard>('dashboard', range);

export const useTrafficByCountry = (range: AnalyticsRange) =>
  useAnalyticsQuery<TrafficByCountry>('traffic-by-country', range);

export const useTopPages = (range: AnalyticsRange) =>
  useAnalyticsQuery<TopPages>('top-pages', range);

/** Search terms that found nothing in the range, most searched first. */
export const useMissedSearches = (range: AnalyticsRange) =>
  useAnalyticsQuery<MissedSearches>('missed-searches', range);

export const useCtaPerformance = (range: AnalyticsRange) =>
  useAnalyticsQuery<CtaPerformance>('cta-performance', range);

/** First figures before the socket speaks; the socket then writes into the same cache entry. */
export function useRealtimeStats() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.realtime,
    queryFn: ({ signal }) => api.get<RealtimeStats>('/api/admin/analytics/realtime', { signal }),
  });
}
