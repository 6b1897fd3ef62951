import { Router } from 'express';
import { metaTagSchema } from '@shared/schemas';
import { mountRecordWrites } from '../../middleware/record-routes';
import type { AppContext } from '../../context';
import { adminSiteList } from '../admin-pages';
import { createMetaTag, deleteMetaTag, listMetaTags, pageMetaTags, updateMetaTag } from './queries';

/** Visitors never read meta tags through the API: the server renders them into each page. */
export function adminMetaTagRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    adminSiteList(
      (search) => listMetaTags(db, search),
      (query) => pageMetaTags(db, query),
    ),
  );
  mountRecordWrites(router, {
    what: 'Meta tag',
    createBody: metaTagSchema,
    updateBody: metaTagSchema,
    create: (body) => createMetaTag(db, body),
    update: (id, body) => updateMetaTag(db, id, body),
    remove: (id) => deleteMetaTag(db, id),
  });
  return router;
}
