import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import {
  POSTED_WORD_MIN_ROWS,
  POSTED_WORD_SHARE,
  postedWordsChoice,
} from '../../db/migrations/0034-search-postings';
import { POSTINGS_FILL } from '../../db/migrations/0041-search-postings-category';

/**
 * PostgreSQL: chooses the posted words again from the catalogue as it is now, and rebuilds their
 * postings (migration 0034). The migration and a bulk load choose; a catalogue that grew
 * through the back office, imports and feeds keeps the words of its last choice, so its newly
 * common words read by the walk or GIN until this runs (`npm run search:postings`,
 * docs/operations.md). The search rows are locked against writes meanwhile (writes wait, about
 * 30 s at 1,000,000 products), so no row changes between the choice and the trigger's upkeep.
 */
export async function choosePostedWords(
  db: Database,
  rule: { share: number; minRows: number } = {
    share: POSTED_WORD_SHARE,
    minRows: POSTED_WORD_MIN_ROWS,
  },
): Promise<{ words: string[]; postings: number } | null> {
  if (db.dialect !== 'postgres') return null;
  await db.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => db.sequelize.query(sql, { transaction });
    await run('LOCK TABLE product_search IN SHARE MODE');
    for (const sql of [...postedWordsChoice(rule.share, rule.minRows), ...POSTINGS_FILL]) {
      await run(sql);
    }
  });
  await db.sequelize.query('ANALYZE search_posting_words');
  // As the migration: the visibility map set, so the reads are index-only from the start.
  await db.sequelize.query('VACUUM (ANALYZE) search_postings');
  const words = await selectBound<{ word: string }>(
    db,
    'SELECT word FROM search_posting_words ORDER BY word',
    [],
  );
  const [count] = await selectBound<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM search_postings',
    [],
  );
  return { words: words.map((row) => row.word), postings: Number(count?.n ?? 0) };
}
