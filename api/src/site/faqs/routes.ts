import { Router } from 'express';
import { faqSchema } from '@shared/schemas';
import { mountRecordWrites } from '../../middleware/record-routes';
import { json, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import { adminSiteList } from '../admin-pages';
import { createFaq, deleteFaq, listActiveFaqs, listFaqs, pageFaqs, updateFaq } from './queries';

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
    adminSiteList(
      (search) => listFaqs(db, 'admin', search),
      (query) => pageFaqs(db, query),
    ),
  );
  mountRecordWrites(router, {
    what: 'FAQ',
    createBody: faqSchema,
    updateBody: faqSchema,
    create: (body) => createFaq(db, body),
    update: (id, body) => updateFaq(db, id, body),
    remove: (id) => deleteFaq(db, id),
  });
  return router;
}
