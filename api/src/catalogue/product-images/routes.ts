import { Router } from 'express';
import { productImageSchema, productImageUpdateSchema } from '@shared/schemas';
import { mountRecordWrites } from '../../middleware/record-routes';
import type { AppContext } from '../../context';
import { createProductImage, deleteProductImage, updateProductImage } from './queries';

/** The galleries themselves are read through /products/:id/images. */
export function adminProductImageRoutes({ db }: AppContext): Router {
  const router = Router();
  mountRecordWrites(router, {
    what: 'Product image',
    createBody: productImageSchema,
    updateBody: productImageUpdateSchema,
    create: (body) => createProductImage(db, body),
    update: (id, body) => updateProductImage(db, id, body),
    remove: (id) => deleteProductImage(db, id),
  });
  return router;
}
