import { z } from 'zod';
import { faqSchema } from '@shared/schemas';
import { adminSitePageSchema, faqResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';
import { adminSiteListQuery } from '../admin-pages';

export const faqsApi = [
  ...documentRoutes({ tag: 'Konten situs', access: 'public' }, [
    {
      method: 'get',
      path: '/faqs',
      summary: 'FAQ yang aktif, menurut urutan',
      responses: { 200: { description: 'FAQ', schema: z.array(faqResponseSchema) } },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: konten situs', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/faqs',
      summary: 'Semua FAQ, atau satu halamannya dengan page',
      query: adminSiteListQuery,
      responses: {
        200: { description: 'FAQ', schema: adminSitePageSchema('faqs', faqResponseSchema) },
      },
    },
    ...recordWritesDoc({
      base: '/admin/faqs',
      noun: 'FAQ',
      params: idParams('FAQ'),
      createBody: faqSchema,
      updateBody: faqSchema,
      schema: faqResponseSchema,
    }),
  ]),
];
