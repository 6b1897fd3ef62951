import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import { postedWord, postingsSlice } from './postings';
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
   * Optional: the groups as this engine reads them fastest, matching the same products
   * (PostgreSQL: a prefix written as the indexed words it stands for, spelledPrefixes).
   */
  spelled?(db: Database, groups: WordGroup[]): Promise<WordGroup[]>;
  /**
   * How many active products have every group in the title, in the label, anywhere, each
   * counted up to `bound` and no further (a count equal to `bound` means at least that many):
   * a word in half the catalogue costs `bound` index entries, not half a million. An engine
   * may stop the title and label counts at `placeBound` (at most `bound`): they only place
   * the page among the tiers, and a tier counted up to the page's end holds the rest of it.
   */
  counts(
    db: Database,
    groups: WordGroup[],
    categoryId: number | null,
    bound: number,
    placeBound?: number,
  ): Promise<ScopeCounts>;
  /** The newest `limit` active products with every group anywhere (a bounded sample). */
  newest(
    db: Database,
    groups: WordGroup[],
    categoryId: number | null,
    limit: number,
  ): Promise<string[]>;
  /**
   * Optional: one page of the ranked matches, found its own way (PostgreSQL: each tier walked
   * once, its size up to the page's end and the page's rows together), with the total up to
   * `bound` (none when `bound` is null: the first matches only, as suggestions want). Without
   * it, rankedPage asks `counts` and then `fetch`.
   */
  rankedPage?(
    db: Database,
    groups: WordGroup[],
    categoryId: number | null,
    limit: number,
    offset: number,
    bound: number | null,
  ): Promise<{ ids: string[]; all: number | null }>;
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
 * The FTS5 table of each scope (migration 0022): a scope's doclists hold only the products
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

/** The matches of `query` outside these categories (none: every match). */
export const fts5OutsideCategories = (query: string, categoryIds: number[]) =>
  categoryIds.length === 0
    ? query
    : `(${query}) NOT {filter} : (${categoryIds.map((id) => fts5String(`c${id}`)).join(' OR ')})`;

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

/**
 * The docids of a ranking tier's matches (in a category if one is given), as one SELECT whose
 * FTS5 queries are bound through `bind`.
 */
export function fts5TierDocids(
  tier: Tier,
  groups: WordGroup[],
  categoryId: number | null,
  bind: (query: string) => string,
): string {
  const [scope, narrower] = TIER_SCOPES[tier];
  const docids = (name: Scope) =>
    fts5Docids(name, bind(fts5InCategory(fts5Scope(groups, name), categoryId)));
  return narrower ? `${docids(scope)} EXCEPT ${docids(narrower)}` : docids(scope);
}

/** The longest prefix index of the FTS5 tables (`prefix = '2 3 4'`). */
const LONGEST_PREFIX_INDEX = 4;
/** A prefix is read as the words it stands for when there are at most this many. */
const MAX_PREFIX_WORDS = 24;

/**
 * The groups with a prefix longer than the prefix indexes written as the indexed words it
 * stands for, when the vocabulary in memory knows them all (vocabulary.ts): FTS5 reads ORed
 * words newest first and stops at the page's end, where such a prefix first merges the whole
 * doclists of its words. Otherwise (or past MAX_PREFIX_WORDS words) the group is unchanged.
 * `short`: a prefix the prefix indexes hold too, for a query that tests one row at a time
 * (a walk down a sort's index): FTS5 merges a prefix's doclists again for every row it is
 * asked about (`pria*`: ~3 times the cost of `pria` per row).
 */
