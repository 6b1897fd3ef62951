import type { ListingFilters } from '@shared/schemas';
import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import {
  categorySize,
  wordCategories,
  entriesOf,
  everyMatchOf,
  indexedBy,
  postgresEngine,
  shareOf,
  tierShareOf,
  tsAll,
  tsTier,
  walkPays,
  wordShares,
  type Column,
  type Tier,
  type WordGroup,
  type WordShares,
} from '../search/engines';
import { boundedPage, countBound, type ProductIdPage } from '../search/queries';
import { docsPriceColumn } from '../../db/migrations/0043-search-docs-carry-marketplace-figures';
import { ListingSql, type ListingScope } from './listing-sql';

const TIERS: Tier[] = [0, 1, 2];
const TIER_COLUMNS: Record<Tier, Column> = { 0: 'title', 1: 'label', 2: 'document' };

/**
 * Products of the scope a filter share is guessed from (its newest, by the newest index): the
 * cost of a walk that tests the filters on each match is its rows over the filters' share.
 */
const FILTER_PROBE_ROWS = 500;
const FILTER_SHARE_TTL_MS = 5 * 60_000;
const filterShares = new WeakMap<Database, Map<string, { at: number; share: Promise<number> }>>();

/**
 * The share of the scope's newest FILTER_PROBE_ROWS active products that pass the filters (at
 * least one product in the probe's size, so a filter none of them passes still costs a finite
 * walk), read at most every FILTER_SHARE_TTL_MS per scope and filters (also filtered-sorted.ts's
 * guess).
 */
export function filterShare(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
): Promise<number> {
  const key = JSON.stringify([scope.categoryId, filters]);
  let cache = filterShares.get(db);
  if (!cache) filterShares.set(db, (cache = new Map()));
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < FILTER_SHARE_TTL_MS) return cached.share;
  const sql = new ListingSql(db, { categoryId: scope.categoryId, groups: null }, filters);
  const where = sql.where();
  const category =
    scope.categoryId === null ? '' : `AND p."categoryId" = ${sql.params.add(scope.categoryId)}`;
  const share = selectBound<{ passed: string; seen: string }>(
    db,
    `SELECT count(*) FILTER (WHERE ${where}) AS passed, count(*) AS seen FROM (
        SELECT * FROM products p WHERE p."isActive" = TRUE ${category}
        ORDER BY p."createdAt" DESC LIMIT ${sql.params.add(FILTER_PROBE_ROWS)}) AS p`,
    sql.params.values,
  ).then((rows) => {
    const seen = Number(rows[0]?.seen ?? 0);
    return Math.max(Number(rows[0]?.passed ?? 0), 1) / Math.max(seen, 1);
  });
  cache.set(key, { at: Date.now(), share });
  share.catch(() => cache.delete(key));
  return share;
}

/**
 * Whether search row `s` is an active product passing the filters (its product row by primary
 * key), its SQL bound in `params`.
 */
function passes(db: Database, scope: ListingScope, filters: ListingFilters, params: Params) {
  // The category is the search row's own (its index); the products' would be tested again.
  const sql = new ListingSql(db, { ...scope, categoryId: null }, filters, null, params);
  // Marketplaces and a price range: the search row's own prices alone (migration 0045), not
  // the product's row too (`hitam`, Shopee, Rp 100-500 rb counted: 88-92 ms against 59 ms from
  // its link, warm, one connection; 36 ms from the row).
  if (sql.rangeCountable()) return sql.rangeTest();
  if (!searchRowPriced(filters)) {
    return `EXISTS (SELECT 1 FROM products p WHERE p.id = s."productId"
      AND ${sql.where(undefined, { searchPerRow: true })})`;
  }
  // The price from the row, the other filters (a minimum discount) from the product's.
  return `${sql.rangeTest()} AND EXISTS (SELECT 1 FROM products p WHERE p.id = s."productId"
    AND ${sql.where('price', { searchPerRow: true })})`;
}

