import { Router } from 'express';
import { z } from 'zod';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import { uuid, uuidId } from '../../lib/params';
import { mountRecordWrites } from '../../middleware/record-routes';
import { json, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import {
  createPlatformLink,
  deletePlatformLink,
  linksOfProduct,
  updatePlatformLink,
} from './queries';

/** `/:productId` of the link lists. */
export const productLinksParams = z.object({ productId: uuid('Product') });
const byProduct = validate({ params: productLinksParams });

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
  mountRecordWrites(router, {
    what: 'Platform link',
    createBody: platformLinkCreateSchema,
    updateBody: platformLinkUpdateSchema,
    // The product comes in the body; an unknown one is a 404 as it would be in the path.
    create: (body) => createPlatformLink(db, uuidId(body.productId, 'Product'), body),
    update: (id, body) => updatePlatformLink(db, id, body),
    remove: (id) => deletePlatformLink(db, id),
  });
  return router;
}
