import { Router } from 'express';
import { userCreateSchema, userUpdateSchema } from '@shared/schemas';
import type { AppContext } from '../context';
import { idParams } from '../lib/params';
import { created, json, route, validate } from '../middleware/validate';
import { createAdminUser, listAdminUsers, updateAdminUser } from './queries';

/** GET, POST /api/admin/users and PUT /api/admin/users/{id} (docs/contracts.md#staff-sessions-and-the-audit-log). */
export function adminUserRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listAdminUsers(db)),
  );
  router.post(
    '/',
    created(validate({ body: userCreateSchema }), ({ body }) => createAdminUser(db, body)),
  );
  router.put(
    '/:id',
    route(
      validate({ params: idParams('User'), body: userUpdateSchema }),
      async ({ params, body }, res, req) => {
        res.json(
          await updateAdminUser(db, params.id, body, {
            user: req.user!,
            session: req.adminSession!,
          }),
        );
      },
    ),
  );
  return router;
}
