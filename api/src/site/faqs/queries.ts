import type { FaqInput } from '@shared/schemas';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { presentFaq } from './presenter';

const faqOrder: [string, string][] = [
  ['order', 'ASC'],
  ['id', 'ASC'],
];

export async function listFaqs(db: Database, audience: 'visitor' | 'admin') {
  const faqs = await db.models.Faq.findAll({
    where: audience === 'visitor' ? { isActive: true } : {},
    order: faqOrder,
  });
  return faqs.map(presentFaq);
}

export const listActiveFaqs = (db: Database) => listFaqs(db, 'visitor');

export async function createFaq(db: Database, input: FaqInput) {
  return presentFaq(await db.write((transaction) => db.models.Faq.create(input, { transaction })));
}

export async function updateFaq(db: Database, id: number, input: FaqInput) {
  const faq = await writeExisting(db, db.models.Faq, id, 'FAQ', (found, transaction) =>
    found.update(input, { transaction }),
  );
  return presentFaq(faq);
}

export const deleteFaq = (db: Database, id: number) =>
  destroyExisting(db, db.models.Faq, id, 'FAQ');
