import { metaTagSchema } from '@shared/schemas';
import { adminSitePageSchema, metaTagResponseSchema } from '@shared/schemas/responses';
import { idParams } from '../../lib/params';
import { documentRoutes, recordWritesDoc } from '../../openapi/registry';
import { adminSiteListQuery } from '../admin-pages';

export const metaTagsApi = documentRoutes({ tag: 'Admin: konten situs', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/meta-tags',
    summary: 'Semua meta tag, atau satu halamannya dengan page',
    query: adminSiteListQuery,
    responses: {
      200: {
        description: 'Meta tag',
        schema: adminSitePageSchema('metaTags', metaTagResponseSchema),
      },
    },
  },
  ...recordWritesDoc({
    base: '/admin/meta-tags',
    noun: 'meta tag',
    params: idParams('Meta tag'),
    createBody: metaTagSchema,
    updateBody: metaTagSchema,
    schema: metaTagResponseSchema,
  }),
]);
