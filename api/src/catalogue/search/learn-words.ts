import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '../../db/database';
import { foldedWords } from './terms';
import { learnWords } from './vocabulary';

/** Products read per query when learning their words (a bulk action names up to 10,000). */
const BATCH = 1_000;

interface IndexedText {
  title: string;
  description: string | null;
  badgeText: string | null;
  category: string | null;
}

/** Which products: by id (the admin's writes) or by sku (an import chunk). */
export type ProductKeys = { ids: readonly string[] } | { skus: readonly string[] };

/**
 * The indexed text of the active products named by id or sku. `+p."isActive"` keeps the
 * planner on the id or sku index: on the isActive index it read every active product for each
 * import chunk, a cost that grew with the catalogue.
 */
export function indexedTextSql(column: 'id' | 'sku'): string {
  return `SELECT p.title, p.description, p."badgeText", c.name AS category
    FROM products p LEFT JOIN categories c ON c.id = p."categoryId"
    WHERE p.${column} IN (SELECT value FROM json_each($1)) AND +p."isActive" = 1`;
}

/**
 * After a product write commits, adds the words of what the search index now holds for these
 * products (title, category name, badge, description of the active ones) to this process's
 * typo vocabulary, so a one-typo search finds a new word at once (vocabulary.ts). SQLite only:
 * PostgreSQL's word table is kept by triggers inside the writing transaction.
 */
export async function learnProductWords(
  db: Database,
  keys: ProductKeys,
  transaction?: Transaction,
): Promise<void> {
  if (db.dialect === 'postgres') return;
  const [column, values] =
    'ids' in keys ? (['id', keys.ids] as const) : (['sku', keys.skus] as const);
  for (let start = 0; start < values.length; start += BATCH) {
    const rows = await db.sequelize.query<IndexedText>(indexedTextSql(column), {
      bind: [JSON.stringify(values.slice(start, start + BATCH))],
      type: QueryTypes.SELECT,
      transaction,
    });
    const words = new Set<string>();
    for (const row of rows) {
      for (const text of [row.title, row.description, row.badgeText, row.category]) {
        if (text) for (const word of foldedWords(text)) words.add(word);
      }
    }
    await learnWords(db, words);
  }
}