/** Whether the filters' price is the marketplaces' price on the search row (migration 0045). */
const searchRowPriced = (filters: ListingFilters) =>
  filters.platforms.length > 0 &&
  (filters.minPrice !== undefined || filters.maxPrice !== undefined);

/**
 * The search row's columns passes() reads besides its productId: the chosen marketplaces'
 * prices (migration 0045) with a price range, for a subquery that reads the rows first.
 */
function passedColumns(filters: ListingFilters): string[] {
  return searchRowPriced(filters) ? filters.platforms.map(docsPriceColumn) : [];
}

/** How the tiers and the count are read (null: by their costs; the tests force it). */
let forced: { reading: 'walk' | 'gin' | 'categories'; cap?: number } | null = null;

/**
 * Tests only: every tier and count walks (over the whole catalogue stopping after `cap` rows
 * when given, then GIN) or reads GIN, or every count over the whole catalogue walks the
 * categories that hold the words (the tiers from GIN), whatever it costs.
 */
export function setFilteredReading(
  reading: 'walk' | 'gin' | 'categories' | null,
  cap?: number,
): void {
  forced = reading === null ? null : { reading, cap };
}

interface Costs {
  shares: WordShares;
  groups: WordGroup[];
  /** The filters' share of the scope's products. */
  passing: number;
  scopeRows: number;
  /** What a match fetched from GIN and tested costs, in rows walked (matchCost). */
  matchCost?: number;
}

/**
 * A match fetched from GIN whose test is on its own search row (rangeTest: migration 0045's
 * prices), in rows walked: its heap page, ~2-5 us against ~0.4 us a row walked (`hitam` with
 * Shopee in Rp 100-500 rb counted from GIN in 36 ms, walking 130,000 rows in 50 ms, warm). A
 * test that reads the product's row or links costs walkPays' default.
 */
const ROW_TESTED_MATCH_COST = 10;

/** What a match fetched from GIN costs with these filters' test (passes). */
function matchCost(db: Database, scope: ListingScope, filters: ListingFilters): number | undefined {
  const sql = new ListingSql(db, { ...scope, categoryId: null }, filters);
  return sql.rangeCountable() ? ROW_TESTED_MATCH_COST : undefined;
}

/**
 * The GIN entries (per row of the table) a query of every group reads in `column`: the rarest
 * group's, and a share of the others', which GIN skips through by the rarest's items rather
 * than reading them (`promo diskon`'s label tier, each word in 5% of the labels: 4 ms from
 * GIN, where their summed entries said a walk of 192,000 rows, 83 ms, was cheaper).
 */
function intersectedEntries(costs: Costs, column: Column): number {
  const each = costs.groups
    .map((group) => entriesOf(costs.shares, column, [group]))
    .sort((a, b) => a - b);
  const [rarest = 0, ...others] = each;
  return rarest + SKIPPED_ENTRY_SHARE * others.reduce((sum, entries) => sum + entries, 0);
}

/** The share of a more common group's GIN entries read when GIN intersects it with a rarer. */
const SKIPPED_ENTRY_SHARE = 0.1;

/**
 * Whether walking the search rows newest first, testing each match's product against the
 * filters, costs less than taking every match of `column` from GIN and testing it: the walk
 * reads need / (share × passing) rows.
 */
function walks(
  costs: Costs,
  column: Column,
  tierShare: number,
  need: number,
  fetched?: number,
): boolean {
  const { shares, groups, passing } = costs;
  const scopeShare = shareOf(shares, column, groups);
  return walkPays(
    { tierShare: tierShare * passing, scopeShare, entries: intersectedEntries(costs, column) },
    need,
    costs.scopeRows,
    fetched,
    costs.matchCost,
  );
}

/**
 * PostgreSQL, a search in relevance order with filters (docs/contracts.md, "Shopping"): the
 * general path sorted every filtered match by its tier (three sets of matches hashed: `sepatu`
 * with a minimum discount, 2-3.5 s at 1,000,000 products). Here each ranking tier (title,
 * label, anywhere: search/engines.ts) is read newest first, each match's product tested against
 * the filters, until the page's end (a walk of the search rows, or the tier's matches from GIN
 * when the walk would read more); the total is counted the same way up to countBound, or by the
 * tiers themselves when the page ends past it.
 */
