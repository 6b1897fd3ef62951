import { Router } from 'express';
import { productImageSchema, productImageUpdateSchema } from '@shared/schemas';
import { idParams } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { createProductImage, deleteProductImage, updateProductImage } from './queries';

const imageId = idParams('Product image');

/** The galleries themselves are read through /products/:id/images. */
export function adminProductImageRoutes({ db }: AppContext): Router {
  const router = Router();
  router.post(
    '/',
    created(validate({ body: productImageSchema }), ({ body }) => createProductImage(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: imageId, body: productImageUpdateSchema }), ({ params, body }) =>
      updateProductImage(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: imageId }), ({ params }) => deleteProductImage(db, params.id)),
  );
  return router;
}
