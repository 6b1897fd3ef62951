import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import { fts5String, tsqueryLexeme, type SearchToken } from './terms';
import { sqliteVocabulary } from './vocabulary';

/** One word of the query: any of `words` must match (the typed word and its typo fixes). */
export interface WordGroup {
  words: string[];
  prefix: boolean;
}

/**
 * Where every word of the query is found. The ranking tiers: every word in the title; every
 * word in title, category or badge (not all in the title); the rest (some word only in the
 * description). Newer first within a tier.
 */
export type Scope = 'title' | 'label' | 'all';
export type Tier = 0 | 1 | 2;
export type ScopeCounts = Record<Scope, number>;

/**
 * What the search needs from a full-text engine. Every method builds its engine query from
 * folded words only, each quoted as a literal, and binds it as a parameter.
 */
export interface SearchEngine {
  /** Whether an active product has this word (as a prefix if the token is one). */
  hasMatch(db: Database, token: SearchToken): Promise<boolean>;
  /** Which of these words are in the index vocabulary. */
  knownWords(db: Database, words: string[]): Promise<string[]>;
  /**
   * How many active products have every group in the title, in the label, anywhere, each
   * counted up to `bound` and no further (a count equal to `bound` means at least that many):
   * a word in half the catalogue costs `bound` index entries, not half a million.
   */
  counts(
    db: Database,
    groups: WordGroup[],
    categoryId: number | null,
    bound: number,
  ): Promise<ScopeCounts>;
  /** The newest `limit` active products with every group anywhere (a bounded sample). */
  newest(
    db: Database,
    groups: WordGroup[],
    categoryId: number | null,
    limit: number,
  ): Promise<string[]>;
  /** One slice of a ranking tier, newest first. */
  fetch(
    db: Database,
    tier: Tier,
    groups: WordGroup[],
    categoryId: number | null,
    limit: number,
    offset: number,
  ): Promise<string[]>;
}

// ---------------------------------------------------------------------------------------------
// SQLite FTS5

const fts5Group = (group: WordGroup) => {
  const words = group.words.map((word) => fts5String(word) + (group.prefix ? ' *' : ''));
  return words.length === 1 ? words[0]! : `(${words.join(' OR ')})`;
};

/** Every group, anywhere in `columns`. */
const fts5All = (groups: WordGroup[], columns: string) =>
  `{${columns}} : (${groups.map(fts5Group).join(' AND ')})`;

const FTS5_SCOPES: Record<Scope, string> = {
  title: 'title',
  label: 'title category badge',
  all: 'title category badge description',
};

export const fts5Scope = (groups: WordGroup[], scope: Scope) => fts5All(groups, FTS5_SCOPES[scope]);

const fts5Tier = (groups: WordGroup[], tier: Tier) => {
  if (tier === 0) return fts5Scope(groups, 'title');
  if (tier === 1) return `${fts5Scope(groups, 'label')} NOT ${fts5Scope(groups, 'title')}`;
  return `${fts5Scope(groups, 'all')} NOT ${fts5Scope(groups, 'label')}`;
};

const FTS5_JOIN = 'JOIN product_search_docs d ON d.docid = product_search.rowid';

/** The category filter is a token of the index's `filter` column: part of the match. */
export const fts5InCategory = (query: string, categoryId: number | null) =>
  categoryId === null ? query : `${query} AND {filter} : ${fts5String(`c${categoryId}`)}`;

/** The matches of `query`, counted up to `bound`: FTS5 stops reading the doclists there. */
async function countFts5(db: Database, query: string, categoryId: number | null, bound: number) {
  const rows = await selectBound<{ total: number }>(
    db,
    `SELECT count(*) AS total FROM
      (SELECT 1 FROM product_search WHERE product_search MATCH $1 LIMIT $2)`,
    [fts5InCategory(query, categoryId), bound],
  );
  return Number(rows[0]?.total ?? 0);
}

