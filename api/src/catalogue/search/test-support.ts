/** What the search ranking tests share: their products, the ranking they expect, the seed. */
import type { Database } from '../../db/database';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { tokenize } from './terms';

export interface MadeProduct {
  id: string;
  title: string;
  badge: string | null;
  description: string;
  createdAt: number;
}

/** The ranking the search promises: title, then label, then anywhere; newest first in each. */
export function expectedRanking(made: MadeProduct[], words: string[]): string[] {
  return rankingBy(made, (text) => words.every((w) => text.toLowerCase().split(/\W+/).includes(w)));
}

/** The same ranking, by what `has` says each scope's text holds. */
export function rankingBy(made: MadeProduct[], has: (text: string) => boolean): string[] {
  const tier = (p: MadeProduct) =>
    has(p.title)
      ? 0
      : has(`${p.title} Tes ${p.badge ?? ''}`)
        ? 1
        : has(`${p.title} Tes ${p.badge ?? ''} ${p.description}`)
          ? 2
          : 3;
  return made
    .filter((p) => tier(p) < 3)
    .sort((a, b) => tier(a) - tier(b) || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
    .map((p) => p.id);
}

/** The ranking a typed term promises in a category: each word whole or (the last) as a prefix. */
export function termRanking(made: MadeProduct[], inCategory: Set<string>, term: string): string[] {
  const tokens = tokenize(term);
  return rankingBy(
    made.filter((p) => inCategory.has(p.id)),
    (text) => {
      const words = text.toLowerCase().split(/\W+/);
      return tokens.every((token) =>
        words.some((word) => word === token.text || (token.prefix && word.startsWith(token.text))),
      );
    },
  );
}

/**
 * Moves the given products to a second category, so that a search in "Tes" must leave them
 * out; returns the id of "Tes". On PostgreSQL the search's statistics are refreshed after.
 */
export async function moveToSecondCategory(
  db: Database,
  movedIds: string[],
  second: { name: string; slug: string },
): Promise<number> {
  const now = new Date();
  await db.sequelize
    .getQueryInterface()
    .bulkInsert('categories', [
      { ...second, icon: 'tag', color: 'blue', group: 'Umum', createdAt: now, updatedAt: now },
    ]);
  const [rows] = await db.sequelize.query(`SELECT id, slug FROM categories`);
  const bySlug = new Map((rows as { id: number; slug: string }[]).map((r) => [r.slug, r.id]));
  await db.sequelize.query(
    `UPDATE products SET "categoryId" = ${bySlug.get(second.slug)!}
     WHERE id IN (${movedIds.map((id) => `'${id}'`).join(', ')})`,
  );
  if (db.dialect === 'postgres') await db.sequelize.query('ANALYZE product_search');
  return bySlug.get('tes')!;
}

/** The products, active, in one category "Tes" (its name is in every product's label). */
export async function insertMadeProducts(db: Database, made: MadeProduct[]): Promise<void> {
  const now = new Date();
  const queries = db.sequelize.getQueryInterface();
  await queries.bulkInsert('categories', [
    {
      name: 'Tes',
      slug: 'tes',
      icon: 'tag',
      color: 'blue',
      group: 'Umum',
      createdAt: now,
      updatedAt: now,
    },
  ]);
  const [rows] = await db.sequelize.query(`SELECT id FROM categories WHERE slug = 'tes'`);
  const categoryId = (rows as { id: number }[])[0]!.id;
  await queries.bulkInsert(
    'products',
    made.map((p) =>
      productRow({
        id: p.id,
        categoryId,
        title: p.title,
        description: p.description,
        imageUrl: `/images/${p.id}.jpg`,
        badgeText: p.badge,
        platforms: '[]',
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.createdAt),
      }),
    ),
  );
}
