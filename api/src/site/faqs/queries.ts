import type { WhereOptions } from 'sequelize';
import type { FaqInput } from '@shared/schemas';
import type { AdminListPage, Faq } from '@shared/types';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { containsIgnoringCase } from '../../lib/like';
import { pageOfRows, type AdminSiteListQuery } from '../admin-pages';
import { presentFaq } from './presenter';

const faqOrder: [string, string][] = [
  ['order', 'ASC'],
  ['id', 'ASC'],
];

/** The admin's search: a substring of the question or the answer, in any case. */
const faqSearch = (db: Database, search: string | undefined): WhereOptions =>
  search?.trim() ? containsIgnoringCase(db, ['Faq.question', 'Faq.answer'], search.trim()) : {};

export async function listFaqs(db: Database, audience: 'visitor' | 'admin', search?: string) {
  const faqs = await db.models.Faq.findAll({
    where: audience === 'visitor' ? { isActive: true } : faqSearch(db, search),
    order: faqOrder,
  });
  return faqs.map(presentFaq);
}

/** GET /api/admin/faqs?page=N: one page in the list's order (order, then id). */
export async function pageFaqs(
  db: Database,
  query: AdminSiteListQuery & { page: number },
): Promise<AdminListPage<'faqs', Faq>> {
  const { rows, ...page } = await pageOfRows(db.models.Faq, {
    where: faqSearch(db, query.search),
    order: faqOrder,
    page: query.page,
    limit: query.limit,
  });
  return { faqs: rows.map(presentFaq), ...page };
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
