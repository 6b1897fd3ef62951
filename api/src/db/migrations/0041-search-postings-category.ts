import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL, the postings carry their row's category (issue 26; docs/decisions.md, "Session 49:
 * the postings carry the category"). Page 100 of a common label word in a category (`promo`,
 * `diskon`, `besar`) walked the label tier down the category's index to ~1,200 matches: ~2,400
 * wide rows, each on a heap page of its own (a category's rows are spread over the table), 38-50
 * ms at 1,000,000 products. With the category in the postings (migration 0034) a second index
 * reads them in the walk's order within one category, index-only, as the whole catalogue's
 * already are.
 *
 * The postings are refilled rather than updated in place (one sorted insert and two index
 * builds instead of ~2,000,000 row updates), and the trigger replaced: a row moved to another
 * category (its "categoryId" changed, the label words perhaps not) is posted again.
 */

/** What the postings of every listed word are, from `product_search`: what the trigger keeps. */
export const POSTINGS_OF_ROWS = `SELECT w AS word,
    CASE WHEN w = ANY(tsvector_to_array(s.title)) THEN 0 ELSE 1 END AS tier,
    s."createdAt", s."productId", s."categoryId"
  FROM product_search s, unnest(tsvector_to_array(s.label)) w
  WHERE w IN (SELECT word FROM search_posting_words)`;

/** The postings rebuilt (sorted as the whole catalogue's index is, its pages filled in order). */
export const POSTINGS_FILL = [
  'DELETE FROM search_postings',
  `INSERT INTO search_postings (word, tier, "createdAt", "productId", "categoryId")
    ${POSTINGS_OF_ROWS} ORDER BY 1, 2, 3 DESC, 4`,
];

/**
 * The trigger function that keeps a row's postings: with the category (this migration), or as
 * migration 0034 made it (down). A row's old postings are found by their key (OLD's label words,
 * its createdAt and productId); an UPDATE that changes none of what they hold writes nothing.
 */
function postingsSync(withCategory: boolean): string {
  const category = withCategory ? ', "categoryId"' : '';
  return `CREATE OR REPLACE FUNCTION search_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.title = NEW.title AND OLD.label = NEW.label
          AND OLD."createdAt" = NEW."createdAt" AND OLD."productId" = NEW."productId"
          ${withCategory ? 'AND OLD."categoryId" = NEW."categoryId"' : ''} THEN
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_postings
          WHERE word = ANY(tsvector_to_array(OLD.label)) AND tier IN (0, 1)
            AND "createdAt" = OLD."createdAt" AND "productId" = OLD."productId";
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_postings (word, tier, "createdAt", "productId"${category})
          SELECT w.word,
            CASE WHEN w.word = ANY(tsvector_to_array(NEW.title)) THEN 0 ELSE 1 END,
            NEW."createdAt", NEW."productId"${withCategory ? ', NEW."categoryId"' : ''}
          FROM search_posting_words w WHERE w.word = ANY(tsvector_to_array(NEW.label));
      END IF;
      RETURN NULL;
    END
  $$`;
}

/** The trigger on the search rows, firing also on a change of category with it. */
const postingsTrigger = (withCategory: boolean) => `CREATE TRIGGER search_postings_sync
  AFTER INSERT OR DELETE OR UPDATE OF title, label, "createdAt", "productId"${withCategory ? ', "categoryId"' : ''}
  ON product_search FOR EACH ROW EXECUTE FUNCTION search_postings_sync()`;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  if (db.getDialect() !== 'postgres') return;
  await db.transaction(async (transaction) => {
    const run = (sql: string) => db.query(sql, { transaction });
    // No search row changes between the fill and the new trigger (an older release still
    // serving while this one migrates): its writes wait for the commit.
    await run('LOCK TABLE product_search IN SHARE MODE');
    await run('DROP INDEX search_postings_newest');
    await run('ALTER TABLE search_postings ADD COLUMN "categoryId" integer');
    for (const sql of POSTINGS_FILL) await run(sql);
    await run('ALTER TABLE search_postings ALTER COLUMN "categoryId" SET NOT NULL');
    await run(
      `CREATE UNIQUE INDEX search_postings_newest
        ON search_postings (word, tier, "createdAt" DESC, "productId")`,
    );
    await run(
      `CREATE INDEX search_postings_category
        ON search_postings (word, "categoryId", tier, "createdAt" DESC, "productId")`,
    );
    await run(postingsSync(true));
    await run('DROP TRIGGER search_postings_sync ON product_search');
    await run(postingsTrigger(true));
  });
  // VACUUM sets the visibility map: the reads are index-only (no heap page per posting).
  await db.query('VACUUM (ANALYZE) search_postings');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  if (db.getDialect() !== 'postgres') return;
  await db.query('DROP INDEX IF EXISTS search_postings_category');
  await db.query('ALTER TABLE search_postings DROP COLUMN IF EXISTS "categoryId"');
  await db.query(postingsSync(false));
  await db.query('DROP TRIGGER IF EXISTS search_postings_sync ON product_search');
  await db.query(postingsTrigger(false));
}
