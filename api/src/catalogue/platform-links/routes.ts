import { Router } from 'express';
import { z } from 'zod';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import { idParams, uuid, uuidId } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import {
  createPlatformLink,
  deletePlatformLink,
  linksOfProduct,
  updatePlatformLink,
} from './queries';

const byProduct = validate({ params: z.object({ productId: uuid('Product') }) });
const linkId = idParams('Platform link');

export function publicPlatformLinkRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/:productId',
    json(byProduct, ({ params }) => linksOfProduct(db, params.productId, 'visitor')),
  );
  return router;
}

export function adminPlatformLinkRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/:productId',
    json(byProduct, ({ params }) => linksOfProduct(db, params.productId, 'admin')),
  );
  // The product comes in the body; an unknown one is a 404 as it would be in the path.
  router.post(
    '/',
    created(validate({ body: platformLinkCreateSchema }), ({ body }) =>
      createPlatformLink(db, uuidId(body.productId, 'Product'), body),
    ),
  );
  router.put(
    '/:id',
    json(validate({ params: linkId, body: platformLinkUpdateSchema }), ({ params, body }) =>
      updatePlatformLink(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: linkId }), ({ params }) => deletePlatformLink(db, params.id)),
  );
  return router;
}
