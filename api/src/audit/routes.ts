import { Router } from 'express';
import type { AppContext } from '../context';
import { json, validate } from '../middleware/validate';
import { auditQuerySchema, listAudit } from './queries';

/** GET /api/admin/audit: read only; nothing in the API changes or removes an entry. */
export function adminAuditRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({ query: auditQuerySchema }), ({ query }) => listAudit(db, query)),
  );
  return router;
}
