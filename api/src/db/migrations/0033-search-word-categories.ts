import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL, which categories hold a search's words (docs/decisions.md, session 46): a search
 * with filters sorted by price or saving over the whole catalogue walks the sort index of each
 * category that holds its words (filtered-sorted.ts), where reading every match from the search
 * index to learn their categories costs a heap page of the wide search rows per match (`sepatu`:
 * 47,000). `search_word_categories` holds each word of a search vector (`document`) with the
 * category of a product whose vector holds it, kept by a trigger on `product_search`. Like
 * `search_words` (migration 0003) it only grows: a word no longer in a category costs one row and
 * a walk of that category that finds nothing (bounded; the walk tests each row's vector).
 *
 * SQLite splits a sorted search by category from its own index (sorted-search.ts): nothing is
 * created there. The bulk seed drops the trigger and fills the table from `product_search`.
 */

export const WORD_CATEGORIES_FILL = `INSERT INTO search_word_categories (word, "categoryId")
  SELECT DISTINCT w, s."categoryId" FROM product_search s, unnest(tsvector_to_array(s.document)) w
  ON CONFLICT DO NOTHING`;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query(
    `CREATE TABLE search_word_categories (
      word text COLLATE "C" NOT NULL,
      "categoryId" integer NOT NULL,
      PRIMARY KEY (word, "categoryId")
    )`,
  );
  await qi.sequelize.query(WORD_CATEGORIES_FILL);
  await qi.sequelize.query(
    `CREATE FUNCTION search_word_categories_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_word_categories (word, "categoryId")
          SELECT w, NEW."categoryId" FROM unnest(tsvector_to_array(NEW.document)) w ORDER BY w
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
    $$`,
  );
  await qi.sequelize.query(
    `CREATE TRIGGER search_word_categories_sync
      AFTER INSERT OR UPDATE OF document, "categoryId" ON product_search
      FOR EACH ROW EXECUTE FUNCTION search_word_categories_sync()`,
  );
  await qi.sequelize.query('ANALYZE search_word_categories');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query('DROP TRIGGER IF EXISTS search_word_categories_sync ON product_search');
  await qi.sequelize.query('DROP FUNCTION IF EXISTS search_word_categories_sync()');
  await qi.sequelize.query('DROP TABLE IF EXISTS search_word_categories');
}
