import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL, title and label postings of the commonest label words (issue 26; docs/decisions.md,
 * "Session 46: page 1,000 of a common word" candidate 1, and session 47): page 1,000 of `promo`
 * over the whole catalogue walked `product_search` newest first and tested ~240,000 wide rows
 * (100-160 ms), where the rows of its title tier (0) and label-only tier (1) read in order from a
 * narrow B-tree are a count and a LIMIT/OFFSET of a few dozen index pages.
 *
 * `search_posting_words` lists the posted words; `search_postings` holds, for each listed word
 * in a row's label (the title's words are in the label: migration 0003), that row's tier for it
 * (0: in the title, 1: in the label only), its createdAt and productId, in the newest-first
 * order of the walk (`"createdAt" DESC, "productId"`). A row trigger on `product_search` keeps
 * them: every write path changes the search rows only through it (product_search_sync, the
 * category rename's UPDATE, the products FK's cascade; the bulk load rebuilds them, `DERIVED`).
 *
 * The word list is chosen from the data (POSTED_WORDS_CHOOSE) when this migration runs and
 * after a bulk load (a migration on an empty catalogue lists nothing; the load that fills it
 * chooses). A word that becomes common later is not listed until a bulk load or
 * `npm run search:postings` (catalogue/search/posted-words.ts) chooses again: the engine reads
 * it as every unlisted word, by the walk or GIN (correct, only slower); the trigger only posts
 * listed words, so a listed word's postings are always its rows'. Nothing else changes the list.
 *
 * SQLite's FTS5 reads the title and label tiers from their own tables (migration 0022): nothing
 * is created there.
 */

/** A label word is posted when at least this share of the search rows hold it... */
export const POSTED_WORD_SHARE = 0.04;
/**
 * ...and at least this many: a rarer word's tiers are read from GIN in a few ms, and a small
 * catalogue (a test's, a shop's first products) posts nothing unless a test lists words itself.
 */
export const POSTED_WORD_MIN_ROWS = 5_000;

/** Lists the label words in at least `share` and `minRows` of the rows (emptied first). */
export function postedWordsChoice(share: number, minRows: number): string[] {
  return [
    'DELETE FROM search_posting_words',
    `INSERT INTO search_posting_words (word)
      SELECT w FROM product_search s, unnest(tsvector_to_array(s.label)) w GROUP BY w
      HAVING count(*) >= greatest(${Number(minRows)},
        ${Number(share)} * (SELECT count(*) FROM product_search))`,
  ];
}

/** Lists the label words that are common enough (the list is emptied first). */
export const POSTED_WORDS_CHOOSE = postedWordsChoice(POSTED_WORD_SHARE, POSTED_WORD_MIN_ROWS);

/**
 * What the postings of every listed word were, from `product_search`, when this migration ran;
 * migration 0041 adds the category and its own fill, which later code uses.
 */
const POSTINGS_OF_ROWS = `SELECT w AS word,
    CASE WHEN w = ANY(tsvector_to_array(s.title)) THEN 0 ELSE 1 END AS tier,
    s."createdAt", s."productId"
  FROM product_search s, unnest(tsvector_to_array(s.label)) w
  WHERE w IN (SELECT word FROM search_posting_words)`;

/** The postings rebuilt (sorted as the index is, so its pages are filled in order). */
const POSTINGS_FILL = [
  'DELETE FROM search_postings',
  `INSERT INTO search_postings (word, tier, "createdAt", "productId")
    ${POSTINGS_OF_ROWS} ORDER BY 1, 2, 3 DESC, 4`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  if (db.getDialect() !== 'postgres') return;
  await db.transaction(async (transaction) => {
    const run = (sql: string) => db.query(sql, { transaction });
    // No search row changes between the choice, the fill and the trigger (an older release
    // still serving while this one migrates): its writes wait for the commit.
    await run('LOCK TABLE product_search IN SHARE MODE');
    await run('CREATE TABLE search_posting_words (word text COLLATE "C" PRIMARY KEY)');
    await run(
      `CREATE TABLE search_postings (
        word text COLLATE "C" NOT NULL,
        tier smallint NOT NULL,
        "createdAt" timestamp with time zone NOT NULL,
        "productId" uuid NOT NULL
      )`,
    );
    for (const sql of [...POSTED_WORDS_CHOOSE, ...POSTINGS_FILL]) await run(sql);
    // Built after the fill: one sort instead of ~2,000,000 inserts into a growing tree.
    await run(
      `CREATE UNIQUE INDEX search_postings_newest
        ON search_postings (word, tier, "createdAt" DESC, "productId")`,
    );
    // A row's old postings are found by the same key (OLD's label words, its createdAt and
    // productId): no index on productId. An UPDATE that leaves the title, label, createdAt and
    // productId as they were (a price or a description edit) writes nothing.
    await run(
      `CREATE FUNCTION search_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND OLD.title = NEW.title AND OLD.label = NEW.label
              AND OLD."createdAt" = NEW."createdAt" AND OLD."productId" = NEW."productId" THEN
            RETURN NULL;
          END IF;
          IF TG_OP <> 'INSERT' THEN
            DELETE FROM search_postings
              WHERE word = ANY(tsvector_to_array(OLD.label)) AND tier IN (0, 1)
                AND "createdAt" = OLD."createdAt" AND "productId" = OLD."productId";
          END IF;
          IF TG_OP <> 'DELETE' THEN
            INSERT INTO search_postings (word, tier, "createdAt", "productId")
              SELECT w.word,
                CASE WHEN w.word = ANY(tsvector_to_array(NEW.title)) THEN 0 ELSE 1 END,
                NEW."createdAt", NEW."productId"
              FROM search_posting_words w WHERE w.word = ANY(tsvector_to_array(NEW.label));
          END IF;
          RETURN NULL;
        END
      $$`,
    );
    await run(
      `CREATE TRIGGER search_postings_sync
        AFTER INSERT OR DELETE OR UPDATE OF title, label, "createdAt", "productId"
        ON product_search FOR EACH ROW EXECUTE FUNCTION search_postings_sync()`,
    );
  });
  await db.query('ANALYZE search_posting_words');
  // VACUUM sets the visibility map: the reads are index-only (no heap page per posting).
  await db.query('VACUUM (ANALYZE) search_postings');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query('DROP TRIGGER IF EXISTS search_postings_sync ON product_search');
  await qi.sequelize.query('DROP FUNCTION IF EXISTS search_postings_sync()');
  await qi.sequelize.query('DROP TABLE IF EXISTS search_postings');
  await qi.sequelize.query('DROP TABLE IF EXISTS search_posting_words');
}
