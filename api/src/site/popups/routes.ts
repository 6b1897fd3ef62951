import { Router } from 'express';
import { z } from 'zod';
import { popupPagePath } from '@shared/rules/popup';
import { popupCreateSchema, popupSchema } from '@shared/schemas';
import { idParams } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { adminSiteListQuery } from '../admin-pages';
import {
  activePopupsFor,
  createPopup,
  deletePopup,
  listPopups,
  pagePopups,
  updatePopup,
} from './queries';

/** The client sends its current page URL; only its path decides which popups apply. */
const activeQuery = z.object({ url: z.unknown().optional().transform(popupPagePath) });
const popupId = idParams('Popup');

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
    json(validate({ query: adminSiteListQuery }), ({ query }) =>
      query.page === undefined
        ? listPopups(db, query.search)
        : pagePopups(db, { ...query, page: query.page }),
    ),
  );
  router.post(
    '/',
    created(validate({ body: popupCreateSchema }), ({ body }) => createPopup(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: popupId, body: popupSchema }), ({ params, body }) =>
      updatePopup(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: popupId }), ({ params }) => deletePopup(db, params.id)),
  );
  return router;
}
