import { z } from 'zod';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import { platformLinkResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';
import { productLinksParams } from './routes';

const links = z.array(platformLinkResponseSchema);

export const platformLinksApi = [
  ...documentRoutes({ tag: 'Produk', access: 'public' }, [
    {
      method: 'get',
      path: '/platform-links/:productId',
      summary: 'Tautan marketplace sebuah produk aktif',
      params: productLinksParams,
      responses: { 200: { description: 'Tautan', schema: links } },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: produk', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/platform-links/:productId',
      summary: 'Tautan marketplace sebuah produk, dengan hasil pemeriksaan tautan',
      params: productLinksParams,
      responses: { 200: { description: 'Tautan', schema: links } },
    },
    ...recordWritesDoc({
      base: '/admin/platform-links',
      noun: 'tautan platform',
      params: idParams('Platform link'),
      createBody: platformLinkCreateSchema,
      updateBody: platformLinkUpdateSchema,
      schema: platformLinkResponseSchema,
      conflicts: { post: 'Platform ini sudah ditautkan ke produk' },
    }),
  ]),
];
