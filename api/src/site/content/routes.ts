import { Router } from 'express';
import { contentUpdateSchema } from '@shared/schemas';
import { notFound } from '../../errors';
import { json, parseInput, route, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { findActiveContent, findContent, listContent, saveContent } from './queries';
import { checkContentData, contentKeyParams } from './schema';

const byKey = validate({ params: contentKeyParams });

export function publicContentRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listContent(db, 'visitor')),
  );
  router.get(
    '/:key',
    json(byKey, async ({ params }) => {
      const block = await findActiveContent(db, params.key);
      if (!block) throw notFound('Content not found');
      return block;
    }),
  );
  return router;
}

export function adminContentRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listContent(db, 'admin')),
  );
  router.get(
    '/:key',
    json(byKey, ({ params }) => findContent(db, params.key)),
  );
  // The key comes from the path, and the shared form rules check it together with the body
  // (a path key the form would not accept is a 400 with the form's message, not a 404).
  router.put(
    '/:key',
    route(byKey, async ({ params: { key } }, res, req) => {
      const input = parseInput(contentUpdateSchema, { ...req.body, key });
      checkContentData(key, input.data);
      const { block, created } = await saveContent(db, key, input);
      res.status(created ? 201 : 200).json(block);
    }),
  );
  return router;
}
