import { Router } from 'express';
import { analyticsListQuerySchema, analyticsRangeQuerySchema } from '@shared/schemas/analytics';
import type { AppContext } from '../context';
import { json, validate } from '../middleware/validate';
import { getCtaPerformance } from './queries/get-cta-performance';
import { getDashboard } from './queries/get-dashboard';
import { getMissedSearches } from './queries/get-missed-searches';
import { getRealtimeStats } from './queries/get-realtime-stats';
import { getTopPages } from './queries/get-top-pages';
import { getTrafficByCountry } from './queries/get-traffic-by-country';
import { reportRange } from './range';
import { reportRoutes } from './reports/routes';

const report = validate({ query: analyticsRangeQuerySchema });
const list = validate({ query: analyticsListQuerySchema });

/** GET /api/admin/analytics/* (mounted behind the admin session check). */
export function adminAnalyticsRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/dashboard',
    json(report, ({ query }) => getDashboard(db, reportRange(query))),
  );
  router.get(
    '/traffic-by-country',
    json(report, ({ query }) => getTrafficByCountry(db, reportRange(query))),
  );
  router.get(
    '/top-pages',
    json(list, ({ query }) => getTopPages(db, reportRange(query), query.limit)),
  );
  router.get(
    '/missed-searches',
    json(list, ({ query }) => getMissedSearches(db, reportRange(query), query.limit)),
  );
  router.get(
    '/cta-performance',
    json(report, ({ query }) => getCtaPerformance(db, reportRange(query))),
  );
  router.get(
    '/realtime',
    json(validate({}), () => getRealtimeStats(db)),
  );
  reportRoutes(router, db);
  return router;
}
