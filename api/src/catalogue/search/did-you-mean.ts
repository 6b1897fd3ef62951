import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import { engineFor, fts5Scope, tsAll, type WordGroup } from './engines';
import { editVariants, foldedWords, type SearchToken } from './terms';

/** Words shorter than this get no spelling fix: one edit away, too many words qualify. */
export const DID_YOU_MEAN_MIN_LENGTH = 3;
/** At most this many indexed spellings are weighed for one word. */
const MAX_CANDIDATES = 12;

/**
 * Closer spellings first: the same first letter (typos are rarely there), then the same
 * length (one letter replaced), then alphabetical so the answer does not depend on the engine.
 */
function byCloseness(typed: string) {
  const rank = (word: string) =>
    (word[0] === typed[0] ? 0 : 2) + (word.length === typed.length ? 0 : 1);
  return (a: string, b: string) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The folded words of one active product that matches every group, or null if none does. */
async function oneMatchWords(db: Database, groups: WordGroup[]): Promise<string[] | null> {
  if (db.dialect === 'postgres') {
    const rows = await selectBound<{ words: string[] }>(
      db,
      // Planned as if every match were wanted (a rare spelling reads its GIN entries, a
      // common one the table until its first match): a bare LIMIT 1 made the planner walk
      // the table for a spelling it guessed common, all of it when no product had them all.
      `WITH m AS MATERIALIZED (SELECT s.document FROM product_search s
          WHERE s.document @@ $1::tsquery)
        SELECT tsvector_to_array(m.document) AS words FROM m LIMIT 1`,
      [tsAll(groups)],
    );
    return rows[0]?.words ?? null;
  }
  // The FTS5 index stores no text: the words are read back from the product (by its docid).
  const rows = await selectBound<{
    title: string;
    description: string;
    badge: string | null;
    category: string | null;
  }>(
    db,
    `SELECT p.title AS title, p.description AS description, p."badgeText" AS badge,
        c.name AS category
      FROM product_search
      JOIN product_search_docs d ON d.docid = product_search.rowid
      JOIN products p ON p.id = d."productId"
      LEFT JOIN categories c ON c.id = p."categoryId"
      WHERE product_search MATCH $1 LIMIT 1`,
    [fts5Scope(groups, 'all')],
  );
  const row = rows[0];
  if (!row) return null;
  return foldedWords([row.title, row.category ?? '', row.badge ?? '', row.description].join(' '));
}

/**
 * The nearest spelling of a search that found nothing (docs/contracts.md, "Did you mean"):
 * every word no active product has is replaced by an indexed word one edit away, and the
 * corrected search must find at least one product, else null.
 *
 * Cost, whatever the catalogue size: one "any match" look-up per word, one batch of exact
 * vocabulary look-ups per misspelt word (the typo search's own: an in-memory Set on SQLite,
 * the search_words B-tree on PostgreSQL), and one `LIMIT 1` full-text match whose product's
 * words tell which spelling matched.
 */
export async function didYouMean(db: Database, tokens: SearchToken[]): Promise<string | null> {
  if (tokens.length === 0) return null;
  const engine = engineFor(db);
  const fixes = await Promise.all(
    tokens.map(async (token): Promise<string[] | null | 'keep'> => {
      if (await engine.hasMatch(db, token)) return 'keep';
      if (Array.from(token.text).length < DID_YOU_MEAN_MIN_LENGTH) return null;
      const known = await engine.knownWords(db, editVariants(token.text));
      return known.length === 0
        ? null
        : known.sort(byCloseness(token.text)).slice(0, MAX_CANDIDATES);
    }),
  );
  // A word with no spelling near it, or nothing to correct: no suggestion.
  if (fixes.some((fix) => fix === null) || fixes.every((fix) => fix === 'keep')) return null;
  const groups: WordGroup[] = tokens.map((token, i) => {
    const fix = fixes[i]!;
    return fix === 'keep'
      ? { words: [token.text], prefix: token.prefix }
      : { words: fix!, prefix: false };
  });
  const words = await oneMatchWords(db, groups);
  if (!words) return null;
  const present = new Set(words);
  const corrected = tokens.map((token, i) => {
    const fix = fixes[i]!;
    return fix === 'keep' ? token.text : fix!.find((word) => present.has(word));
  });
  return corrected.every((word) => word !== undefined) ? corrected.join(' ') : null;
}
