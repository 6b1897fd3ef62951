import { Router } from 'express';
import { z } from 'zod';
import { MAX_LENGTH } from '@shared/constants';
import type { AppContext } from '../../context';
import { json, validate } from '../../middleware/validate';
import { suggest } from './queries';

/** GET /api/search/suggest?q=: the header's suggestions; a missing q suggests nothing. */
export const suggestQuerySchema = z.object({ q: z.string().max(MAX_LENGTH.search).default('') });

export function publicSearchRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/suggest',
    json(validate({ query: suggestQuerySchema }), ({ query }) => suggest(db, query.q)),
  );
  return router;
}
