import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../db/database';
import { parseInput } from '../middleware/validate';
import { getCtaPerformance } from './queries/get-cta-performance';
import { getDashboard } from './queries/get-dashboard';
import { getMissedSearches } from './queries/get-missed-searches';
import { getRealtimeStats } from './queries/get-realtime-stats';
import { getTopPages } from './queries/get-top-pages';
import { getTrafficByCountry } from './queries/get-traffic-by-country';
import { parseRange } from './range';

const topPagesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(10),
});

/** GET /api/admin/analytics/* (mounted behind the admin session check). */
export function analyticsAdminRoutes(db: Database): Router {
  const router = Router();
  router.get('/dashboard', async (req, res) => {
    res.json(await getDashboard(db, parseRange(req.query)));
  });
  router.get('/traffic-by-country', async (req, res) => {
    res.json(await getTrafficByCountry(db, parseRange(req.query)));
  });
  router.get('/top-pages', async (req, res) => {
    const range = parseRange(req.query);
    const { limit } = parseInput(topPagesQuerySchema, { limit: req.query.limit });
    res.json(await getTopPages(db, range, limit));
  });
  router.get('/missed-searches', async (req, res) => {
    const range = parseRange(req.query);
    const { limit } = parseInput(topPagesQuerySchema, { limit: req.query.limit });
    res.json(await getMissedSearches(db, range, limit));
  });
  router.get('/cta-performance', async (req, res) => {
    res.json(await getCtaPerformance(db, parseRange(req.query)));
  });
  router.get('/realtime', async (_req, res) => {
    res.json(await getRealtimeStats(db));
  });
  return router;
}