export async function filteredRankedPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  page: { limit: number; offset: number },
): Promise<ProductIdPage> {
  const bound = countBound(page.offset, page.limit);
  const groups = await postgresEngine.spelled!(db, scope.groups!);
  const shares = await wordShares(db);
  const costs: Costs = {
    shares,
    groups,
    passing: await filterShare(db, scope, filters),
    scopeRows: scope.categoryId === null ? shares.rows : await categorySize(db, scope.categoryId),
    matchCost: matchCost(db, scope, filters),
  };
  // A page ending past the bound counts through its tiers (one row past its end).
  const byTiers = bound <= page.offset + page.limit + 1;
  const extra = byTiers ? 1 : 0;
  const counting = byTiers
    ? Promise.resolve(bound)
    : countFiltered(db, scope, filters, costs, bound);
  counting.catch(() => undefined);
  const ids: string[] = [];
  let skip = page.offset;
  let walkedAll = 0;
  let exhausted = true;
  for (const tier of TIERS) {
    const need = page.limit - ids.length;
    const end = skip + need + extra;
    const rows = await tierRows(db, scope, filters, costs, tier, end);
    ids.push(...rows.slice(skip, skip + need));
    walkedAll += rows.length;
    if (rows.length >= end) {
      exhausted = false;
      break;
    }
    skip = Math.max(0, skip - rows.length);
  }
  if (exhausted) return boundedPage(ids, Math.min(walkedAll, bound), bound);
  return boundedPage(ids, await counting, bound);
}

/** A statement over the search rows: the words as $1, and the scope's category condition. */
function searchStatement(scope: ListingScope, costs: Costs) {
  const params = new Params(tsAll(costs.groups));
  const byCategory =
    scope.categoryId === null ? '' : `AND s."categoryId" = ${params.add(scope.categoryId)}`;
  return { params, byCategory };
}