export async function withPrefixWords(
  db: Database,
  groups: WordGroup[],
  { short = false }: { short?: boolean } = {},
): Promise<WordGroup[]> {
  return Promise.all(
    groups.map(async (group) => {
      if (
        !group.prefix ||
        (!short && group.words.every((word) => Array.from(word).length <= LONGEST_PREFIX_INDEX))
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

export const tsTier = (tier: Tier) => {
  if (tier === 0) return 's.title @@ $1::tsquery';
  if (tier === 1) return 's.label @@ $1::tsquery AND NOT s.title @@ $1::tsquery';
  return 's.document @@ $1::tsquery AND NOT s.label @@ $1::tsquery';
};

export type Column = 'title' | 'label' | 'document';
const SCOPE_COLUMNS: Record<Scope, Column> = { title: 'title', label: 'label', all: 'document' };

/**
 * How common words are in each vector column: the planner's own statistics of
 * `product_search` (pg_stats: the commonest few hundred words of each column and the share of
 * rows that hold each, kept by ANALYZE and autovacuum), and how many rows it has. A word not
 * among them is in fewer rows than the least common of them (well under 1% at any size).
 */
export interface WordShares {
  columns: Record<Column, Map<string, number>>;
  rows: number;
}

/** The statistics change with ANALYZE only: read again after this long. */
const SHARES_TTL_MS = 5 * 60_000;
const sharesCache = new WeakMap<Database, { at: number; shares: Promise<WordShares> }>();

export async function readShares(db: Database): Promise<WordShares> {
  const rows = await selectBound<{
    column: Column;
    words: string[] | null;
    shares: number[] | null;
    total: number | string | null;
  }>(
    db,
    `SELECT attname AS column, most_common_elems::text::text[] AS words,
        most_common_elem_freqs AS shares,
        (SELECT reltuples FROM pg_class WHERE oid = 'product_search'::regclass) AS total
      FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'product_search'
        AND attname IN ('title', 'label', 'document')`,
    [],
  );
  const columns: Record<Column, Map<string, number>> = {
    title: new Map(),
    label: new Map(),
    document: new Map(),
  };
  let total = 0;
  for (const row of rows) {
    total = Math.max(total, Number(row.total ?? 0));
    const words = row.words ?? [];
    // The array of shares ends with three figures of its own (min, max, null share).
    words.forEach((word, i) => columns[row.column]?.set(word, Number(row.shares?.[i] ?? 0)));
  }
  return { columns, rows: total };
}

/** The statistics, read at most every SHARES_TTL_MS; a stale copy answers while it reloads. */
export function wordShares(db: Database): Promise<WordShares> {
  const cached = sharesCache.get(db);
  if (cached && Date.now() - cached.at < SHARES_TTL_MS) return cached.shares;
  const shares = readShares(db);
  sharesCache.set(db, { at: Date.now(), shares });
  shares.catch(() => sharesCache.delete(db));
  if (!cached) return shares;
  return shares.then(
    (fresh) => fresh,
    () => cached.shares,
  );
}

/**
 * The share of rows whose `column` matches every group: each group's words (a prefix: every
 * known word it starts) add up, groups multiply, and each group after the first halves it
 * again: words of one product are seldom independent (`pria wanita`, two words in 5% of the
 * titles each, is in 0.12% of them, not 0.29%), and guessing too common walks too far. A word
 * the statistics do not list counts as none: it is rare.
 */
export function shareOf(shares: WordShares, column: Column, groups: WordGroup[]): number {
  let share = 0.5 ** Math.max(groups.length - 1, 0);
  for (const group of groups) share *= Math.min(groupShare(shares, column, group), 1);
  return share;
}

/** The share of rows with any word of the group (a prefix: every known word it starts). */
function groupShare(shares: WordShares, column: Column, group: WordGroup): number {
  const known = shares.columns[column];
  let found = 0;
  for (const word of group.words) {
    if (!group.prefix) found += known.get(word) ?? 0;
    else for (const [lexeme, s] of known) if (lexeme.startsWith(word)) found += s;
  }
  return found;
}

/** How many GIN entries (per row of the table) matching the groups in `column` reads. */
export const entriesOf = (shares: WordShares, column: Column, groups: WordGroup[]) =>
  groups.reduce((sum, group) => sum + groupShare(shares, column, group), 0);

/** What one GIN entry read, and one match fetched from its own heap page, cost next to one
 * row of a walk (measured at 1,000,000 products: ~1.7 us a row walked, ~1 us an entry, ~50 us
 * a match fetched under load). */
const GIN_ENTRY_COST = 0.6;
const GIN_MATCH_COST = 30;

/**
 * Whether reading rows newest first and stopping after `need` matches costs less than taking
 * the matches from the GIN index: a walk reads about need / tierShare rows in order, on
 * consecutive pages (migration 0023); the index reads the posting lists of every word of the
 * query (`entries` per row) and fetches `fetched` matches (at most scopeShare * rows), each
 * from a page of its own. Rare words take the index; common ones the walk, which for a word
 * in half the rows stops after twice the rows it needs.
 */
export function walkPays(
  cost: { tierShare: number; scopeShare: number; entries: number },
  need: number,
  rows: number,
  fetched = Number.POSITIVE_INFINITY,
  /** What a match fetched costs, when its test is cheaper than GIN_MATCH_COST's. */
  matchCost = GIN_MATCH_COST,
): boolean {
  if (cost.tierShare <= 0) return false;
  const matches = Math.min(fetched, cost.scopeShare * rows);
  return need / cost.tierShare <= cost.entries * rows * GIN_ENTRY_COST + matches * matchCost;
}

/**
 * Every match of `where`, taken as if all of them were wanted (the planner then reads a rare
 * word's GIN entries, or the table for a common one), however few the outer query keeps: a
 * LIMIT outside this CTE does not make the planner walk the table hoping for an early stop
 * that never comes when the guess was too high (a word no product has read all 950,000 rows).
 */
const everyMatch = (columns: string, where: string) =>
  `WITH m AS MATERIALIZED (SELECT ${columns} FROM product_search s WHERE ${where})`;

/**
 * everyMatch of `where`, GIN asked only for `indexed` when given (the rarest group in its
 * column, and the category), `where` tested on each of its rows outside the index (OFFSET 0
 * keeps the test out of the index condition): `columns` are columns of `product_search`.
 */
export const everyMatchOf = (columns: string[], where: string, indexed: string | null) => {
  if (indexed === null)
    return everyMatch(columns.map((name) => `s."${name}"`).join(', ') || '1', where);
  const inner = columns.map((name) => `s."${name}", `).join('');
  const outer = columns.map((name) => `r."${name}"`).join(', ') || '1';
  return `WITH m AS MATERIALIZED (SELECT ${outer} FROM (SELECT ${inner}(${where}) AS hit
      FROM product_search s WHERE ${indexed} OFFSET 0) AS r WHERE r.hit)`;
};

/**
 * The order of a counting walk: down the newest index (in a category, always: the category's),
 * not a sequential scan. A sequential scan of a table larger than a quarter of shared_buffers
 * reads through a small ring of buffers, so its pages are never kept: a count of `promo` in a
 * category read 4,400 pages from the OS on every search (60-135 ms), where the category
 * index's walk keeps its ~1,500 pages, the same ones the page's tier walk reads (1.5 ms once
 * cached).
 */
const NEWEST_FIRST = 'ORDER BY s."createdAt" DESC';
/**
 * A longer walk keeps the sequential scan and its ring: at 12,000 matches of a word in 5% of
 * the rows (a deep page) the index walk would keep 18,000 pages, more than shared_buffers
 * holds by default (128 MB), and push out what the short walks keep. A walk of the whole table
 * reads ~13 rows a page (rows in createdAt order, migration 0023). A count in a category walks
 * when categoryWalkPays finds it cheaper than GIN, whatever its length.
 */
const CACHED_WALK_PAGES = 4_000;
const ROWS_PER_PAGE = 13;
const walkOrder = (upTo: number, share: number) =>
  upTo / share / ROWS_PER_PAGE <= CACHED_WALK_PAGES ? NEWEST_FIRST : '';

/**
 * The groups with each prefix written as the indexed words it stands for (from `search_words`,
 * the vocabulary the search triggers keep: every word of every search row, committed with it),
 * when there are at most MAX_PREFIX_WORDS of them. GIN answers a prefix (`creme:*`) by a
 * partial match that collects the entries of every word it starts into a bitmap before it
 * intersects: 31-55 ms for `creme:*` (50,000 rows) at 1,000,000 products where `creme` alone
 * reads its posting tree in 5-7 ms; and every count, tier and set of a search ends with a
 * prefix. A prefix no indexed word starts, or one of many words, stays as it is.
 */
async function spelledPrefixes(db: Database, groups: WordGroup[]): Promise<WordGroup[]> {
  return Promise.all(
    groups.map(async (group) => {
      if (!group.prefix) return group;
      const rows = await selectBound<{ word: string }>(
        db,
        `SELECT DISTINCT word FROM (${group.words
          .map(
            (_, i) =>
              `(SELECT word FROM search_words WHERE word >= $${2 * i + 1} AND word < $${2 * i + 2}
                ORDER BY word LIMIT ${MAX_PREFIX_WORDS + 1})`,
          )
          .join(' UNION ALL ')}) AS spelled ORDER BY word`,
        group.words.flatMap((word) => [word, `${word}\u{10FFFF}`]),
      );
      const words = rows.map((row) => row.word);
      return words.length === 0 || words.length > MAX_PREFIX_WORDS
        ? group
        : { words, prefix: false };
    }),
  );
}

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

  spelled: spelledPrefixes,

  async counts(db, groups, categoryId, bound, placeBound = bound) {
    const shares = await wordShares(db);
    const params = new Params(tsAll(groups));
    const inCategory = await categoryOf(db, params, categoryId);
    // Each scope counted up to its bound: the title and label counts only place the page and
    // stop at its end.
    const scope = (name: Scope, upTo: number) =>
      `(${countStatement(shares, groups, SCOPE_COLUMNS[name], params, inCategory, upTo)})`;
    const place = Math.min(placeBound, bound);
    const rows = await selectBound<{ title: string; label: string; total: string }>(
      db,
      `SELECT ${scope('title', place)} AS title, ${scope('label', place)} AS label,
          ${scope('all', bound)} AS total`,
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
    const shares = await wordShares(db);
    const share = shareOf(shares, 'document', groups);
    const entries = entriesOf(shares, 'document', groups);
    return newestFirst(
      db,
      groups,
      's.document @@ $1::tsquery',
      categoryId,
      limit,
      0,
      walkPays({ tierShare: share, scopeShare: share, entries }, limit, shares.rows),
    );
  },

  async fetch(db, tier, groups, categoryId, limit, offset) {
    const shares = await wordShares(db);
    return newestFirst(
      db,
      groups,
      tsTier(tier),
      categoryId,
      limit,
      offset,
      tierReading(shares, groups, tier, offset + limit) === 'walk',
    );
  },

  // Each tier is read once, newest first, up to the page's end: how many rows it has up to
  // there places the page (counts first, then the page, read the same rows twice), and the
  // rows past the page's start are the page. The total is counted beside it, up to `bound`.
  async rankedPage(db, groups, categoryId, limit, offset, bound) {
    const shares = await wordShares(db);
    const gin = {
      shares,
      scopeRows: categoryId === null ? shares.rows : await categorySize(db, categoryId),
    };
    // Few matches: read once, with their tiers and count (oneSetPage).
    if (bound !== null && (await readsOneSet(db, shares, groups, categoryId, gin.scopeRows)))
      return oneSetPage(db, shares, groups, categoryId, gin.scopeRows, limit, offset, bound);
    // A page that ends past the cap counts to one row past its end (countBound): the tiers
    // read that one row more, and the total needs no walk or GIN of its own (`creme promo`
    // page 1,000 read its 27,000 matches twice, once for the page and once for the count).
    const byTiers = bound !== null && bound <= offset + limit + 1;
    const extra = byTiers ? 1 : 0;
    const total =
      bound === null || byTiers
        ? Promise.resolve(null)
        : countAll(db, shares, groups, categoryId, bound);
    // Awaited below unless the tiers counted everything, or one of them fails first.
    total.catch(() => undefined);
    // One common word over the whole catalogue: its title and label tiers from its postings
    // (postings.ts), the same rows in the same order as the walk or GIN.
    const posted = await postedWord(db, groups, categoryId, (word) =>
      shares.columns.label.has(word),
    );
    const ids: string[] = [];
    let skip = offset;
    let walkedAll = 0;
    let exhausted = true;
    for (const tier of TIERS) {
      const need = limit - ids.length;
      const end = skip + need + extra;
      const reading = tierReading(shares, groups, tier, end);
      const { walked, page } =
        posted !== null && tier !== 2
          ? await postingsSlice(db, posted, tier, end, skip)
          : reading === 'gin' && !(await mayMatch(db, shares, groups, tier))
            ? { walked: 0, page: [] }
            : await tierSlice(db, groups, tier, categoryId, end, skip, reading, {
                // Over the whole catalogue only: a category's index lacks the productId key, and
                // a LIMIT past the category's size sorted all of its rows, each tested (`besar`
                // in a category, page 100: 60 -> 170 ms).
                walkRows:
                  categoryId === null ? walkCap(shares, groups, tier, end, shares.rows) : undefined,
                gin,
              });
      ids.push(...page.slice(0, need));
      walkedAll += walked;
      if (walked >= end) {
        exhausted = false;
        break;
      }
      skip = Math.max(0, skip - walked);
    }
    // Every tier ended before the page did: the matches were all counted on the way. A tier
    // that went on past the page's end by the row counted for byTiers: more match than the
    // bound.
    if (exhausted && bound !== null) return { ids, all: Math.min(walkedAll, bound) };
    return { ids, all: byTiers ? bound : await total };
  },
};

/**
 * A search whose matches are few by the statistics (at most ONE_SET_MATCHES in its scope, the
 * category's or the catalogue's) reads them once: every match anywhere from GIN (of the rarest
 * group when indexedBy says so), each row's tier computed from its own vectors, sorted by tier
 * then newest first, and counted. The tiers read one by one asked GIN for the same rows up to
 * three times, and the count a fourth: `creme` in a category, page 100, read `creme`'s 50,000
 * entries and its 1,134 rows in the category for the title, the label and the description tier
 * each (16-20 ms apiece cached, ~110 ms under load). A title's words are in its label and a
 * label's in the document (migration 0003: each vector is the one before it and more words),
 * so every row of a tier matches the document and `CASE` gives each its first tier.
 */
const ONE_SET_MATCHES = 4_000;

/** How a search reads few matches (null: oneSetPays decides; the tests force it). */
let oneSetReading: 'set' | 'tiers' | null = null;

/** Tests only: a search reads its matches as one set, or tier by tier, whatever they cost. */
export function setOneSetReading(reading: 'set' | 'tiers' | null): void {
  oneSetReading = reading;
}

/**
 * GIN entries the set may read: the rarest group's (indexedBy), over the whole index. `promo
 * diskon` is guessed at 3,400 matches in a category, but each word is in half of the rows:
 * 500,000 entries (85-200 ms), where a walk of the category finds a page in a few hundred rows.
 */
const ONE_SET_ENTRIES = 150_000;

/**
 * Whether a search reads its matches as one set: at most `upTo` (and ONE_SET_MATCHES) expected
 * among `scopeRows` rows, and its rarest group's GIN entries at most ONE_SET_ENTRIES.
 */
export function oneSetPays(
  shares: WordShares,
  groups: WordGroup[],
  scopeRows: number,
  upTo = ONE_SET_MATCHES,
): boolean {
  if (oneSetReading !== null) return oneSetReading === 'set';
  const rarest = Math.min(...groups.map((group) => groupShare(shares, 'document', group)));
  return (
    rarest * shares.rows <= ONE_SET_ENTRIES &&
    shareOf(shares, 'document', groups) * scopeRows <= Math.min(upTo, ONE_SET_MATCHES)
  );
}

/**
 * Rows of a category a probe reads (its newest, down the category's index) to tell its share of
 * the matches: words follow categories (`pria` is in every product of `Sepatu Pria` and in 36%
 * of `Parfum`, 8% of the catalogue; `bluetooth` in a third of `Headphone`), so the catalogue's
 * share can guess a category's matches ten times too low, and the set then read 8,000-24,000
 * rows where a walk of the tiers found the page in a few hundred.
 */
const ONE_SET_PROBE_ROWS = 256;

/**
 * Whether a search reads its matches as one set (oneSetPays), in a category also by the share
 * of the category's newest ONE_SET_PROBE_ROWS rows that match (one short walk, ~1-3 ms).
 */
export async function readsOneSet(
  db: Database,
  shares: WordShares,
  groups: WordGroup[],
  categoryId: number | null,
  scopeRows: number,
  upTo = ONE_SET_MATCHES,
): Promise<boolean> {
  if (oneSetReading !== null) return oneSetReading === 'set';
  if (!oneSetPays(shares, groups, scopeRows, upTo)) return false;
  if (categoryId === null) return true;
  const rows = await selectBound<{ hits: string; seen: string }>(
    db,
    `SELECT count(*) FILTER (WHERE r.hit) AS hits, count(*) AS seen FROM (
        SELECT s.document @@ $1::tsquery AS hit FROM product_search s
        WHERE s."categoryId" = $2 ORDER BY s."createdAt" DESC LIMIT $3) AS r`,
    [tsAll(groups), categoryId, ONE_SET_PROBE_ROWS],
  );
  const seen = Number(rows[0]?.seen ?? 0);
  if (seen === 0) return true;
  return (Number(rows[0]?.hits ?? 0) / seen) * scopeRows <= Math.min(upTo, ONE_SET_MATCHES);
}

async function oneSetPage(
  db: Database,
  shares: WordShares,
  groups: WordGroup[],
  categoryId: number | null,
  scopeRows: number,
  limit: number,
  offset: number,
  bound: number,
): Promise<{ ids: string[]; all: number }> {
  const params = new Params(tsAll(groups));
  const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
  const where = `s.document @@ $1::tsquery ${byCategory}`;
  const indexed = indexedBy(shares, 'document', groups, params, byCategory, scopeRows, categoryId);
  const tier = `CASE WHEN s.title @@ $1::tsquery THEN 0 WHEN s.label @@ $1::tsquery THEN 1
    ELSE 2 END`;
  const matches =
    indexed === null
      ? `WITH m AS MATERIALIZED (SELECT s."productId", s."createdAt", ${tier} AS tier
          FROM product_search s WHERE ${where})`
      : `WITH m AS MATERIALIZED (SELECT r."productId", r."createdAt", r.tier FROM (
          SELECT s."productId", s."createdAt", (${where}) AS hit, ${tier} AS tier
          FROM product_search s WHERE ${indexed} OFFSET 0) AS r WHERE r.hit)`;
  const rows = await selectBound<{ total: string; page: string[] | null }>(
    db,
    `${matches}
      SELECT (SELECT count(*) FROM m) AS total,
        ARRAY(SELECT m."productId" FROM m ORDER BY m.tier, m."createdAt" DESC, m."productId"
          LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}) AS page`,
    params.values,
  );
  return {
    ids: rows[0]?.page ?? [],
    all: Math.min(Number(rows[0]?.total ?? 0), bound),
  };
}

const TIERS: Tier[] = [0, 1, 2];
/** The vector column of each tier's scope (its GIN index). */
const TIER_COLUMNS: Record<Tier, Column> = { 0: 'title', 1: 'label', 2: 'document' };

/**
 * How a tier's rows up to `end` are read: a walk when walkPays; else a probe when several
 * words are each common enough for a short walk to find the page if they go together, else GIN.
 */
function tierReading(shares: WordShares, groups: WordGroup[], tier: Tier, end: number): Reading {
  const column: Column = tier === 0 ? 'title' : tier === 1 ? 'label' : 'document';
  const tierShare = tierShareOf(shares, groups, tier);
  const entries = entriesOf(shares, column, groups);
  const scopeShare = shareOf(shares, column, groups);
  if (walkPays({ tierShare, scopeShare, entries }, end, shares.rows)) return 'walk';
  const together = Math.min(...groups.map((group) => groupShare(shares, column, group)));
  return groups.length > 1 && end / together <= PROBE_ROWS / 2 ? 'probe' : 'gin';
}

/** A tier's share of the rows, as the statistics guess it (shareOf). */
export function tierShareOf(shares: WordShares, groups: WordGroup[], tier: Tier): number {
  const share = (column: Column) => shareOf(shares, column, groups);
  return tier === 0
    ? share('title')
    : tier === 1
      ? share('label') - share('title')
      : share('document') - share('label');
}

/**
 * A walk stops after this many times the rows its guessed share says it needs (at least
 * PROBE_ROWS), and GIN reads the tier instead: words that are each common in a column but
 * never together there (`promo diskon` in labels: a badge is `Promo` or `Diskon Besar`,
 * guessed in 0.1% of them) walked all 950,000 rows for nothing (0.25-1.7 s).
 */
const WALK_SLACK = 4;

/** The fewest rows a walk reads before its cap (PROBE_ROWS; the tests lower it). */
let walkFloor: number | null = null;

/** Tests only: walks stop at `rows` at least (null: PROBE_ROWS), to reach a small cap. */
export function setWalkFloor(rows: number | null): void {
  walkFloor = rows;
}

/**
 * The rows a walk of the tier up to `end` may read before it gives way to GIN; none (undefined)
 * when that is half of `rows` or more (the table's, when known): the walk might as well go on.
 */
function walkCap(
  shares: WordShares,
  groups: WordGroup[],
  tier: Tier,
  end: number,
  rows: number | null,
): number | undefined {
  const floor = walkFloor ?? PROBE_ROWS;
  const tierShare = tierShareOf(shares, groups, tier);
  const cap = tierShare <= 0 ? floor : Math.max(floor, Math.ceil((WALK_SLACK * end) / tierShare));
  return rows !== null && cap >= rows / 2 ? undefined : cap;
}

/**
 * Whether the words the statistics call rare in a tier's column (beside others that are not)
 * are there at all: GIN collects every entry of a common prefix before it intersects (`untuk
 * besar` in titles: all 45,000 `besar*` entries, for a word no title has), so a rare word
 * absent from the column is asked alone first, from its own few entries.
 */
async function mayMatch(
  db: Database,
  shares: WordShares,
  groups: WordGroup[],
  tier: Tier,
): Promise<boolean> {
  const column: Column = tier === 0 ? 'title' : tier === 1 ? 'label' : 'document';
  const rare = groups.filter((group) => groupShare(shares, column, group) === 0);
  if (groups.length < 2 || rare.length === 0 || rare.length === groups.length) return true;
  const rows = await selectBound<{ found: string }>(
    db,
    `${everyMatch('1', `s.${column} @@ $1::tsquery`)}
      SELECT count(*) AS found FROM (SELECT 1 FROM m LIMIT 1) AS one`,
    [tsAll(rare)],
  );
  return Number(rows[0]?.found ?? 0) > 0;
}

/**
 * How many active products have every group anywhere (in the category if one is given),
 * counted up to `bound` from the search index alone (PostgreSQL: a walk or GIN, as the
 * search's own total; SQLite: FTS5). The search index holds exactly the active products, so
 * a search without filters needs no product row to count its matches.
 */
export async function countMatches(
  db: Database,
  groups: WordGroup[],
  categoryId: number | null,
  bound: number,
): Promise<number> {
  if (db.dialect === 'sqlite') return countFts5(db, 'all', groups, categoryId, bound);
  return countAll(db, await wordShares(db), groups, categoryId, bound);
}

/** How many products match anywhere, up to `bound`. */
async function countAll(
  db: Database,
  shares: WordShares,
  groups: WordGroup[],
  categoryId: number | null,
  bound: number,
): Promise<number> {
  const params = new Params(tsAll(groups));
  const inCategory = await categoryOf(db, params, categoryId);
  const rows = await selectBound<{ total: string }>(
    db,
    `SELECT (${countStatement(shares, groups, 'document', params, inCategory, bound)}) AS total`,
    params.values,
  );
  return Number(rows[0]?.total ?? 0);
}

/** A search's category: its condition on `product_search s` (bound in `params`) and size. */
interface InCategory {
  id: number;
  where: string;
  rows: number;
}

/** The category's condition and its number of active products (the trigger-kept count). */
async function categoryOf(
  db: Database,
  params: Params,
  categoryId: number | null,
): Promise<InCategory | null> {
  if (categoryId === null) return null;
  return {
    id: categoryId,
    where: `AND s."categoryId" = ${params.add(categoryId)}`,
    rows: await categorySize(db, categoryId),
  };
}

/** How many active products the category has (the trigger-kept count, migration 0003). */
export async function categorySize(db: Database, categoryId: number): Promise<number> {
  const rows = await selectBound<{ active: string | number }>(
    db,
    'SELECT active FROM product_active_counts WHERE "categoryId" = $1',
    [categoryId],
  );
  return Number(rows[0]?.active ?? 0);
}

/**
 * The categories whose products' search vectors hold every group's words (one of a group's
 * words, a word starting with it for a prefix), from migration 0033's table: a superset (the
 * table only grows), each category's rows are tested again.
 */
export async function wordCategories(db: Database, groups: WordGroup[]): Promise<number[]> {
  if (groups.length === 0) return [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const each = groups.map((group) => {
    const test = group.prefix
      ? // A prefix as a LIKE pattern, its own % _ and \ escaped: the C collation's index seeks it.
        group.words
          .map((word) => `w.word LIKE ${add(word.replace(/[\\%_]/g, '\\$&') + '%')}`)
          .join(' OR ')
      : `w.word = ANY(${add(group.words)}::text[])`;
    return `SELECT w."categoryId" FROM search_word_categories w WHERE ${test}`;
  });
  const rows = await selectBound<{ categoryId: number }>(
    db,
    `${each.join(' INTERSECT ')} ORDER BY 1`,
    params,
  );
  return rows.map((row) => Number(row.categoryId));
}

/**
 * The statement that counts the rows whose `column` matches every group (`$1` of `params`),
 * up to `upTo`. Over the whole catalogue a common word reads the table until enough rows
 * matched (a LIMIT the planner sees), a rare one counts its GIN entries (everyMatch), never a
 * walk that finds nothing (docs/decisions.md, "Search at 1,000,000 products on PostgreSQL:
 * walk or GIN"). In a category, categoryWalkPays chooses between the category index's walk
 * and GIN of the rarest group beside the category's own index entries.
 */
function countStatement(
  shares: WordShares,
  groups: WordGroup[],
  column: Column,
  params: Params,
  inCategory: InCategory | null,
  upTo: number,
): string {
  const limit = params.add(upTo);
  const share = shareOf(shares, column, groups);
  const byCategory = inCategory?.where ?? '';
  const where = `s.${column} @@ $1::tsquery ${byCategory}`;
  const cost = { tierShare: share, scopeShare: share, entries: entriesOf(shares, column, groups) };
  const walk = inCategory
    ? categoryReading
      ? categoryReading === 'walk'
      : categoryWalkPays(shares, column, groups, upTo, inCategory.rows)
    : walkPays(cost, upTo, shares.rows, upTo);
  if (walk)
    return `SELECT count(*) FROM (SELECT 1 FROM product_search s WHERE ${where}
        ${inCategory ? NEWEST_FIRST : walkOrder(upTo, share)} LIMIT ${limit}) AS found`;
  const matches = everyMatchOf(
    [],
    where,
    indexedBy(
      shares,
      column,
      groups,
      params,
      byCategory,
      inCategory?.rows ?? shares.rows,
      inCategory?.id ?? null,
    ),
  );
  return `${matches} SELECT count(*) FROM (SELECT 1 FROM m LIMIT ${limit}) AS found`;
}

/**
 * The condition GIN reads for the matches of the groups in `column` among `scopeRows` rows (a
 * category's, `byCategory` its condition; or the table's): the rarest group's alone when the
 * other groups' entries cost more than fetching the rarest's rows they would leave out (`creme
 * untuk`: `untuk`'s 750,000 entries, against the 13,000 `creme` rows without it), its query
 * bound in `params`; null: every group (everyMatch as before). Anywhere (`document`) in a
 * category (`categoryId`), always a condition: the chosen groups and the category's word, asked
 * of one index (CATEGORY_DOCUMENT).
 */
export function indexedBy(
  shares: WordShares,
  column: Column,
  groups: WordGroup[],
  params: Params,
  byCategory: string,
  scopeRows: number,
  categoryId: number | null,
): string | null {
  const rarest = rarestOnly(shares, column, groups, scopeRows);
  if (column === 'document' && categoryId !== null && categoryWordReading) {
    const query = `${tsAll(rarest ? [rarest] : groups)} & ${categoryWord(categoryId)}`;
    return `${CATEGORY_DOCUMENT} @@ ${params.add(query)}::tsquery`;
  }
  if (rarest === null) return null;
  return `s.${column} @@ ${params.add(tsAll([rarest]))}::tsquery ${byCategory}`;
}

/** The group GIN reads alone for indexedBy (null: every group). */
function rarestOnly(
  shares: WordShares,
  column: Column,
  groups: WordGroup[],
  scopeRows: number,
): WordGroup | null {
  const rarest = rarestGroup(shares, column, groups);
  if (rarest === null || ginReading === 'every') return null;
  const others = groups
    .filter((group) => group !== rarest)
    .reduce((sum, group) => sum + entryCost(shares, column, group), 0);
  const extra =
    (Math.min(groupShare(shares, column, rarest), 1) - shareOf(shares, column, groups)) *
    scopeRows *
    CATEGORY_MATCH_COST;
  return ginReading !== 'rarest' && others <= extra ? null : rarest;
}

/**
 * A search vector with its row's category as one more word (migration 0040's index, whose
 * expression this is word for word): GIN intersects a search's words with its category entry
 * by entry, where the vector's own index and the category's B-tree each filled a bitmap of the
 * whole table (`creme` in a category: 29-50 ms -> 3-4 ms at 1,000,000 products).
 */
export const CATEGORY_DOCUMENT = `(s.document || array_to_tsvector(ARRAY['~c' || s."categoryId"]))`;

/** The category's word in CATEGORY_DOCUMENT, as a tsquery operand. */
const categoryWord = (categoryId: number) => tsqueryLexeme(`~c${Math.trunc(categoryId)}`);

/** Whether a search in a category asks CATEGORY_DOCUMENT (false: the tests compare without). */
let categoryWordReading = true;

/** Tests only: a search in a category reads the vector's and the category's indexes instead. */
export function setCategoryWordReading(reading: boolean): void {
  categoryWordReading = reading;
}

/** What reading a group's GIN entries in `column` costs (in walked rows of a category). */
const entryCost = (shares: WordShares, column: Column, group: WordGroup) =>
  Math.min(groupShare(shares, column, group), 1) *
  shares.rows *
  (group.prefix ? CATEGORY_PREFIX_ENTRY_COST : CATEGORY_ENTRY_COST);

/** How GIN reads several groups (null: indexedBy decides; the tests force it). */
let ginReading: 'rarest' | 'every' | null = null;

/** Tests only: GIN reads the rarest group alone, or every group, whatever it costs. */
export function setGinReading(reading: 'rarest' | 'every' | null): void {
  ginReading = reading;
}

/** How a count in a category reads (null: categoryWalkPays decides; the tests force it). */
let categoryReading: 'walk' | 'gin' | null = null;

/** Tests only: counts in a category walk, or read GIN, whatever they cost. */
export function setCategoryReading(reading: 'walk' | 'gin' | null): void {
  categoryReading = reading;
}

/**
 * In a category, costs in walked rows of the category's index (each a heap page of its own:
 * ~1 us cached at 1,000,000 products, load 2-4): a GIN entry of an exact word ~0.12 us (of a
 * prefix GIN matches partially: ~1 us), an entry of the category's own index ~0.1 us, and
 * each match in the category fetched from its page ~2.5 us. Measured on `creme` (5% of the
 * rows: the walk to 1,001 matches 16-32 ms, GIN beside the category 12-15 ms) and `promo
 * untuk` (40%: the walk 4-12 ms, GIN of both words 85-150 ms).
 */
const CATEGORY_ENTRY_COST = 0.12;
const CATEGORY_PREFIX_ENTRY_COST = 1;
const CATEGORY_INDEX_COST = 0.1;
const CATEGORY_MATCH_COST = 2.5;

/**
 * Whether walking the category newest first to `need` matches costs less than GIN: the rarest
 * group's entries (the others tested on its rows), the category's index entries, and the
 * rarest group's matches in the category, each fetched.
 */
export function categoryWalkPays(
  shares: WordShares,
  column: Column,
  groups: WordGroup[],
  need: number,
  categoryRows: number,
): boolean {
  const share = shareOf(shares, column, groups);
  if (share <= 0) return false;
  const rarest = rarestGroup(shares, column, groups) ?? groups[0]!;
  const gin =
    entryCost(shares, column, rarest) +
    categoryRows * CATEGORY_INDEX_COST +
    Math.min(groupShare(shares, column, rarest), 1) * categoryRows * CATEGORY_MATCH_COST;
  return Math.min(need / share, categoryRows) <= gin;
}

/**
 * The group with the fewest rows in `column` by the statistics, when there are several and it
 * is listed there (an unlisted word is rare: GIN intersects its few entries with the others'
 * cheaply enough, and a word absent from the column must not stand for the others).
 */
function rarestGroup(shares: WordShares, column: Column, groups: WordGroup[]): WordGroup | null {
  if (groups.length < 2) return null;
  let rarest: WordGroup | null = null;
  let least = Number.POSITIVE_INFINITY;
  for (const group of groups) {
    const share = groupShare(shares, column, group);
    if (share <= 0) return null;
    if (share < least) [rarest, least] = [group, share];
  }
  return rarest;
}

/**
 * Rows a probe walks before giving up on a query whose words the statistics call rare
 * together but common each (a few ms): words of one product can go together (`sepatu lari`,
 * guessed in 0.01% of titles, is in 0.6%: a walk finds page 1 in 2,000 rows where GIN fetched
 * 6,000 matches one page each).
 */
const PROBE_ROWS = 4_000;

/**
 * How a tier's rows are read: walked newest first, taken from GIN, or probed (a bounded walk,
 * then GIN if it did not reach the page's end).
 */
type Reading = 'walk' | 'gin' | 'probe';

/**
 * A tier's first `end` rows newest first (by a walk, or from every match sorted): how many
 * there are (fewer than `end`: the tier's size) and the ones past `skip`.
 */
async function tierSlice(
  db: Database,
  groups: WordGroup[],
  tier: Tier,
  categoryId: number | null,
  end: number,
  skip: number,
  reading: Reading,
  { walkRows, gin }: { walkRows?: number; gin?: { shares: WordShares; scopeRows: number } } = {},
): Promise<{ walked: number; page: string[] }> {
  const params = new Params(tsAll(groups));
  const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
  const where = `${tsTier(tier)} ${byCategory}`;
  const upTo = `LIMIT ${params.add(end)}`;
  const probeRows = reading === 'probe' ? params.add(PROBE_ROWS) : '';
  const capped = reading === 'walk' && walkRows !== undefined;
  const first = capped
    ? // The newest `walkRows` rows (of the category), each tested as it is read, the matches
      // up to the page's end kept: it stops at the page's end or at the cap, whichever comes
      // first. (A bound on createdAt at the cap's row let the planner trade the walk for a
      // bitmap of the whole range; a row_number() window spooled every walked row.)
      `WITH w AS MATERIALIZED (SELECT r."productId", r."createdAt" FROM (
          SELECT s."productId", s."createdAt", ${tsTier(tier)} AS hit FROM product_search s
          WHERE TRUE ${byCategory} ORDER BY s."createdAt" DESC, s."productId"
          LIMIT ${params.add(walkRows)}) AS r
        WHERE r.hit ORDER BY r."createdAt" DESC, r."productId" ${upTo})`
    : reading === 'walk'
      ? `WITH w AS MATERIALIZED (SELECT s."productId", s."createdAt" FROM product_search s
        WHERE ${where} ORDER BY s."createdAt" DESC, s."productId" ${upTo})`
      : reading === 'probe'
        ? // The newest PROBE_ROWS rows (of the category), each tested: the matches among them
          // are the tier's newest.
          `WITH r AS MATERIALIZED (SELECT s."productId", s."createdAt", ${tsTier(tier)} AS hit
            FROM product_search s WHERE TRUE ${byCategory}
            ORDER BY s."createdAt" DESC, s."productId" LIMIT ${probeRows}),
          w AS MATERIALIZED (SELECT r."productId", r."createdAt" FROM r WHERE r.hit
            ORDER BY r."createdAt" DESC, r."productId" ${upTo})`
        : `${everyMatchOf(
            ['productId', 'createdAt'],
            where,
            gin
              ? indexedBy(
                  gin.shares,
                  TIER_COLUMNS[tier],
                  groups,
                  params,
                  byCategory,
                  gin.scopeRows,
                  categoryId,
                )
              : null,
          )},
      w AS MATERIALIZED (SELECT m."productId", m."createdAt" FROM m
        ORDER BY m."createdAt" DESC, m."productId" ${upTo})`;
  const rows = await selectBound<{ walked: string; scanned: string; page: string[] | null }>(
    db,
    `${first}
      SELECT (SELECT count(*) FROM w) AS walked,
        ${reading === 'probe' ? '(SELECT count(*) FROM r)' : '0'} AS scanned,
        ARRAY(SELECT w."productId" FROM w ORDER BY w."createdAt" DESC, w."productId"
          OFFSET ${params.add(skip)}) AS page`,
    params.values,
  );
  const walked = Number(rows[0]?.walked ?? 0);
  const scanned = Number(rows[0]?.scanned ?? 0);
  // A probe that neither reached the page's end nor the last row knows nothing: GIN then; so
  // does a capped walk that did not reach the page's end (its cap, or the scope's last row:
  // GIN answers either exactly).
  if (walked < end && ((reading === 'probe' && scanned >= PROBE_ROWS) || capped)) {
    return tierSlice(db, groups, tier, categoryId, end, skip, 'gin', { gin });
  }
  return { walked, page: rows[0]?.page ?? [] };
}

/**
 * One slice of the rows matching `match`, newest first: by walking `product_search_newest`
 * (or the category's index) and testing each row, or from every match (everyMatch) sorted.
 */
async function newestFirst(
  db: Database,
  groups: WordGroup[],
  match: string,
  categoryId: number | null,
  limit: number,
  offset: number,
  walk: boolean,
): Promise<string[]> {
  const params = new Params(tsAll(groups));
  const byCategory = categoryId === null ? '' : `AND s."categoryId" = ${params.add(categoryId)}`;
  const page = `LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  const rows = await selectBound<{ id: string }>(
    db,
    walk
      ? `SELECT s."productId" AS id FROM product_search s
          WHERE ${match} ${byCategory}
          ORDER BY s."createdAt" DESC, s."productId" ${page}`
      : `${everyMatch('s."productId", s."createdAt"', `${match} ${byCategory}`)}
        SELECT m."productId" AS id FROM m ORDER BY m."createdAt" DESC, m."productId" ${page}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

export const engineFor = (db: Database): SearchEngine =>
  db.dialect === 'postgres' ? postgresEngine : sqliteEngine;
