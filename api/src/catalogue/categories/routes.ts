import { Router } from 'express';
import { categorySchema } from '@shared/schemas';
import { idParams } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import type { ResponseCache } from '../../lib/response-cache';
import { createCategory, deleteCategory, listCategories, updateCategory } from './queries';

const categoryId = idParams('Category');

export function publicCategoryRoutes({ db }: AppContext, cache: ResponseCache): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.type('json').send(await cache.get('categories', () => listCategories(db)));
  });
  return router;
}

export function adminCategoryRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listCategories(db, 'all')),
  );
  router.post(
    '/',
    created(validate({ body: categorySchema }), ({ body }) => createCategory(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: categoryId, body: categorySchema }), ({ params, body }) =>
      updateCategory(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: categoryId }), ({ params }) => deleteCategory(db, params.id)),
  );
  return router;
}
