import { hasListingFilters, type ListingFilters } from '@shared/schemas';
import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import { fts5InCategory, fts5Scope, withPrefixWords } from '../search/engines';
import { boundedPage, countBound, type ProductIdPage } from '../search/queries';
import { ListingSql, sortedPage, type ListingOrder, type ListingScope } from './listing-sql';

/** The sorts a search walks down their index on SQLite (sortedSearchPage). */
export const WALKED_SORTS: ListingOrder[] = [
  'newest',
  'discount',
  'price_asc',
  'price_desc',
  'saving',
];

/**
 * Whether sortedSearchPage reads this search's page: a walked sort, and the sort's figure is
 * the product's own, or one marketplace's (its links' price or saving index, migrations 0024
 * and 0025: byLink); with several, the cheapest of their links is the figure, which no index
 * holds in order.
 */
export function sortedSearchTakes(filters: ListingFilters, sort: ListingOrder): boolean {
  if (!WALKED_SORTS.includes(sort)) return false;
  return filters.platforms.length < 2 || !byLink(filters, sort);
}

/** Whether the sort's figure is the chosen marketplace's (price or saving). */
const byLink = (filters: ListingFilters, sort: ListingOrder) =>
  filters.platforms.length > 0 && sort !== 'newest' && sort !== 'discount';

/**
 * What testing one row of a walk costs next to taking one match of the set (its id looked up
 * and the row sorted), on SQLite at 1,000,000 products: ~100 us against ~8 us.
 */
const ROW_TEST_COST = 12;
/**
 * A set walk (sortedSearchPage): a walked row looked up in the matches built once (~1-2 us
 * under load), and each match put in that set: found in FTS5 with its docs row, or read from
 * the count's list.
 */
const SET_WALK_ROW_COST = 0.1;
/**
 * A set walk of one marketplace's links in price or saving order: each link joins its product
 * by primary key before the set is asked (~10 us a row: `sepatu hitam` with Shopee by price
 * walked 52,537 links in 503 ms and found nothing, where its 868 matches sorted took 21 ms).
 */
const LINK_WALK_ROW_COST = 1.2;
const SET_MATCH_BUILD_COST = 0.3;
/**
 * A docs reading (docsPage): each match of the words read from FTS5 with its docs row and
 * tested there, ~0.6 us at 1,000,000 products (`hitam`'s 45,034 matches in 28 ms).
 */
const DOCS_MATCH_COST = 0.08;
/** Matches of the words few enough for the docs reading whatever the filters (~6 ms). */
const DOCS_FEW_MATCHES = 10_000;
const LIST_MATCH_COST = 0.05;
/** The fewest rows a walk reads before it gives up for the set. */
const WALK_ROWS = 1_000;
const SET_HINT = 'INDEXED BY sqlite_autoindex_products_1';
/**
 * A walk of the whole catalogue's index is trusted to find matches at the word's share only when
 * the categories where the word is at least a quarter as common hold all but this share of the
 * products: prices follow categories, so the others are stretches of the index with nothing to
 * find (`sepatu`, in 2 categories of 40, by price: past 300,000 rows before its first match).
 */
const SPARSE_PRODUCTS = 0.1;

/**
 * The newest matches that pass the filters, up to `bound`: how many, the oldest docid, per
 * category; and `raw`, how many matches of the words (whatever the filters) are as new as the
 * oldest counted: a set reads every match and drops those the filters leave out.
 */
export interface NewestMatches {
  total: number;
  oldest: number | null;
  byCategory: Map<number, number>;
  raw: number;
  /** With `withIds` and fewer than `bound`: every match's product (a set without FTS5). */
  ids?: string[] | null;
}

