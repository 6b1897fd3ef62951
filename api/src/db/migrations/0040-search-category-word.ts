import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL, a search inside one category read from one GIN index (issue 26; docs/decisions.md,
 * "Session 49: a search in a category asks one GIN index"). A search in a category asked GIN for
 * the word (`creme`: 50,715 entries) and the category's B-tree for its ~24,000 rows, each into a
 * bitmap of the whole table, then ANDed them for ~1,100 rows: 29-50 ms quiet at 1,000,000
 * products, whatever the page. This index holds each search vector (`document`) plus one word
 * for the row's category, `~c<id>`: `creme & '~c22'` is then intersected inside GIN, entry by
 * entry, and only the category's matches reach the heap (3-4 ms). The parser never yields `~`
 * (search words are letters and digits, terms.ts), so no visitor's word can match it.
 *
 * The expression is the engine's `CATEGORY_DOCUMENT` (search/engines.ts) word for word: the
 * planner uses an expression index only for the same expression. Nothing else is kept: the
 * vector and the category are the row's own columns, so every write that changes either
 * (product_search_sync, a category rename, a move) updates the index with the row. SQLite's FTS5
 * already holds the category as a token of its `filter` column (migration 0003).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query(
    `CREATE INDEX product_search_category_word ON product_search
      USING gin ((document || array_to_tsvector(ARRAY['~c' || "categoryId"])))`,
  );
  // The planner's estimates for the expression's words (the category word's share) come from
  // the index's own statistics, which ANALYZE gathers.
  await qi.sequelize.query('ANALYZE product_search');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query('DROP INDEX IF EXISTS product_search_category_word');
}
