import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import { fts5String, tsqueryLexeme, type SearchToken } from './terms';
import { indexedWordsStartingWith, sqliteVocabulary } from './vocabulary';

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

/**
 * The FTS5 table of each scope (migration 0023): a scope's doclists hold only the products
 * with the word in that scope, so counting or walking a tier never reads the entries of a word
 * that is only in the descriptions. `product_search` (all four columns) is the vocabulary.
 */
const FTS5_TABLES: Record<Scope, string> = {
  title: 'product_search_title',
  label: 'product_search_label',
  all: 'product_search',
};

export const fts5Scope = (groups: WordGroup[], scope: Scope) => fts5All(groups, FTS5_SCOPES[scope]);

/** The category filter is a token of the index's `filter` column: part of the match. */
export const fts5InCategory = (query: string, categoryId: number | null) =>
  categoryId === null ? query : `${query} AND {filter} : ${fts5String(`c${categoryId}`)}`;

/** The docids of `scope`'s matches (newest first when ordered by docid descending). */
const fts5Docids = (scope: Scope, param: string) =>
  `SELECT rowid AS docid FROM ${FTS5_TABLES[scope]} WHERE ${FTS5_TABLES[scope]} MATCH ${param}`;

/**
 * A tier is its scope's matches less the narrower scope's (title ⊂ label ⊂ all): a merge of
 * two docid-ordered walks (a compound SELECT ordered by docid is merged, not materialised),
 * that reads both doclists only down to the page's last docid.
 */
const TIER_SCOPES: Record<Tier, [Scope, Scope | null]> = {
  0: ['title', null],
  1: ['label', 'title'],
  2: ['all', 'label'],
};

/** The longest prefix index of the FTS5 tables (`prefix = '2 3 4'`). */
const LONGEST_PREFIX_INDEX = 4;
/** A prefix is read as the words it stands for when there are at most this many. */
const MAX_PREFIX_WORDS = 24;

/**
 * The groups with a prefix longer than the prefix indexes written as the indexed words it
 * stands for, when the vocabulary in memory knows them all (vocabulary.ts): FTS5 reads ORed
 * words newest first and stops at the page's end, where such a prefix first merges the whole
 * doclists of its words. Otherwise (or past MAX_PREFIX_WORDS words) the group is unchanged.
 */
async function withPrefixWords(db: Database, groups: WordGroup[]): Promise<WordGroup[]> {
  return Promise.all(
    groups.map(async (group) => {
      if (
        !group.prefix ||
        group.words.every((word) => Array.from(word).length <= LONGEST_PREFIX_INDEX)
      )
        return group;
      const words = await indexedWordsStartingWith(db, group.words, MAX_PREFIX_WORDS);
      return words && words.length > 0 ? { words: words.sort(), prefix: false } : group;
    }),
  );
}

/** The matches of `query` in `scope`, counted up to `bound`: FTS5 stops reading there. */
async function countFts5(
  db: Database,
  scope: Scope,
  groups: WordGroup[],
  categoryId: number | null,
  bound: number,
) {
  const rows = await selectBound<{ total: number }>(
    db,
    `SELECT count(*) AS total FROM (${fts5Docids(scope, '$1')} LIMIT $2)`,
    [fts5InCategory(fts5Scope(groups, scope), categoryId), bound],
  );
  return Number(rows[0]?.total ?? 0);
}

export const sqliteEngine: SearchEngine = {
  async hasMatch(db, token) {
    const rows = await selectBound(
      db,
      'SELECT 1 AS hit FROM product_search WHERE product_search MATCH $1 LIMIT 1',
      [
        fts5Scope(
          await withPrefixWords(db, [{ words: [token.text], prefix: token.prefix }]),
          'all',
        ),
      ],
    );
    return rows.length > 0;
  },

  async knownWords(db, words) {
    const vocabulary = await sqliteVocabulary(db);
    return words.filter((word) => vocabulary.has(word));
  },

  async counts(db, typed, categoryId, bound) {
    const groups = await withPrefixWords(db, typed);
    const count = (scope: Scope) => countFts5(db, scope, groups, categoryId, bound);
    // Title ⊂ label ⊂ all: a title count at the bound leaves the others at the bound too, and
    // a deep page of a word common in titles reads one index instead of three.
    const title = await count('title');
    if (title >= bound) return { title, label: bound, all: bound };
    const [label, all] = await Promise.all([count('label'), count('all')]);
    return { title, label: label!, all: all! };
  },

  async newest(db, typed, categoryId, limit) {
    const groups = await withPrefixWords(db, typed);
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT d."productId" AS id FROM product_search
        JOIN product_search_docs d ON d.docid = product_search.rowid
        WHERE product_search MATCH $1
        ORDER BY product_search.rowid DESC
        LIMIT $2`,
      [fts5InCategory(fts5Scope(groups, 'all'), categoryId), limit],
    );
    return rows.map((row) => row.id);
  },

  async fetch(db, tier, typed, categoryId, limit, offset) {
    const groups = await withPrefixWords(db, typed);
    // Docids follow createdAt, so FTS5 returns the newest first and stops at the page's end.
    const [scope, narrower] = TIER_SCOPES[tier];
    const params = [fts5InCategory(fts5Scope(groups, scope), categoryId)];
    if (narrower) params.push(fts5InCategory(fts5Scope(groups, narrower), categoryId));
    const matches = narrower
      ? `${fts5Docids(scope, '$1')} EXCEPT ${fts5Docids(narrower, '$2')}`
      : fts5Docids(scope, '$1');
    const at = params.length;
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT d."productId" AS id
        FROM (${matches} ORDER BY docid DESC LIMIT $${at + 1} OFFSET $${at + 2}) m
        JOIN product_search_docs d ON d.docid = m.docid
        ORDER BY m.docid DESC`,
      [...params, limit, offset],
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

  async counts(db, typed, categoryId, bound) {
    const groups = await withPrefixWords(db, typed);
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
