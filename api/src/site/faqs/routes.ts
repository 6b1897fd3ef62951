import { Router } from 'express';
import { faqSchema } from '@shared/schemas';
import { idParams } from '../../lib/params';
import { created, json, noContent, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { adminSiteListQuery } from '../admin-pages';
import { createFaq, deleteFaq, listActiveFaqs, listFaqs, pageFaqs, updateFaq } from './queries';

const faqId = idParams('FAQ');

export function publicFaqRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({}), () => listActiveFaqs(db)),
  );
  return router;
}

export function adminFaqRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    json(validate({ query: adminSiteListQuery }), ({ query }) =>
      query.page === undefined
        ? listFaqs(db, 'admin', query.search)
        : pageFaqs(db, { ...query, page: query.page }),
    ),
  );
  router.post(
    '/',
    created(validate({ body: faqSchema }), ({ body }) => createFaq(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: faqId, body: faqSchema }), ({ params, body }) =>
      updateFaq(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params: faqId }), ({ params }) => deleteFaq(db, params.id)),
  );
  return router;
}
