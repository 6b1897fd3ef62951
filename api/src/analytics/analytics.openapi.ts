import type { ZodType } from 'zod';
import { analyticsListQuerySchema, analyticsRangeQuerySchema } from '@shared/schemas/analytics';
import {
  analyticsDashboardSchema,
  ctaPerformanceSchema,
  missedSearchesSchema,
  realtimeStatsResponseSchema,
  topPagesSchema,
  trafficByCountrySchema,
} from '@shared/schemas/responses';
import { documentRoutes, type RouteDefinition } from '../openapi/registry';

const report = (
  name: string,
  summary: string,
  schema: ZodType,
  query: ZodType<unknown, Record<string, unknown>> = analyticsRangeQuerySchema,
): RouteDefinition => ({
  method: 'get',
  path: `/admin/analytics/${name}`,
  summary,
  query,
  responses: { 200: { description: 'Laporan', schema } },
});

export const analyticsApi = documentRoutes({ tag: 'Admin: analitik', access: 'admin' }, [
  report(
    'dashboard',
    'Pengunjung, tampilan halaman, perangkat, peramban, perujuk',
    analyticsDashboardSchema,
  ),
  report('traffic-by-country', 'Pengunjung per negara', trafficByCountrySchema),
  report('top-pages', 'Halaman paling banyak dilihat', topPagesSchema, analyticsListQuerySchema),
  report(
    'missed-searches',
    'Pencarian tanpa hasil',
    missedSearchesSchema,
    analyticsListQuerySchema,
  ),
  report('cta-performance', 'Klik ke marketplace per platform dan produk', ctaPerformanceSchema),
  {
    method: 'get',
    path: '/admin/analytics/realtime',
    summary: 'Angka langsung (juga dikirim lewat soket /ws)',
    responses: { 200: { description: 'Angka langsung', schema: realtimeStatsResponseSchema } },
  },
]);
