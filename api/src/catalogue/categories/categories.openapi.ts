import { z } from 'zod';
import { categorySchema } from '@shared/schemas';
import { categoryWithCountSchema, categoryResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';

export const categoriesApi = [
  ...documentRoutes({ tag: 'Kategori', access: 'public' }, [
    {
      method: 'get',
      path: '/categories',
      summary: 'Daftar kategori dengan jumlah produk aktifnya',
      responses: {
        200: { description: 'Semua kategori', schema: z.array(categoryWithCountSchema) },
      },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: kategori', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/categories',
      summary: 'Daftar kategori dengan jumlah semua produknya',
      responses: {
        200: { description: 'Semua kategori', schema: z.array(categoryWithCountSchema) },
      },
    },
    ...recordWritesDoc({
      base: '/admin/categories',
      noun: 'kategori',
      params: idParams('Category'),
      createBody: categorySchema,
      updateBody: categorySchema,
      schema: categoryResponseSchema,
      conflicts: {
        post: 'Slug sudah dipakai kategori lain',
        put: 'Slug sudah dipakai kategori lain',
        delete: 'Kategori masih memiliki produk',
      },
    }),
  ]),
];
