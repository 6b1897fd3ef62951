import { z } from 'zod';
import { popupCreateSchema, popupSchema } from '@shared/schemas';
import { adminSitePageSchema, popupResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';
import { adminSiteListQuery } from '../admin-pages';
import { activeQuery } from './routes';

export const popupsApi = [
  ...documentRoutes({ tag: 'Konten situs', access: 'public' }, [
    {
      method: 'get',
      path: '/popups/active',
      summary: 'Popup yang tampil sekarang di halaman url',
      query: activeQuery,
      responses: { 200: { description: 'Popup', schema: z.array(popupResponseSchema) } },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: konten situs', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/popups',
      summary: 'Semua popup, atau satu halamannya dengan page',
      query: adminSiteListQuery,
      responses: {
        200: { description: 'Popup', schema: adminSitePageSchema('popups', popupResponseSchema) },
      },
    },
    ...recordWritesDoc({
      base: '/admin/popups',
      noun: 'popup',
      params: idParams('Popup'),
      createBody: popupCreateSchema,
      updateBody: popupSchema,
      schema: popupResponseSchema,
    }),
  ]),
];
