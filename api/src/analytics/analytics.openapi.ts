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
import {
  devicesQuerySchema,
  funnelQuerySchema,
  productsReportQuerySchema,
  sourcesQuerySchema,
} from '@shared/schemas/analytics-reports';
import {
  devicesReportSchema,
  funnelReportSchema,
  productsReportSchema,
  sourcesReportSchema,
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

/** A report answering JSON, or with `?format=csv` the same figures as a CSV file. */
const withCsv = (route: RouteDefinition): RouteDefinition => ({
  ...route,
  description: 'Dengan `?format=csv` jawabannya file CSV berisi angka yang sama.',
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
  withCsv(
    report(
      'sources',
      'Sumber kunjungan: kunjungan, tampilan produk, klik, CTR per sumber (dan periode sebelumnya)',
      sourcesReportSchema,
      sourcesQuerySchema,
    ),
  ),
  withCsv(
    report(
      'funnel',
      'Corong: kunjungan, produk dibuka, klik ke marketplace (dan periode sebelumnya)',
      funnelReportSchema,
      funnelQuerySchema,
    ),
  ),
  withCsv(
    report(
      'products',
      'Produk: tampilan, klik, CTR, pantauan, harga terendah (dan periode sebelumnya)',
      productsReportSchema,
      productsReportQuerySchema,
    ),
  ),
  withCsv(
    report(
      'devices',
      'Perangkat dan peramban per kunjungan (dan periode sebelumnya)',
      devicesReportSchema,
      devicesQuerySchema,
    ),
  ),
  {
    method: 'get',
    path: '/admin/analytics/realtime',
    summary: 'Angka langsung (juga dikirim lewat soket /ws)',
    responses: { 200: { description: 'Angka langsung', schema: realtimeStatsResponseSchema } },
  },
]);
