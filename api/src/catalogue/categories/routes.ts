import { Router } from 'express';
import { categorySchema } from '@shared/schemas';
import { mountRecordWrites } from '../../middleware/record-routes';
import { json, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import type { ResponseCache } from '../../lib/response-cache';
import { createCategory, deleteCategory, listCategories, updateCategory } from './queries';

export function publicCategoryRoutes({ db }: AppContext, cache: ResponseCache): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    await cache.send(req, res, 'categories', () => listCategories(db));
  });
  return router;
}

export function adminCategoryRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listCategories(db, 'all')),
  );
  mountRecordWrites(router, {
    what: 'Category',
    createBody: categorySchema,
    updateBody: categorySchema,
    create: (body) => createCategory(db, body),
    update: (id, body) => updateCategory(db, id, body),
    remove: (id) => deleteCategory(db, id),
  });
  return router;
}