export const sqliteEngine: SearchEngine = {
  async hasMatch(db, token) {
    const rows = await selectBound(
      db,
      'SELECT 1 AS hit FROM product_search WHERE product_search MATCH $1 LIMIT 1',
      [fts5Scope([{ words: [token.text], prefix: token.prefix }], 'all')],
    );
    return rows.length > 0;
  },

  async knownWords(db, words) {
    const vocabulary = await sqliteVocabulary(db);
    return words.filter((word) => vocabulary.has(word));
  },

  async counts(db, groups, categoryId, bound) {
    const [title, label, all] = await Promise.all(
      (['title', 'label', 'all'] as const).map((scope) =>
        countFts5(db, fts5Scope(groups, scope), categoryId, bound),
      ),
    );
    return { title: title!, label: label!, all: all! };
  },

  async newest(db, groups, categoryId, limit) {
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT d."productId" AS id FROM product_search ${FTS5_JOIN}
        WHERE product_search MATCH $1
        ORDER BY product_search.rowid DESC
        LIMIT $2`,
      [fts5InCategory(fts5Scope(groups, 'all'), categoryId), limit],
    );
    return rows.map((row) => row.id);
  },

  async fetch(db, tier, groups, categoryId, limit, offset) {
    // Docids follow createdAt, so FTS5 returns the newest first and stops at the page's end.
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT d."productId" AS id FROM product_search ${FTS5_JOIN}
        WHERE product_search MATCH $1
        ORDER BY product_search.rowid DESC
        LIMIT $2 OFFSET $3`,
      [fts5InCategory(`(${fts5Tier(groups, tier)})`, categoryId), limit, offset],
    );
    return rows.map((row) => row.id);
  },
};

// ---------------------------------------------------------------------------------------------
// PostgreSQL tsvector

const tsGroup = (group: WordGroup) => {
  const words = group.words.map((word) => tsqueryLexeme(word) + (group.prefix ? ':*' : ''));
  return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
};

/** Every group must match. */
export const tsAll = (groups: WordGroup[]) => groups.map(tsGroup).join(' & ');

const tsTier = (tier: Tier) => {
  if (tier === 0) return 's.title @@ $1::tsquery';
  if (tier === 1) return 's.label @@ $1::tsquery AND NOT s.title @@ $1::tsquery';
  return 's.document @@ $1::tsquery AND NOT s.label @@ $1::tsquery';
};

export const postgresEngine: SearchEngine = {
  // Asked of the vocabulary's B-tree (exact word, or the range of words with this prefix):
  // for a word no product has, the planner's guess can make `@@ ... LIMIT 1` read the table.
  async hasMatch(db, token) {
    const rows = await selectBound(
      db,
      token.prefix
        ? 'SELECT 1 AS hit FROM search_words WHERE word >= $1 AND word < $2 LIMIT 1'
        : 'SELECT 1 AS hit FROM search_words WHERE word = $1 LIMIT 1',
      token.prefix ? [token.text, `${token.text}\u{10FFFF}`] : [token.text],
    );
    return rows.length > 0;
  },

  async knownWords(db, words) {
    if (words.length === 0) return [];
    const rows = await selectBound<{ word: string }>(
      db,
      'SELECT word FROM search_words WHERE word = ANY($1::text[])',
      [words],
    );
    return rows.map((row) => row.word);
  },

  async counts(db, groups, categoryId, bound) {
    const params = new Params(tsAll(groups));
    const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
    const limit = params.add(bound);
    // Each scope counted up to the bound inside its own LIMIT: for a word in half the rows the
    // planner reads the table only until `bound` rows matched (or the GIN index for a rare
    // word), instead of scanning every row to count them all.
    const scope = (column: 'title' | 'label' | 'document') =>
      `(SELECT count(*) FROM (SELECT 1 FROM product_search s
          WHERE s.${column} @@ $1::tsquery ${byCategory} LIMIT ${limit}) AS found)`;
    const rows = await selectBound<{ title: string; label: string; total: string }>(
      db,
      `SELECT ${scope('title')} AS title, ${scope('label')} AS label,
          ${scope('document')} AS total`,
      params.values,
    );
    const row = rows[0];
    return {
      title: Number(row?.title ?? 0),
      label: Number(row?.label ?? 0),
      all: Number(row?.total ?? 0),
    };
  },

  async newest(db, groups, categoryId, limit) {
    const params = new Params(tsAll(groups));
    const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT s."productId" AS id FROM product_search s
        WHERE s.document @@ $1::tsquery ${byCategory}
        ORDER BY s."createdAt" DESC, s."productId"
        LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map((row) => row.id);
  },

  async fetch(db, tier, groups, categoryId, limit, offset) {
    const params = new Params(tsAll(groups));
    const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT s."productId" AS id FROM product_search s
        WHERE ${tsTier(tier)} ${byCategory}
        ORDER BY s."createdAt" DESC, s."productId"
        LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    return rows.map((row) => row.id);
  },
};

export const engineFor = (db: Database): SearchEngine =>
  db.dialect === 'postgres' ? postgresEngine : sqliteEngine;
