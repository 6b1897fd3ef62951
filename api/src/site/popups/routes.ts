import { Router } from 'express';
import { z } from 'zod';
import { popupPagePath } from '@shared/rules/popup';
import { popupCreateSchema, popupSchema } from '@shared/schemas';
import { mountRecordWrites } from '../../middleware/record-routes';
import { json, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { adminSiteList } from '../admin-pages';
import {
  activePopupsFor,
  createPopup,
  deletePopup,
  listPopups,
  pagePopups,
  updatePopup,
} from './queries';

/** The client sends its current page URL; only its path decides which popups apply. */
export const activeQuery = z.object({ url: z.unknown().optional().transform(popupPagePath) });

export function publicPopupRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/active',
    json(validate({ query: activeQuery }), ({ query }) => activePopupsFor(db, query.url)),
  );
  return router;
}

export function adminPopupRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    adminSiteList(
      (search) => listPopups(db, search),
      (query) => pagePopups(db, query),
    ),
  );
  mountRecordWrites(router, {
    what: 'Popup',
    createBody: popupCreateSchema,
    updateBody: popupSchema,
    create: (body) => createPopup(db, body),
    update: (id, body) => updatePopup(db, id, body),
    remove: (id) => deletePopup(db, id),
  });
  return router;
}
