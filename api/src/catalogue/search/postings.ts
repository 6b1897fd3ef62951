import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import type { Tier, WordGroup } from './engines';

/**
 * PostgreSQL: the title and label tiers of a common word read from its postings (migration
 * 0034; docs/decisions.md, session 47): page 1,000 of `promo` over the whole catalogue walked
 * ~240,000 wide rows of `product_search`, each tested; its postings are read in the same
 * order (`"createdAt" DESC, "productId"`) from a narrow index, a few dozen pages. In a category,
 * from the category's own (migration 0041; session 49): page 100 of `promo` in one walked
 * ~2,400 rows of the category, each on a heap page of its own.
 */

/** Whether searches read the postings (null: whenever the word is posted; the tests force it). */
let postingsReading: 'postings' | 'off' | null = null;

/** Tests and comparisons only: never read the postings ('off'), or read them when posted. */
export function setPostingsReading(reading: 'postings' | 'off' | null): void {
  postingsReading = reading;
}

/**
 * The word whose tiers 0 and 1 the postings hold for this search: one word, not a prefix,
 * listed in `search_posting_words`, over the whole catalogue or in a category. Any other search
 * (and a word listed by no choice yet) reads the tiers as before. `inLabels`: the
 * statistics list the word among the labels' commonest (every posted word is, in 4% of them):
 * a rarer word is not asked about, one statement less.
 */
export async function postedWord(
  db: Database,
  groups: WordGroup[],
  categoryId: number | null,
  inLabels: (word: string) => boolean,
): Promise<{ word: string; categoryId: number | null } | null> {
  if (postingsReading === 'off' || groups.length !== 1) return null;
  const group = groups[0]!;
  if (group.prefix || group.words.length !== 1) return null;
  const word = group.words[0]!;
  if (postingsReading !== 'postings' && !inLabels(word)) return null;
  const rows = await selectBound(db, 'SELECT 1 AS hit FROM search_posting_words WHERE word = $1', [
    word,
  ]);
  return rows.length > 0 ? { word, categoryId } : null;
}

/**
 * A tier's first `end` postings, newest first, as tierSlice answers: how many there are (fewer
 * than `end`: the tier's size) and the ids past `skip`. A count up to the end and a plain
 * LIMIT/OFFSET, both index-only: a CTE of the `end` rows counted then sorted again for the
 * offset took 38 ms over the same pages where these take 2 ms (session 46).
 */
export async function postingsSlice(
  db: Database,
  posted: { word: string; categoryId: number | null },
  tier: Tier,
  end: number,
  skip: number,
): Promise<{ walked: number; page: string[] }> {
  const params = new Params(posted.word, tier);
  const inCategory =
    posted.categoryId === null ? '' : `AND "categoryId" = ${params.add(posted.categoryId)}`;
  const postings = `FROM search_postings WHERE word = $1 ${inCategory} AND tier = $2
    ORDER BY "createdAt" DESC, "productId"`;
  const rows = await selectBound<{ walked: string; page: string[] | null }>(
    db,
    `SELECT (SELECT count(*) FROM (SELECT 1 ${postings} LIMIT ${params.add(end)}) AS n) AS walked,
        ARRAY(SELECT "productId" ${postings}
          LIMIT ${params.add(Math.max(end - skip, 0))} OFFSET ${params.add(skip)}) AS page`,
    params.values,
  );
  return { walked: Number(rows[0]?.walked ?? 0), page: rows[0]?.page ?? [] };
}
