import { Router } from 'express';
import { faqSchema } from '@shared/schemas';
import { Faq } from '../models';
import { parseInput } from '../middleware/validate';
import { notFound } from '../errors';
import { intId } from '../lib/params';
import { presentFaq } from '../presenters';
import type { AppContext } from '../context';

const faqOrder: [string, string][] = [
  ['order', 'ASC'],
  ['id', 'ASC'],
];

export async function listActiveFaqs() {
  const faqs = await Faq.findAll({ where: { isActive: true }, order: faqOrder });
  return faqs.map(presentFaq);
}

export function publicFaqRoutes(): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listActiveFaqs());
  });
  return router;
}

export function adminFaqRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const faqs = await Faq.findAll({ order: faqOrder });
    res.json(faqs.map(presentFaq));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(faqSchema, req.body);
    const faq = await db.write((transaction) => Faq.create(input, { transaction }));
    res.status(201).json(presentFaq(faq));
  });

  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'FAQ');
    const input = parseInput(faqSchema, req.body);
    const faq = await db.write(async (transaction) => {
      const found = await Faq.findByPk(id, { transaction });
      if (!found) throw notFound('FAQ not found');
      return found.update(input, { transaction });
    });
    res.json(presentFaq(faq));
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'FAQ');
    await db.write(async (transaction) => {
      const faq = await Faq.findByPk(id, { transaction });
      if (!faq) throw notFound('FAQ not found');
      await faq.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
