import { Router } from 'express';
import { metaTagSchema } from '@shared/schemas';
import { idParams } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { adminSiteListQuery } from '../admin-pages';
import { createMetaTag, deleteMetaTag, listMetaTags, pageMetaTags, updateMetaTag } from './queries';

const metaTagId = idParams('Meta tag');

/** Visitors never read meta tags through the API: the server renders them into each page. */
export function adminMetaTagRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({ query: adminSiteListQuery }), ({ query }) =>
      query.page === undefined
        ? listMetaTags(db, query.search)
        : pageMetaTags(db, { ...query, page: query.page }),
    ),
  );
  router.post(
    '/',
    created(validate({ body: metaTagSchema }), ({ body }) => createMetaTag(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: metaTagId, body: metaTagSchema }), ({ params, body }) =>
      updateMetaTag(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: metaTagId }), ({ params }) => deleteMetaTag(db, params.id)),
  );
  return router;
}
