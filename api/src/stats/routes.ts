import { Router } from 'express';
import { json, validate } from '../middleware/validate';
import type { AppContext } from '../context';
import { readStats } from './queries';

export function adminStatsRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => readStats(db)),
  );
  return router;
}
