import { z } from 'zod';
import { brokenLinksPageSchema, linkHealthSummarySchema } from '@shared/schemas/responses';
import { positiveInt } from '../../lib/params';
import { documentRoutes } from '../../openapi/registry';

/** What the route's own reader accepts (page 1 to 100.000, limit 1 to 100, default 20). */
const brokenQuery = z.object({ page: positiveInt(1, 100_000), limit: positiveInt(20, 100) });

export const linkHealthApi = documentRoutes({ tag: 'Admin: produk', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/link-health',
    summary: 'Ringkasan pemeriksaan tautan untuk dasbor',
    responses: { 200: { description: 'Ringkasan', schema: linkHealthSummarySchema } },
  },
  {
    method: 'get',
    path: '/admin/link-health/broken',
    summary: 'Tautan yang rusak, per halaman',
    query: brokenQuery,
    responses: { 200: { description: 'Satu halaman tautan rusak', schema: brokenLinksPageSchema } },
  },
]);
