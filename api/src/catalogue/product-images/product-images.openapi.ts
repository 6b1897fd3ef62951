import { z } from 'zod';
import { productImageOrderSchema, productImageSchema } from '@shared/schemas';
import { productImageResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';

export const productImagesApi = documentRoutes(
  { tag: 'Admin: produk', access: 'admin' },
  recordWritesDoc({
    base: '/admin/product-images',
    noun: 'gambar galeri produk',
    params: idParams('Product image'),
    createBody: productImageSchema,
    // productImageUpdateSchema picks one of these two by the keys sent (a custom check).
    updateBody: z.union([productImageSchema, productImageOrderSchema]),
    schema: productImageResponseSchema,
  }),
);