export async function countFilteredMatches(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  bound: number,
  /** Count `raw` too (else the filtered total stands for it). */
  withRaw = false,
  /** Return the matches' products too when fewer than `bound` match. */
  withIds = false,
): Promise<NewestMatches> {
  const query = fts5InCategory(fts5Scope(scope.groups!, 'all'), scope.categoryId);
  let rows: { category: number; n: number; oldest: number; ids?: string }[];
  if (!hasListingFilters(filters)) {
    const ids = withIds ? ', json_group_array(d."productId") AS ids' : '';
    rows = await selectBound(
      db,
      `SELECT d."categoryId" AS category, count(*) AS n, min(m.docid) AS oldest${ids}
        FROM (SELECT rowid AS docid FROM product_search WHERE product_search MATCH $1
          ORDER BY rowid DESC LIMIT $2) AS m
        JOIN product_search_docs d ON d.docid = m.docid
        GROUP BY d."categoryId"`,
      [query, bound],
    );
  } else {
    // Each match's product, newest first, until `bound` of them pass the filters.
    const sql = new ListingSql(db, { categoryId: scope.categoryId, groups: null }, filters);
    const match = sql.params.add(query);
    // Tested at the docs row, from its copy of the product's figures (migration 0039), then
    // on the links and the product row only when it has to be (docsMatch).
    const product = sql.docsMatch();
    rows = await selectBound(
      db,
      // The order on the outer query: SQLite drops it from a subquery without a LIMIT, and
      // FTS5 then returns the oldest first.
      `SELECT category, count(*) AS n, min(docid) AS oldest${withIds ? ', json_group_array(id) AS ids' : ''} FROM (
          SELECT product_search.rowid AS docid, ${product.category} AS category, ${product.id} AS id
          FROM product_search CROSS JOIN product_search_docs d${product.from}
          WHERE product_search MATCH ${match}
            AND d.docid = product_search.rowid AND ${product.test}
          ORDER BY product_search.rowid DESC LIMIT ${sql.params.add(bound)})
        GROUP BY category`,
      sql.params.values,
    );
  }
  const byCategory = new Map(rows.map((row) => [Number(row.category), Number(row.n)]));
  let total = 0;
  let oldest: number | null = null;
  for (const row of rows) {
    total += Number(row.n);
    oldest = oldest === null ? row.oldest : Math.min(oldest, row.oldest);
  }
  let raw = total;
  if (withRaw && hasListingFilters(filters) && total > 0) {
    // FTS5 seeks the docid range in its doclists: the matches the count above read, or fewer.
    // The docid comes back a double (it is above 2^53): as a REAL bound FTS5 reads the whole
    // doclist (`promo`: 100 ms), as an integer it seeks (1-8 ms).
    const [row] = await selectBound<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM product_search
        WHERE product_search MATCH $1 AND rowid >= CAST($2 AS INTEGER)`,
      [query, oldest],
    );
    raw = Math.max(total, Number(row?.n ?? 0));
  }
  const ids =
    withIds && total < bound
      ? rows.flatMap((row) => JSON.parse(row.ids ?? '[]') as string[])
      : null;
  return { total, oldest, byCategory, raw, ids };
}

/**
 * Rows of the docs a share is measured over at most: counting the docs as new as the oldest
 * match counted reads every one of them (~75 ns each, 50-90 ms for `creme hijau`, whose 1,001
 * newest matches span 70% of 1,000,000 products).
 */
export const SPAN_ROWS = 50_000;

/**
 * The share of the scope's products that match, from the newest matches counted (`counted`,
 * at the count bound): over the docs as new as the oldest of them when they are fewer than
 * `spanRows`, else over the newest `spanRows` docs, whose matches FTS5 counts from the docid
 * range (fewer than counted: they are newer than the oldest), scaled by the share of the
 * words' matches that pass the filters.
 */
async function newestShare(
  db: Database,
  scope: ListingScope,
  counted: NewestMatches,
  spanRows: number,
): Promise<number> {
  const byCategory = scope.categoryId === null ? '' : 'AND "categoryId" = $2';
  const inCategory = scope.categoryId === null ? [] : [scope.categoryId];
  const [span] = await selectBound<{ n: number }>(
    db,
    `SELECT count(*) AS n FROM (SELECT 1 FROM product_search_docs
      WHERE docid >= CAST($1 AS INTEGER) ${byCategory} LIMIT ${Math.floor(spanRows)})`,
    [counted.oldest, ...inCategory],
  );
  const spanned = Number(span?.n ?? 0);
  if (spanned < spanRows) return counted.total / Math.max(spanned, counted.total);
  const where = scope.categoryId === null ? '' : 'WHERE "categoryId" = $2';
  const query = fts5InCategory(fts5Scope(scope.groups!, 'all'), scope.categoryId);
  const [newest] = await selectBound<{ n: number }>(
    db,
    `SELECT count(*) AS n FROM product_search WHERE product_search MATCH $1
      AND rowid >= (SELECT docid FROM product_search_docs ${where}
        ORDER BY docid DESC LIMIT 1 OFFSET ${Math.floor(spanRows) - 1})`,
    [query, ...inCategory],
  );
  const pass = counted.total / Math.max(counted.raw, counted.total);
  return (Math.max(Number(newest?.n ?? 0), 1) / spanRows) * pass;
}

/** The active products of each category, kept by triggers. */
async function categorySizes(db: Database): Promise<Map<number, number>> {
  const rows = await selectBound<{ category: number; n: number | string }>(
    db,
    'SELECT "categoryId" AS category, active AS n FROM product_active_counts',
    [],
  );
  return new Map(rows.map((row) => [Number(row.category), Number(row.n)]));
}

/** How a sorted search reads its page: see sortedSearchPage. */
export type Reading = 'walk' | 'setWalk' | 'split' | 'set' | 'docs';

/** What the tests force of sortedSearchPage (its cost decides otherwise). */
export interface SortedSearchForce {
  reading?: Reading;
  /**
   * false: a set and a set walk ask FTS5 for the matches even when the count read them all
   * (the tests' catalogues are smaller than the count bound).
   */
  matchList?: boolean;
  /** SPAN_ROWS in its place. */
  spanRows?: number;
}

/** The split's plan: the categories walked, each with the share of its products that match. */
type Split = Map<number, number>;

/**
 * SQLite, a search sorted by a product figure (price, saving, discount, newest), with any filter
 * that leaves the figure the product's own (not a marketplace's price or saving:
 * sortedSearchTakes). Its matches are counted up to countBound, newest first (as the search
 * counts them): in FTS5, or with filters each match's product tested until enough pass; when
 * more match, their share of the scope is the count over how many products are as
 * new as the last one counted (docids follow createdAt), and the categories of the matches
 * counted say where the word is. Then, whichever costs least:
 * - a walk down the sort's index that tests each row's docid in FTS5, stopping at the page's
 *   end (`promo`, in half the products: ~2 rows a match), when the word is in every category
 *   (SPARSE_PRODUCTS): a walk reads about (offset + limit) / share rows;
 * - a split: a walk down each category's own index where the word is common (`sepatu` is in
 *   all of 2 categories and none of the other 38), the matches of the other categories as a set
 *   (an FTS5 query that leaves the walked ones out), and the page taken from what they found;
 * - a set walk: the walk down the sort's index, each row's id looked up in the matches, built
 *   once per statement (from the count's list when it read them all, else from FTS5 with their
 *   docs rows): ~1-2 us a row walked against ~100 us for FTS5's test, no product row read;
 * - the set: every match taken by primary key and sorted (~8 us a match; the set of a word in
 *   half of 1,000,000 products took 20 s);
 * - the docs: every match read with its docs row, which carries the filters' figures and the
 *   sort's (docsPage; ~0.6 us a match), and by newest only the newest of them: FTS5 reads in
 *   docid order, which is createdAt's.
 * The share over a large span is measured on the newest SPAN_ROWS docs (newestShare).
 * A walk that does not find the page within a few times the rows it should need hands over to
 * the set (of its category, in a split).
 */
export async function sortedSearchPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  options: SortedSearchForce = {},
): Promise<ProductIdPage> {
  const force = options.reading;
  const spanRows = options.spanRows ?? SPAN_ROWS;
  const bound = countBound(page.offset, page.limit);
  const groups = await withPrefixWords(db, scope.groups!);
  const counted = await countFilteredMatches(db, { ...scope, groups }, filters, bound, true, true);
  const matches = counted.total;
  // Every match's product, when the count read them all: a set without FTS5 again (`creme
  // untuk` in a category: its ~850 matches cost 25-55 ms to find, twice).
  const list = options.matchList === false ? null : (counted.ids ?? null);
  let ids: string[] = [];
  if (matches > page.offset) {
    const sizes = await categorySizes(db);
    const size =
      scope.categoryId === null
        ? [...sizes.values()].reduce((sum, n) => sum + n, 0)
        : (sizes.get(scope.categoryId) ?? 0);
    let share = matches / Math.max(size, 1);
    if (matches >= bound && counted.oldest !== null)
      share = await newestShare(db, { ...scope, groups }, counted, spanRows);
    const need = page.offset + page.limit;
    const expanded = { ...scope, groups };
    // Each row of a walk is asked about the exact words, not a prefix (withPrefixWords).
    const tested = { ...scope, groups: await withPrefixWords(db, scope.groups!, { short: true }) };
    const estimated = Math.max(matches, share * size);
    // The share of the words' matches that pass the filters: a set reads 1 / pass matches
    // for each it keeps.
    const pass = matches / Math.max(counted.raw, matches);
    const links = byLink(filters, sort);
    const whole = scope.categoryId === null;
    const split = whole ? splitPlan(counted, sizes, estimated, need, pass) : null;
    // With filters a category's products that pass them are unknown: one without any (a price
    // range above its prices) is no stretch of the walk (the range seeks past it), and would
    // count as sparse. The walk's cost against the split's decides, and its row bound.
    const spread =
      !whole ||
      hasListingFilters(filters) ||
      sparseProducts(counted, sizes, estimated, share) <= size * SPARSE_PRODUCTS;
    const setWalk =
      (links ? LINK_WALK_ROW_COST : SET_WALK_ROW_COST) * (need / share) +
      (list ? LIST_MATCH_COST : SET_MATCH_BUILD_COST) * (estimated / pass);
    const docsReadable = new ListingSql(db, expanded, filters).docsOrder('d', sort) !== null;
    const docs = docsReadable ? docsCost(filters, sort, estimated / pass) : Infinity;
    const reading = force ?? choose(need, share, estimated / pass, split, spread, setWalk, docs);
    let found: string[] | null = null;
    if (reading === 'docs') {
      found = docsReadable ? await docsPage(db, expanded, filters, sort, page) : null;
    } else if (reading === 'setWalk') {
      // As the walk, each row looked up in the matches (built once) instead of FTS5.
      const limit = force ? size : Math.ceil(Math.max((need / share) * 4, WALK_ROWS));
      const rows = await walkRows(db, expanded, filters, sort, need, limit, { ids: list });
      const complete = rows.length >= need || (!links && matches < bound && rows.length >= matches);
      if (complete) found = rows.slice(page.offset);
    } else if (reading === 'walk') {
      // Prices and discounts follow categories: a word of one kind of product can start far
      // down the index. The walk stops after a few times the rows it should need, and the set
      // answers instead when it did not reach the page's end.
      const limit = force ? size : Math.ceil(Math.max((need / share) * 4, WALK_ROWS));
      const rows = await walkRows(db, tested, filters, sort, need, limit);
      // The link walk has only the products with a price (a saving) there: the others come
      // after, and only the set below places them.
      const complete = rows.length >= need || (!links && matches < bound && rows.length >= matches);
      if (complete) found = rows.slice(page.offset);
    } else if (reading === 'split') {
      const plan = force ? forcedSplit(counted) : split!.walked;
      found = await splitPage(db, expanded, tested, filters, sort, page, plan, force === 'split');
    }
    // The matches by primary key, then sorted: without the hint SQLite walks every active
    // product of the newest index and looks each up in the set (5 s at 1,000,000; `sepatu
    // hitam` with Shopee by price, after its link walk fell short: 370 ms against 57). The
    // count's list stands for the words when it holds every match.
    const set = list ? { ...expanded, sample: list } : expanded;
    ids = found ?? (await sortedPage(db, set, filters, sort, page, SET_HINT));
  }
  return boundedPage(ids, matches, bound);
}

/**
 * The categories a split walks: where a walk finding `need` matches (need / share rows, each
 * ROW_TEST_COST) costs less than taking the category's matches as a set. Each category's
 * matches are estimated from its part of the newest ones counted; a set reads every match of
 * the words, 1 / `pass` for each that passes the filters, and the rest set every match
 * outside the walked categories, wherever the filters' matches were. `cost`: the walks' and
 * the sets', in set matches.
 */
export function splitPlan(
  counted: NewestMatches,
  sizes: Map<number, number>,
  estimated: number,
  need: number,
  pass: number,
): { walked: Split; cost: number } {
  const walked: Split = new Map();
  let cost = 0;
  let rest = estimated / pass;
  for (const [category, seen] of counted.byCategory) {
    const size = sizes.get(category) ?? 0;
    const inCategory = (seen / counted.total) * estimated;
    const share = Math.min(1, inCategory / Math.max(size, 1));
    const walkCost = ROW_TEST_COST * (need / share);
    if (walkCost < inCategory / pass) {
      walked.set(category, share);
      cost += walkCost;
      rest -= inCategory / pass;
    }
  }
  return { walked, cost: cost + Math.max(rest, 0) };
}

/** The split a test asks for: the category with most of the newest matches walked alone. */
function forcedSplit(counted: NewestMatches): Split {
  const [first] = [...counted.byCategory].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return new Map(first ? [[first[0], 1]] : []);
}

/**
 * How many products are in categories where the word is under a quarter as common as overall:
 * stretches of a sort's index where a walk of the whole catalogue finds nothing.
 */
function sparseProducts(
  counted: NewestMatches,
  sizes: Map<number, number>,
  estimated: number,
  share: number,
): number {
  let sparse = 0;
  for (const [category, products] of sizes) {
    const inCategory = ((counted.byCategory.get(category) ?? 0) / counted.total) * estimated;
    if (inCategory / Math.max(products, 1) < share / 4) sparse += products;
  }
  return sparse;
}

/**
 * What the docs reading costs for `raw` matches of the words, in set matches. By newest it
 * stops where the count did, or sooner: nothing. Otherwise it is weighed only where a walk
 * prices each row on its links (a marketplace's price range), or the words' matches are few:
 * the other walks test their filters from an index's columns, cheaper than the costs say
 * (`hitam` with Shopee by price: a 20 ms walk, 40 ms from the docs), where `sepatu hitam` in
 * stock by price (2,201 matches) walked 45 ms.
 */
function docsCost(filters: ListingFilters, sort: ListingOrder, raw: number): number {
  if (sort === 'newest') return 0;
  const linkPriced =
    filters.platforms.length > 0 &&
    (filters.minPrice !== undefined || filters.maxPrice !== undefined);
  return linkPriced || raw <= DOCS_FEW_MATCHES ? DOCS_MATCH_COST * raw : Infinity;
}

/**
 * The cheapest reading by the estimates (see sortedSearchPage), in set matches' cost. `setCost`:
 * the matches the set reads (every match of the words, whatever the filters).
 */
export function choose(
  need: number,
  share: number,
  setCost: number,
  split: { walked: Split; cost: number } | null,
  spread: boolean,
  setWalkCost = Number.POSITIVE_INFINITY,
  docsCost = Number.POSITIVE_INFINITY,
): Reading {
  const walkCost = ROW_TEST_COST * (need / share);
  const splitCost = split?.cost ?? Number.POSITIVE_INFINITY;
  const splits = split !== null && split.walked.size > 0;
  const others = Math.min(
    spread ? Math.min(walkCost, setWalkCost) : Number.POSITIVE_INFINITY,
    splits ? splitCost : Number.POSITIVE_INFINITY,
    setCost,
  );
  if (docsCost <= others) return 'docs';
  if (spread && walkCost <= Math.min(splitCost, setCost, setWalkCost)) return 'walk';
  if (spread && setWalkCost < Math.min(setCost, splits ? splitCost : Infinity)) return 'setWalk';
  return splits && splitCost < setCost ? 'split' : 'set';
}

/**
 * A docs reading (sortedSearchPage): the matches read from FTS5 with their docs rows, tested
 * and ordered there (ListingSql.docsOrder), the first `need` kept, and with them every match
 * of the last one's figure in its docid slot: the one tie the docs' order cannot place (the
 * same figure and createdAt millisecond, which the products order by id). The page is then
 * taken from those in the products' own order. By newest FTS5 reads its matches newest first
 * and stops at the page's end: `hitam` with Shopee in Rp 100-500 rb walked ~25,000 products
 * newest first, each priced on its Shopee link (230 ms), for 12 matches the docs give in 1 ms.
 */
async function docsPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
): Promise<string[]> {
  const need = page.offset + page.limit;
  const query = fts5InCategory(fts5Scope(scope.groups!, 'all'), scope.categoryId);
  // One statement's text and parameters: the docs' filters, the words, and the sort's figure.
  const statement = () => {
    const sql = new ListingSql(db, { categoryId: scope.categoryId, groups: null }, filters);
    const docs = sql.docsOrder('d', sort, 'product_search.rowid')!;
    const from = `FROM product_search CROSS JOIN product_search_docs d
      WHERE product_search MATCH ${sql.params.add(query)}
        AND d.docid = product_search.rowid AND ${sql.docsMatch().test}`;
    return { sql, docs, from, figure: docs.figure ?? 'NULL' };
  };
  const first = statement();
  const top = await selectBound<{ id: string; figure: number | null; slot: number }>(
    db,
    `SELECT d."productId" AS id, ${first.figure} AS figure, product_search.rowid >> 20 AS slot
      ${first.from} ORDER BY ${first.docs.order} LIMIT ${first.sql.params.add(need)}`,
    first.sql.params.values,
  );
  const candidates = top.map((row) => row.id);
  const last = top[need - 1];
  if (last) {
    const tie = statement();
    const slot = tie.sql.params.add(last.slot);
    const ties = await selectBound<{ id: string }>(
      db,
      `SELECT d."productId" AS id ${tie.from}
        AND product_search.rowid >= (CAST(${slot} AS INTEGER) << 20)
        AND product_search.rowid < ((CAST(${slot} AS INTEGER) + 1) << 20)
        AND ${tie.figure} IS ${tie.sql.params.add(last.figure)}`,
      tie.sql.params.values,
    );
    candidates.push(...ties.map((row) => row.id));
  }
  return sortedPage(
    db,
    { ...scope, sample: [...new Set(candidates)] },
    filters,
    sort,
    page,
    SET_HINT,
  );
}

