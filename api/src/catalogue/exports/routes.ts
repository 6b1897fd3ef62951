import { Router } from 'express';
import type { AppContext } from '../../context';
import { route, validate } from '../../middleware/validate';
import { adminListQuerySchema } from '../products/schema';
import { writeProductsCsv } from './products-csv';

export function adminExportRoutes({ db }: AppContext): Router {
  const router = Router();
  // The admin list's own filters (search, categoryId, status, linkHealth); paging and sort
  // do not apply to a whole-catalogue file.
  router.get(
    '/products.csv',
    route(validate({ query: adminListQuerySchema }), async ({ query }, res) => {
      await writeProductsCsv(db, res, query);
    }),
  );
  return router;
}
