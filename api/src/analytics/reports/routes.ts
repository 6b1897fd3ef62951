import type { Router } from 'express';
import {
  devicesQuerySchema,
  funnelQuerySchema,
  productsReportQuerySchema,
  sourcesQuerySchema,
} from '@shared/schemas/analytics-reports';
import type { Database } from '../../db/database';
import { route, validate } from '../../middleware/validate';
import { devicesCsv, funnelCsv, productsCsv, sourcesCsv } from './csv';
import { getDevices, getFunnel, getProductsReport, getSources } from './queries';

/** GET /api/admin/analytics/{sources,funnel,products,devices}: JSON, or CSV with ?format=csv. */
export function reportRoutes(router: Router, db: Database): void {
  router.get(
    '/sources',
    route(validate({ query: sourcesQuerySchema }), async ({ query }, res) => {
      const report = await getSources(db, query);
      if (query.format === 'csv') sourcesCsv(res, report);
      else res.json(report);
    }),
  );
  router.get(
    '/funnel',
    route(validate({ query: funnelQuerySchema }), async ({ query }, res) => {
      const report = await getFunnel(db, query);
      if (query.format === 'csv') funnelCsv(res, report);
      else res.json(report);
    }),
  );
  router.get(
    '/products',
    route(validate({ query: productsReportQuerySchema }), async ({ query }, res) => {
      const report = await getProductsReport(db, query);
      if (query.format === 'csv') productsCsv(res, report);
      else res.json(report);
    }),
  );
  router.get(
    '/devices',
    route(validate({ query: devicesQuerySchema }), async ({ query }, res) => {
      const report = await getDevices(db, query);
      if (query.format === 'csv') devicesCsv(res, report);
      else res.json(report);
    }),
  );
}