/**
 * The first `need` matches of a walk down the sort's index (the category's, in one), each row
 * that passes the filters tested in FTS5, reading at most `limit` rows. By one marketplace's
 * price or saving (byLink), the walk follows its in-stock links in that order instead
 * (ListingSql.linkWalk): the products with a price (a saving) there only.
 */
async function walkRows(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  need: number,
  limit: number,
  rowSet: ListingSql['rowSet'] = null,
): Promise<string[]> {
  const walk = walkQuery(db, scope, filters, sort, need, limit, rowSet);
  const found = await selectBound<{ id: string }>(db, walk.sql, walk.values);
  return found.map((row) => row.id);
}

/**
 * walkRows' statement. Down a product sort index (migration 0026) the filters are tested from
 * the index's own columns, never a product row.
 */
export function walkQuery(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  need: number,
  limit: number,
  rowSet: ListingSql['rowSet'] = null,
): { sql: string; values: unknown[] } {
  // The sort lets a price range seek its start in the price index (ListingSql.ranged).
  const walk = new ListingSql(db, scope, filters, sort);
  walk.rowSet = rowSet;
  const rowLimit = walk.params.add(limit);
  const rows = byLink(filters, sort)
    ? walk.linkWalk(
        filters.platforms[0]!,
        sort === 'saving' ? 'saving' : 'price',
        sort !== 'price_asc',
        rowLimit,
        true,
        false,
      )
    : `SELECT p.id AS id FROM products p ${walk.indexHint(sort, true)}
        WHERE ${walk.where(undefined, { searchPerRow: true })}
        ORDER BY ${walk.orderBy(sort)} LIMIT ${rowLimit}`;
  // Each walked row is tested as it leaves the walk, not as it is read: a link walk sorts each
  // run of equal savings (or prices) by date, and a column would test every row of the run
  // before the first is given (`promo` by saving with Shopee in Rp 100-500 rb: 80 ms).
  const sql = `SELECT p.id FROM (${rows}) AS p WHERE ${walk.matchesRow()}
    LIMIT ${walk.params.add(need)}`;
  return { sql, values: walk.params.values };
}

