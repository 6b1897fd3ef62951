// The reports of "Analytics staff act on" (DESIGN.md): one hook per report over the one fetch
// wrapper, and the address of each report's CSV with the same parameters.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DevicesReport,
  FunnelReport,
  ProductReportSort,
  ProductsReport,
  SourceDimension,
  SourcesReport,
} from '@shared/schemas/analytics-reports';
import { buildQuery, type QueryValue } from '@shared/api-client';
import { useAdminConfig, useApi } from '../api/ApiContext';

export interface ReportRange {
  from: string;
  to: string;
}

export interface FunnelFilters {
  categoryId?: string;
  platform?: string;
  source?: string;
  campaign?: string;
}

export interface ProductsReportRequest {
  page: number;
  limit: number;
  sort: ProductReportSort;
}

type ReportName = 'sources' | 'funnel' | 'products' | 'devices';

function useReport<T>(name: ReportName, query: Record<string, QueryValue>) {
  const api = useApi();
  return useQuery({
    queryKey: ['admin', 'analytics', 'report', name, query] as const,
    queryFn: ({ signal }) => api.get<T>(`/api/admin/analytics/${name}`, { signal, query }),
    // A new range or page keeps the figures on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export const useSourcesReport = (range: ReportRange, by: SourceDimension) =>
  useReport<SourcesReport>('sources', { ...range, by });

export const useFunnelReport = (range: ReportRange, filters: FunnelFilters) =>
  useReport<FunnelReport>('funnel', { ...range, ...filters });

export const useProductsReport = (range: ReportRange, request: ProductsReportRequest) =>
  useReport<ProductsReport>('products', { ...range, ...request });

export const useDevicesReport = (range: ReportRange) =>
  useReport<DevicesReport>('devices', { ...range });

/** `/api/admin/analytics/<name>?…&format=csv`: the browser downloads it with the session cookie. */
export function useReportCsvUrl(name: ReportName, query: Record<string, QueryValue>): string {
  const { apiBaseUrl } = useAdminConfig();
  return `${apiBaseUrl}/api/admin/analytics/${name}${buildQuery({ ...query, format: 'csv' })}`;
}
