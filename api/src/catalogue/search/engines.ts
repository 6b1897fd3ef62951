import { QueryTypes } from 'sequelize';
import type { Database } from '../../db/database';
import { fts5String, tsqueryLexeme, type SearchToken } from './terms';

/** One word of the query: any of `words` must match (the typed word and its typo fixes). */
export interface WordGroup {
  words: string[];
  prefix: boolean;
}

export interface MatchPage {
  limit: number;
  offset: number;
  categoryId: number | null;
  /** Whether totalCount is wanted (suggestions skip it). */
  count: boolean;
}

export interface MatchResult {
  ids: string[];
  totalCount: number;
}

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
   * Active products matching every group, ranked: a match in the title first, then in the
   * category or badge, then only in the description; newer first within each; id last.
   */
  match(db: Database, groups: WordGroup[], page: MatchPage): Promise<MatchResult>;
}

/** Positional bind parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[];
  constructor(...values: unknown[]) {
    this.values = values;
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const select = <T extends object>(db: Database, sql: string, bind: unknown[]) =>
  db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

// ---------------------------------------------------------------------------------------------
// SQLite FTS5

const fts5Group = (group: WordGroup) => {
  const words = group.words.map((word) => fts5String(word) + (group.prefix ? ' *' : ''));
  return words.length === 1 ? words[0]! : `(${words.join(' OR ')})`;
};

const fts5Query = (groups: WordGroup[]) => groups.map(fts5Group).join(' AND ');

/** bm25 with one column weighted alone is negative exactly when that column matched. */
const SQLITE_TIER = `CASE WHEN bm25(product_search, 1, 0, 0, 0) < 0 THEN 0
  WHEN bm25(product_search, 0, 1, 1, 0) < 0 THEN 1 ELSE 2 END`;

export const sqliteEngine: SearchEngine = {
  async hasMatch(db, token) {
    const rows = await select(
      db,
      'SELECT 1 AS hit FROM product_search WHERE product_search MATCH $1 LIMIT 1',
      [fts5Query([{ words: [token.text], prefix: token.prefix }])],
    );
    return rows.length > 0;
  },

  async knownWords(db, words) {
    if (words.length === 0) return [];
    const rows = await select<{ term: string }>(
      db,
      `SELECT term FROM product_search_vocab
        WHERE term IN (SELECT value FROM json_each($1)) AND doc > 0`,
      [JSON.stringify(words)],
    );
    return rows.map((row) => row.term);
  },

  async match(db, groups, page) {
    const params = new Params(fts5Query(groups));
    const byCategory =
      page.categoryId === null ? '' : `AND d."categoryId" = ${params.add(page.categoryId)}`;
    const fromWhere = `FROM product_search JOIN product_search_docs d ON d.docid = product_search.rowid
        WHERE product_search MATCH $1 ${byCategory}`;
    const counting = params.values.slice();
    const rows = await select<{ id: string }>(
      db,
      `SELECT d."productId" AS id ${fromWhere}
        ORDER BY ${SQLITE_TIER}, d."createdAt" DESC, d."productId"
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    let totalCount = rows.length;
    if (page.count) {
      const counted = await select<{ total: number }>(
        db,
        page.categoryId === null
          ? 'SELECT count(*) AS total FROM product_search WHERE product_search MATCH $1'
          : `SELECT count(*) AS total ${fromWhere}`,
        counting,
      );
      totalCount = Number(counted[0]?.total ?? 0);
    }
    return { ids: rows.map((row) => row.id), totalCount };
  },
};

// ---------------------------------------------------------------------------------------------
// PostgreSQL tsvector

const tsGroup = (group: WordGroup, weight = '') => {
  const marks = (group.prefix ? '*' : '') + weight;
  const words = group.words.map((word) => tsqueryLexeme(word) + (marks ? `:${marks}` : ''));
  return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
};

/** Every group must match anywhere. */
const tsAll = (groups: WordGroup[]) => groups.map((group) => tsGroup(group)).join(' & ');
/** Some group matches in the fields of this weight. */
const tsAnyIn = (groups: WordGroup[], weight: string) =>
  groups.map((group) => tsGroup(group, weight)).join(' | ');

export const postgresEngine: SearchEngine = {
  async hasMatch(db, token) {
    const rows = await select(
      db,
      'SELECT 1 AS hit FROM product_search WHERE document @@ $1::tsquery LIMIT 1',
      [tsAll([{ words: [token.text], prefix: token.prefix }])],
    );
    return rows.length > 0;
  },

  async knownWords(db, words) {
    if (words.length === 0) return [];
    const rows = await select<{ word: string }>(
      db,
      'SELECT word FROM search_words WHERE word = ANY($1::text[])',
      [words],
    );
    return rows.map((row) => row.word);
  },

  async match(db, groups, page) {
    const params = new Params(tsAll(groups));
    const byCategory =
      page.categoryId === null ? '' : `AND s."categoryId" = ${params.add(page.categoryId)}`;
    const where = `WHERE s.document @@ $1::tsquery ${byCategory}`;
    const counting = params.values.slice();
    const titleQuery = params.add(tsAnyIn(groups, 'A'));
    const labelQuery = params.add(tsAnyIn(groups, 'B'));
    const rows = await select<{ id: string; total: string }>(
      db,
      `SELECT s."productId" AS id, ${page.count ? 'count(*) OVER ()' : '0'} AS total
        FROM product_search s ${where}
        ORDER BY CASE WHEN s.document @@ ${titleQuery}::tsquery THEN 0
            WHEN s.document @@ ${labelQuery}::tsquery THEN 1 ELSE 2 END,
          s."createdAt" DESC, s."productId"
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    let totalCount = rows.length;
    if (page.count) {
      totalCount = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && page.offset > 0) {
        // Past the last page the window count has no row to ride on.
        const counted = await select<{ total: string }>(
          db,
          `SELECT count(*) AS total FROM product_search s ${where}`,
          counting,
        );
        totalCount = Number(counted[0]?.total ?? 0);
      }
    }
    return { ids: rows.map((row) => row.id), totalCount };
  },
};

export const engineFor = (db: Database): SearchEngine =>
  db.dialect === 'postgres' ? postgresEngine : sqliteEngine;