/** The tier's first `end` matches passing the filters, newest first, then by id. */
async function tierRows(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  costs: Costs,
  tier: Tier,
  end: number,
): Promise<string[]> {
  if (end <= 0) return [];
  const column = TIER_COLUMNS[tier];
  const tierShare = tierShareOf(costs.shares, costs.groups, tier);
  const walk = forced
    ? forced.reading === 'walk'
    : tierShare > 0 && walks(costs, column, tierShare, end);
  if (walk) {
    // A walk stops at four times the rows its guess needs (at least 4,000): a guess too high
    // (words common apart, rare together) would read the whole table for nothing.
    const cap =
      forced?.cap ??
      Math.max(4_000, Math.ceil((4 * end) / (Math.max(tierShare, 1e-9) * costs.passing)));
    const walked = await walkTier(db, scope, filters, costs, tier, end, cap);
    if (walked !== null) return walked;
  }
  const { params, byCategory } = searchStatement(scope, costs);
  const indexed = indexedBy(
    costs.shares,
    column,
    costs.groups,
    params,
    byCategory,
    costs.scopeRows,
    scope.categoryId,
  );
  const matches = everyMatchOf(
    ['productId', 'createdAt', ...passedColumns(filters)],
    `${tsTier(tier)} ${byCategory}`,
    indexed,
  );
  const rows = await selectBound<{ id: string }>(
    db,
    `${matches} SELECT s."productId" AS id FROM m AS s WHERE ${passes(db, scope, filters, params)}
      ORDER BY s."createdAt" DESC, s."productId" LIMIT ${params.add(end)}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

/**
 * The tier's first `end` matches passing the filters among the scope's newest `cap` search
 * rows; null when they hold fewer (then GIN answers).
 */
async function walkTier(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  costs: Costs,
  tier: Tier,
  end: number,
  cap: number,
): Promise<string[] | null> {
  const { params, byCategory } = searchStatement(scope, costs);
  // Over the whole catalogue the walk is capped (the newest `cap` rows, each tested as read);
  // in a category not (its index lacks productId: a LIMIT past its size sorted all its rows).
  const capped =
    scope.categoryId === null && (forced?.cap !== undefined || cap < costs.scopeRows / 2);
  const carried = passedColumns(filters)
    .map((column) => `s."${column}", `)
    .join('');
  const source = capped
    ? `(SELECT s."productId", s."createdAt", ${carried}${tsTier(tier)} AS hit FROM product_search s
        ORDER BY s."createdAt" DESC, s."productId" LIMIT ${params.add(cap)}) AS s WHERE s.hit`
    : `product_search s WHERE ${tsTier(tier)} ${byCategory}`;
  const rows = await selectBound<{ id: string }>(
    db,
    `SELECT s."productId" AS id FROM ${source} AND ${passes(db, scope, filters, params)}
      ORDER BY s."createdAt" DESC, s."productId" LIMIT ${params.add(end)}`,
    params.values,
  );
  if (capped && rows.length < end) return null;
  return rows.map((row) => row.id);
}

/**
 * A sorted search's count with filters (listing.ts), as the relevance order counts it: how many
 * matches pass the filters, up to `bound` (countFiltered). Taken for one marketplace and a
 * price range (ListingSql.rangeCountable), where each match's test is one look-up of its link.
 */
export async function countSearchMatches(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  bound: number,
): Promise<number> {
  const shares = await wordShares(db);
  const costs: Costs = {
    shares,
    groups: await postgresEngine.spelled!(db, scope.groups!),
    passing: await filterShare(db, scope, filters),
    scopeRows: scope.categoryId === null ? shares.rows : await categorySize(db, scope.categoryId),
    matchCost: matchCost(db, scope, filters),
  };
  return countFiltered(db, scope, filters, costs, bound);
}

/**
 * A count over the whole catalogue walks each category that holds the words (migration 0033's
 * table) when they are at most this many...
 */
const COUNTED_CATEGORIES_UP_TO = 6;

/**
 * What a row of a category's walk costs, in rows of the whole catalogue's walk: a category's
 * rows are spread over the table (one in 40 rows), each on a heap page of its own, as a match
 * fetched from GIN (ROW_TESTED_MATCH_COST). `bluetooth`, a third of its 2 categories' rows:
 * 23,000 rows walked in ~100 ms.
 */
const CATEGORY_ROW_COST = 10;

/**
 * The categories whose rows a count walks instead of the whole catalogue's or GIN's
 * (countByCategories), each with its active products; null when it does not pay. The words'
 * matches are in those categories only: a walk there reads bound / (their share of the
 * categories' rows × passing) rows, at most all of them, at CATEGORY_ROW_COST each (`sepatu`,
 * in all of 2 categories of 40: GIN's bitmap of its 47,000 matches took 26-35 ms before a row
 * was tested, where a walk of its categories finds 1,001 matches passing Shopee in
 * Rp 100-500 rb within ~7,000 rows, 15-18 ms).
 */
async function countedCategories(
  db: Database,
  scope: ListingScope,
  costs: Costs,
  bound: number,
  fetched: number,
): Promise<Map<number, number> | null> {
  const byCategories = forced ? forced.reading === 'categories' : true;
  if (scope.categoryId !== null || !byCategories) return null;
  const categories = await wordCategories(db, costs.groups);
  if (categories.length === 0 || (!forced && categories.length > COUNTED_CATEGORIES_UP_TO))
    return null;
  // Each category's active products, in one statement (the order is the categories').
  const counts = await selectBound<{ category: number; active: string | number }>(
    db,
    `SELECT "categoryId" AS category, active FROM product_active_counts
      WHERE "categoryId" = ANY($1::int[])`,
    [categories],
  );
  const active = new Map(counts.map((row) => [Number(row.category), Number(row.active)]));
  const sizes = new Map(categories.map((category) => [category, active.get(category) ?? 0]));
  if (forced) return sizes;
  const rows = [...sizes.values()].reduce((sum, n) => sum + n, 0);
  const share = shareOf(costs.shares, 'document', costs.groups);
  const inCategories = Math.min(1, (share * costs.scopeRows) / Math.max(rows, 1));
  const expected = Math.min(rows, bound / Math.max(inCategories * costs.passing, 1e-9));
  const entries = intersectedEntries(costs, 'document');
  // walkPays costs a walk need / tierShare rows: the expected rows at their own cost.
  const pays = walkPays(
    { tierShare: bound / Math.max(expected * CATEGORY_ROW_COST, 1), scopeShare: share, entries },
    bound,
    costs.scopeRows,
    fetched,
    costs.matchCost,
  );
  const wholeWalk = bound / Math.max(share * costs.passing, 1e-9);
  return pays && expected * CATEGORY_ROW_COST < wholeWalk ? sizes : null;
}

/**
 * countFiltered down each category's newest index (`product_search_category`), a category's
 * walk bounded by its size and the count's remaining bound: UNION ALL's branches run one after
 * the other, and the outer LIMIT stops the next one once `bound` matches passed.
 */
async function countByCategories(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  costs: Costs,
  bound: number,
  sizes: Map<number, number>,
): Promise<number> {
  const { params } = searchStatement(scope, costs);
  const passing = passes(db, scope, filters, params);
  const carried = ['productId', ...passedColumns(filters)].map((column) => `s."${column}"`);
  // The words are tested as each row leaves the walk: the LIMIT keeps the planner on the
  // category's index in its order (a condition GIN could read made it intersect GIN's bitmap
  // with the category's: 1 s for `sepatu`).
  const walks = [...sizes].map(
    ([categoryId, size]) => `(SELECT 1 FROM (SELECT ${carried.join(', ')},
          s.document @@ $1::tsquery AS hit
        FROM product_search s WHERE s."categoryId" = ${params.add(categoryId)}
        ORDER BY s."createdAt" DESC LIMIT ${params.add(Math.max(size, 1))}) AS s
      WHERE s.hit AND ${passing} LIMIT ${params.add(bound)})`,
  );
  const rows = await selectBound<{ total: string }>(
    db,
    `SELECT count(*) AS total FROM (${walks.join(' UNION ALL ')}
      LIMIT ${params.add(bound)}) AS found`,
    params.values,
  );
  return Number(rows[0]?.total ?? 0);
}

/** How many matches pass the filters, up to `bound`: a walk newest first, or GIN's matches. */
async function countFiltered(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  costs: Costs,
  bound: number,
): Promise<number> {
  const { params, byCategory } = searchStatement(scope, costs);
  const where = `s.document @@ $1::tsquery ${byCategory}`;
  const share = shareOf(costs.shares, 'document', costs.groups);
  const passing = passes(db, scope, filters, params);
  // GIN's unordered read stops once `bound` matches passed: it fetches about bound / passing
  // of them, not every match as a tier's read does (bluetooth with a marketplace: 73 ms of
  // backend CPU walked, 40 ms from GIN).
  const fetched = bound / costs.passing;
  const categories = await countedCategories(db, scope, costs, bound, fetched);
  if (categories) return countByCategories(db, scope, filters, costs, bound, categories);
  // Not walked: the planner's own plan without an order (GIN's bitmap of the matches, read
  // in table order, which stops when enough passed), never every match taken first: `sepatu`
  // has 47,000, of which ~2,300 give 1,001 with a minimum discount of 50%.
  const sql = (
    forced
      ? forced.reading === 'walk'
      : share > 0 && walks(costs, 'document', share, bound, fetched)
  )
    ? `SELECT count(*) AS total FROM (SELECT 1 FROM product_search s
          WHERE ${where} AND ${passing}
          ORDER BY s."createdAt" DESC LIMIT ${params.add(bound)}) AS found`
    : `SELECT count(*) AS total FROM (SELECT 1 FROM product_search s
          WHERE ${where} AND ${passing} LIMIT ${params.add(bound)}) AS found`;
  const rows = await selectBound<{ total: string }>(db, sql, params.values);
  return Number(rows[0]?.total ?? 0);
}
