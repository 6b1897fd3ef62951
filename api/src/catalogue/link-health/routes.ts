import { Router } from 'express';
import { badRequest } from '../../errors';
import type { Database } from '../../db/database';
import { linkHealthSummary, listBrokenLinks } from './queries';

function positiveInt(raw: unknown, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const text = String(raw);
  const value = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (value < 1 || value > max) throw badRequest(`${name} must be from 1 to ${max}`);
  return value;
}

/**
 * Admin (behind the session check), mounted at /api/admin/link-health:
 * `GET /` {total, checked, broken, lastCheckedAt} for the dashboard, and
 * `GET /broken?page=N&limit=L` {links, currentPage, totalPages, totalCount} for the filter.
 */
export function linkHealthAdminRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await linkHealthSummary(db));
  });
  router.get('/broken', async (req, res) => {
    const page = positiveInt(req.query.page, 1, 100_000, 'page');
    const limit = positiveInt(req.query.limit, 20, 100, 'limit');
    res.json(await listBrokenLinks(db, page, limit));
  });
  return router;
}