/**
 * A split's page: the first `need` matches of each walked category (from its own index, its
 * marketplace's links' with a link sort, or its set when the walk ends early), the first `need` of
 * the rest as a set, then the page taken from all of them in the sort's order.
 */
async function splitPage(
  db: Database,
  expanded: ListingScope,
  tested: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  walked: Split,
  unbounded: boolean,
): Promise<string[]> {
  const need = page.offset + page.limit;
  const top = { limit: need, offset: 0 };
  const found: string[] = [];
  for (const [categoryId, share] of walked) {
    const limit = unbounded
      ? Number.MAX_SAFE_INTEGER
      : Math.ceil(Math.max((need / share) * 4, WALK_ROWS));
    let rows = await walkRows(db, { ...tested, categoryId }, filters, sort, need, limit);
    if (rows.length < need) {
      // Fewer than the page needs: all of the category's matches, or a walk cut short.
      const all = await countFilteredMatches(db, { ...expanded, categoryId }, filters, need);
      if (all.total > rows.length)
        rows = await sortedPage(db, { ...expanded, categoryId }, filters, sort, top, SET_HINT);
    }
    found.push(...rows);
  }
  const rest = { ...expanded, exceptCategories: [...walked.keys()] };
  found.push(...(await sortedPage(db, rest, filters, sort, top, SET_HINT)));
  // The page of the candidates, in the sort's order (all of them pass every filter).
  const merge = new ListingSql(db, { categoryId: null, groups: null }, filters, sort);
  const rows = await selectBound<{ id: string }>(
    db,
    `SELECT p.id FROM products p ${SET_HINT}
      WHERE p.id IN (SELECT value FROM json_each(${merge.params.add(JSON.stringify(found))}))
      ORDER BY ${merge.orderBy(sort)}
      LIMIT ${merge.params.add(page.limit)} OFFSET ${merge.params.add(page.offset)}`,
    merge.params.values,
  );
  return rows.map((row) => row.id);
}
