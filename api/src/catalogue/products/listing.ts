import { PLATFORMS, SEARCH_COUNT_CAP, type Platform } from '@shared/constants';
import {
  DISCOUNT_STEPS,
  PRICE_RANGES,
  hasListingFilters,
  type ListingFacets,
  type ListingFilters,
} from '@shared/schemas';
import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import {
  categorySize,
  countMatches,
  engineFor,
  readsOneSet,
  shareOf,
  wordShares,
} from '../search/engines';
import { boundedPage, countBound, type ProductIdPage } from '../search/queries';
import {
  countedSearchSetPage,
  ListingSql,
  platformBit,
  scopeSize,
  searchSetPage,
  sortedPage,
  splitSearchPage,
  SPLIT_PROBE_ROWS,
  WALK_FACTOR,
  type ListingOrder,
  type ListingScope,
  type SplitMode,
  type WalkBy,
} from './listing-sql';
import { filteredRelevancePage } from './filtered-relevance';
import { countSearchMatches, filteredRankedPage } from './filtered-ranked';
import { FILTERED_SORTS, fewCategoriesPage, filteredSortedIds } from './filtered-sorted';
import { sortedSearchPage, sortedSearchTakes } from './sorted-search';

export type { ListingOrder, ListingScope, PromoSet } from './listing-sql';

/**
 * A listing over more active products than this (its category, or the whole catalogue) counts
 * its filtered matches as a search does, up to countBound, and counts its facets over its
 * newest SEARCH_COUNT_CAP products (docs/decisions.md, "Listing at size"): an exact count reads
 * an index entry per product of the scope, ~0.1 s per 250,000 on this machine.
 */
export const EXACT_COUNTS_UP_TO = 50_000;

/** Whether the scope is too large to count exactly: no search, no featured promo (a few rows). */
async function countsBounded(
  db: Database,
  scope: ListingScope,
  options: ListingOptions,
): Promise<boolean> {
  if (scope.groups || scope.sample || scope.promo === 'featured') return false;
  return (await scopeSize(db, scope)) > (options.exactCountsUpTo ?? EXACT_COUNTS_UP_TO);
}

export interface ListingOptions {
  /**
   * Read a marketplace filter with a price or saving sort or a price range from the links'
   * price or saving indexes (the default); false: the general path, which computes each
   * product's price and saving (the tests compare the two).
   */
  linkWalk?: boolean;
  /** EXACT_COUNTS_UP_TO in its place (the tests' small catalogues). */
  exactCountsUpTo?: number;
  /**
   * A search sorted by a product figure on SQLite (sortedSearchPage): chosen by its cost (the
   * default), always walked, walked against the matches as one set ('setWalk'), split by
   * category, always the set, read from the search docs ('docs'), or the general path (the
   * tests compare them). PostgreSQL, a search over the whole catalogue by price or saving without
   * filters (splitSearchPage): 'split' chooses each category's reading by its cost, 'walk' and
   * 'set' force it, 'general' keeps the planner's plan; unset, the split is taken for a word
   * expected in at most SPLIT_MATCHES_UP_TO products ('setWalk': the planner's plan).
   * PostgreSQL with filters, by a figure (filtered-sorted.ts): any value keeps the general path.
   */
  sortedSearch?: 'walk' | 'setWalk' | 'split' | 'set' | 'docs' | 'general';
  /** SQLite's sortedSearchPage: see SortedSearchForce (the tests set them). */
  matchList?: boolean;
  spanRows?: number;
  /**
   * A search without filters counts its matches in the search index alone (the default);
   * false: through the products, as a filtered search does (the tests compare the two).
   */
  searchCount?: boolean;
  /**
   * PostgreSQL, a search past the count bound: true takes its matches as a set and sorts
   * them (searchSetPage), false never; unset, fewMatches decides (the tests force it).
   */
  searchSet?: boolean;
}

/**
 * Whether the chosen marketplaces' links can stand for the products (docs/decisions.md,
 * "Listing at size"): a marketplace filter over the whole catalogue (or today's discounted
 * promo, most of it), or a category (its links' own indexes, migration 0025: the walk of every
 * link would start tens of thousands of links up in a category of dear things, and pricing a
 * category's 25,000 products one by one took 0.5-1 s at 1,000,000). Not with a search or the
 * featured promo, whose own indexes narrow the rows to a few first.
 */
const byLinks = (scope: ListingScope, filters: ListingFilters, options: ListingOptions) =>
  (options.linkWalk ?? true) &&
  filters.platforms.length > 0 &&
  !scope.groups &&
  !scope.sample &&
  scope.promo !== 'featured';

/**
 * PostgreSQL: a search over the whole catalogue sorted by a product figure splits by category
 * (splitSearchPage) when its words are expected in at most this many products (the planner's
 * statistics): the split reads every match from the search index once (~1 us each), where a
 * common word (`promo`, in half the catalogue) finds its page a few rows down the sort's index.
 */
export const SPLIT_MATCHES_UP_TO = 100_000;

/** Whether (and how: the tests force it) a PostgreSQL search takes splitSearchPage. */
async function splitTakes(
  db: Database,
  scope: ListingScope,
  sort: ListingOrder,
  options: ListingOptions,
): Promise<{ mode: SplitMode; probeRows: number } | null> {
  if (scope.categoryId !== null) return null;
  if (sort !== 'price_asc' && sort !== 'price_desc' && sort !== 'saving') return null;
  const forced = options.sortedSearch;
  // The set walk and the docs reading are SQLite's alone.
  if (forced === 'general' || forced === 'setWalk' || forced === 'docs') return null;
  if (forced) return { mode: forced, probeRows: SPLIT_PROBE_ROWS };
  const shares = await wordShares(db);
  const expected = shareOf(shares, 'document', scope.groups!) * shares.rows;
  if (expected > SPLIT_MATCHES_UP_TO) return null;
  // The walk first, for as long as it costs what reading the matches would (a walked row
  // about twice a match's cost): at worst twice the better of the two (`bluetooth` by price
  // descending finds its page a few thousand rows down the index: 210 ms, where the split
  // reads its 17,000 matches: 500 ms, at load 9-11).
  return { mode: 'split', probeRows: Math.max(SPLIT_PROBE_ROWS, Math.round(expected / 2)) };
}

/**
 * A split search's page (splitTakes): from the categories that hold the words when few do
 * (fewCategoriesPage; not when the tests force a reading), else splitSearchPage.
 */
async function splitPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  split: { mode: SplitMode; probeRows: number },
  forced: boolean,
): Promise<string[]> {
  const byCategories = forced
    ? null
    : await fewCategoriesPage(db, scope, filters, sort, page, split.probeRows);
  return byCategories ?? splitSearchPage(db, scope, sort, page, split.mode, split.probeRows);
}

/**
 * PostgreSQL, a search over the whole catalogue with more matches than the count bound but
 * few for the catalogue (the planner's statistics): its matches are taken as a set and sorted
 * (searchSetPage), as a search under the bound is, when reading them costs less than the
 * planner's walk down the sort's index, which tests end / share rows for the page (a match of
 * the set costs about two walked rows: its search row and its product; the same rule as a
 * category's walk in splitSearchPage). `creme hijau` (1,450 matches) by discount walked 17,700
 * rows of the discount index, each looked up in the search index (0.16-2.2 s).
 */
async function fewMatches(
  db: Database,
  scope: ListingScope,
  page: { limit: number; offset: number },
  options: ListingOptions,
): Promise<boolean> {
  if (options.searchSet !== undefined) return options.searchSet;
  if (scope.categoryId !== null || options.sortedSearch) return false;
  const shares = await wordShares(db);
  const expected = shareOf(shares, 'document', scope.groups!) * shares.rows;
  return expected * expected < WALK_FACTOR * (page.offset + page.limit) * shares.rows;
}

/**
 * Whether a sorted search's matches would be read as a set after their count (searchSetPage:
 * fewer than the bound, or few for the catalogue as fewMatches says), by the statistics
 * (readsOneSet): then the set is read once, and counted with it.
 */
async function fewByStatistics(
  db: Database,
  scope: ListingScope,
  page: { limit: number; offset: number },
  bound: number,
): Promise<boolean> {
  const shares = await wordShares(db);
  const scopeRows =
    scope.categoryId === null ? shares.rows : await categorySize(db, scope.categoryId);
  const few =
    scope.categoryId === null
      ? Math.sqrt(WALK_FACTOR * (page.offset + page.limit) * shares.rows)
      : 0;
  return readsOneSet(
    db,
    shares,
    scope.groups!,
    scope.categoryId,
    scopeRows,
    Math.max(bound - 1, few),
  );
}

/** One page of product ids in the sort's order, and how many products match. */
export async function listingPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  options: ListingOptions = {},
): Promise<ProductIdPage> {
  if (
    db.dialect === 'sqlite' &&
    scope.groups &&
    !scope.sample &&
    !scope.promo &&
    sortedSearchTakes(filters, sort) &&
    options.sortedSearch !== 'general'
  )
    return sortedSearchPage(db, scope, filters, sort, page, {
      reading: options.sortedSearch,
      matchList: options.matchList,
      spanRows: options.spanRows,
    });
  if (
    scope.groups &&
    !scope.sample &&
    !scope.promo &&
    sort === 'relevance' &&
    hasListingFilters(filters) &&
    options.sortedSearch !== 'general'
  )
    return db.dialect === 'postgres'
      ? filteredRankedPage(db, scope, filters, page)
      : filteredRelevancePage(db, scope, filters, page);
  const links = byLinks(scope, filters, options);
  const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  const counting = new ListingSql(db, scope, filters);
  // A sort alone counts from the trigger-kept per-category totals (migration 0003).
  const sortOnly = !hasListingFilters(filters) && !scope.groups && !scope.promo;
  // A search counts its matches only up to countBound (docs/contracts.md, "Search"), and so
  // does a filtered listing over a large scope.
  const bound =
    scope.groups || (!sortOnly && (await countsBounded(db, scope, options)))
      ? countBound(page.offset, page.limit)
      : null;
  const countSql =
    // Without a price no product is in a price range: the priced links are the matches.
    links && priced
      ? counting.linkCount(bound)
      : bound
        ? `SELECT count(*) AS total FROM
          (SELECT 1 FROM products p ${counting.countHint()} WHERE ${counting.where()}
            LIMIT ${counting.params.add(bound)}) AS found`
        : !sortOnly
          ? `SELECT count(*) AS total FROM products p ${counting.countHint()}
            WHERE ${counting.where()}`
          : scope.categoryId === null
            ? 'SELECT sum(active) AS total FROM product_active_counts'
            : 'SELECT active AS total FROM product_active_counts WHERE "categoryId" = $1';
  const countParams = !sortOnly
    ? counting.params.values
    : scope.categoryId === null
      ? []
      : [scope.categoryId];
  // A search with a sort and no filter counts from the search index alone (countMatches): the
  // join with products read a product row per match by primary key, or hashed the category's
  // products beside a scan of the index (`promo` by discount in a category at 1,000,000 on
  // PostgreSQL: 170 ms for the count, 0.5 ms for the page).
  const searchOnly =
    scope.groups !== null &&
    bound !== null &&
    !scope.sample &&
    !scope.promo &&
    !hasListingFilters(filters) &&
    (options.searchCount ?? true);
  // Few matches by the statistics (readsOneSet, as the ranked search): counted and paged from
  // one reading of the set, where the count and then searchSetPage read it twice.
  if (
    searchOnly &&
    db.dialect === 'postgres' &&
    options.searchSet === undefined &&
    !options.sortedSearch &&
    (await fewByStatistics(db, scope, page, bound!))
  ) {
    const { ids, total } = await countedSearchSetPage(db, scope, sort, page);
    return boundedPage(ids, Math.min(total, bound!), bound);
  }
  // A search with one marketplace and a price range counts its search rows, each tested on its
  // link alone, as the relevance order does (the tests force the general count with a forced
  // reading or searchCount: false).
  const byRange =
    bound !== null &&
    counting.rangeCountable() &&
    (options.searchCount ?? true) &&
    options.sortedSearch === undefined &&
    options.searchSet === undefined;
  const walk: WalkBy | null = !links
    ? null
    : sort === 'price_asc' || sort === 'price_desc'
      ? 'price'
      : sort === 'saving'
        ? 'saving'
        : null;
  // PostgreSQL, a search with filters (at most one marketplace: several would merge their link
  // walks) sorted by a figure: a bounded walk of the sort's index before the general path
  // (filtered-sorted.ts); counted as above.
  const figureSearch =
    db.dialect === 'postgres' &&
    scope.groups !== null &&
    !scope.sample &&
    !scope.promo &&
    FILTERED_SORTS.has(sort) &&
    hasListingFilters(filters) &&
    filters.platforms.length <= 1 &&
    options.sortedSearch === undefined &&
    options.searchSet === undefined;
  // PostgreSQL, a search with filters whose matches are few by the statistics (as above, and
  // not those a price range on marketplaces counts from the search rows, nor those the figure
  // walks read): counted and paged from one reading of the set.
  if (
    db.dialect === 'postgres' &&
    scope.groups !== null &&
    !scope.sample &&
    !scope.promo &&
    hasListingFilters(filters) &&
    !walk &&
    !figureSearch &&
    !byRange &&
    options.searchSet === undefined &&
    options.sortedSearch === undefined &&
    options.searchCount === undefined &&
    (await fewByStatistics(db, scope, page, bound!))
  ) {
    const { ids, total } = await countedSearchSetPage(db, scope, sort, page, filters);
    return boundedPage(ids, Math.min(total, bound!), bound);
  }
  const counted = searchOnly
    ? countMatches(db, scope.groups!, scope.categoryId, bound)
    : byRange
      ? countSearchMatches(db, scope, filters, bound)
      : selectBound<{ total: number | string | null }>(db, countSql, countParams).then((rows) =>
          Number(rows[0]?.total ?? 0),
        );
  // A count that reached its bound: more match than it says. Read only when the walk needs it.
  const more = () => counted.then((total) => (bound !== null && total >= bound ? Infinity : total));
  if (searchOnly && db.dialect === 'postgres') {
    // Counted first (a few ms from the search index): a search that matches nothing past the
    // page's start needs no page, and one with fewer matches than the bound takes them as a set.
    const total = await counted;
    const few = total >= bound && (await fewMatches(db, scope, page, options));
    const split = total >= bound && !few ? await splitTakes(db, scope, sort, options) : null;
    const ids =
      total <= page.offset
        ? []
        : total < bound || few
          ? await searchSetPage(db, scope, filters, sort, page)
          : split
            ? await splitPage(
                db,
                scope,
                filters,
                sort,
                page,
                split,
                options.sortedSearch !== undefined,
              )
            : await sortedPage(db, scope, filters, sort, page);
    return boundedPage(ids, total, bound);
  }
  const [ids, total] = await Promise.all([
    walk
      ? walkedPage(db, scope, filters, walk, sort === 'price_desc', page, more)
      : figureSearch
        ? filteredSortedIds(db, scope, filters, sort, page)
        : sortedPage(db, scope, filters, sort, page),
    counted,
  ]);
  return boundedPage(ids, total, bound);
}

/**
 * A page sorted by price (or saving) with a marketplace filter, read from the chosen
 * marketplaces' links in price order (migration 0024; in saving order, migration 0025) instead
 * of computing every matching product's price (saving): each marketplace's walk stops after
 * offset + limit rows, and with several the walks are merged in the listing's order. Products
 * without a price (without a saving) on them come last, newest first: read only when the
 * walked ones end before the page does, and `total` says more match.
 */
async function walkedPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  by: WalkBy,
  priceDescending: boolean,
  page: { limit: number; offset: number },
  total: () => Promise<number>,
): Promise<string[]> {
  // The saving sort is descending only.
  const descending = by === 'saving' || priceDescending;
  const rows = new ListingSql(db, scope, filters);
  const [only, ...more] = filters.platforms;
  let sql: string;
  if (more.length === 0) {
    sql = rows.linkWalk(
      only!,
      by,
      descending,
      `${rows.params.add(page.limit)} OFFSET ${rows.params.add(page.offset)}`,
    );
  } else {
    const take = rows.params.add(page.offset + page.limit);
    const walks = filters.platforms.map(
      (platform, i) =>
        `SELECT id, figure, "createdAt" FROM (${rows.linkWalk(platform, by, descending, take)}) AS w${i}`,
    );
    sql = `${walks.join(' UNION ALL ')}
      ORDER BY figure${descending ? ' DESC' : ''}, "createdAt" DESC, id
      LIMIT ${rows.params.add(page.limit)} OFFSET ${rows.params.add(page.offset)}`;
  }
  const ids = (await selectBound<{ id: string }>(db, sql, rows.params.values)).map((r) => r.id);
  // A price range leaves out every product without a price (not those without a saving).
  const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  if (ids.length === page.limit || (priced && by === 'price')) return ids;
  // The walked products ended inside or before this page.
  let walkedCount = page.offset + ids.length;
  if (ids.length === 0 && page.offset > 0) {
    // The walk skipped them all: at most `offset` of them.
    const counting = new ListingSql(db, scope, filters);
    const [row] = await selectBound<{ total: number | string }>(
      db,
      counting.linkCount(page.offset, by),
      counting.params.values,
    );
    walkedCount = Number(row?.total ?? 0);
  }
  if ((await total()) <= walkedCount) return ids;
  const rest = new ListingSql(db, scope, filters);
  const unwalked = await selectBound<{ id: string }>(
    db,
    `SELECT p.id FROM products p WHERE ${rest.unwalked(by)}
      ORDER BY p."createdAt" DESC, p.id
      LIMIT ${rest.params.add(page.limit - ids.length)}
      OFFSET ${rest.params.add(Math.max(0, page.offset - walkedCount))}`,
    rest.params.values,
  );
  return [...ids, ...unwalked.map((row) => row.id)];
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The counts beside each filter option, for the current search and category: each facet with
 * the other filters applied but not its own, as shops count them. One aggregate per facet over
 * the matching products; the route caches the answer with the page (catalogue cache).
 */
export async function listingFacets(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  options: ListingOptions = {},
): Promise<ListingFacets> {
  // A search with more than SEARCH_COUNT_CAP matches counts its newest SEARCH_COUNT_CAP only
  // (docs/contracts.md, "Search"): bounded whatever the word, the counts lower bounds.
  if (scope.groups && !scope.sample) {
    const engine = engineFor(db);
    const newest = await engine.newest(db, scope.groups, scope.categoryId, SEARCH_COUNT_CAP + 1);
    if (newest.length > SEARCH_COUNT_CAP) {
      const sample = newest.slice(0, SEARCH_COUNT_CAP);
      return { ...(await listingFacets(db, { ...scope, sample }, filters)), capped: true };
    }
  }
  // So does a category or the whole catalogue holding more than EXACT_COUNTS_UP_TO products:
  // its newest SEARCH_COUNT_CAP (of today's promo, on the promo page), read from the newest
  // index, the same sample whatever the filters.
  if (await countsBounded(db, scope, options)) {
    const newest = new ListingSql(db, scope, { platforms: [], inStock: false });
    const where = newest.where();
    const rows = await selectBound<{ id: string }>(
      db,
      `SELECT p.id FROM products p WHERE ${where} ORDER BY p."createdAt" DESC, p.id
        LIMIT ${newest.params.add(SEARCH_COUNT_CAP)}`,
      newest.params.values,
    );
    const sample = rows.map((row) => row.id);
    return { ...(await listingFacets(db, { ...scope, sample }, filters)), capped: true };
  }
  const platformSql = new ListingSql(db, scope, filters);
  const platformWhere = platformSql.where('platform');
  const mask = platformSql.mask();
  const platformSums = PLATFORMS.map(
    (platform, i) =>
      `sum(CASE WHEN (p."${mask}" & ${platformBit(platform)}) <> 0 THEN 1 ELSE 0 END) AS m${i}`,
  );

  const priceSql = new ListingSql(db, scope, filters);
  const priceWhere = priceSql.where('price');
  const price = priceSql.price();
  const ranges = PRICE_RANGES.map((range, i) => {
    const upper = range.max === null ? '' : ` AND ${price} < ${priceSql.params.add(range.max)}`;
    return `sum(CASE WHEN ${price} >= ${priceSql.params.add(range.min)}${upper} THEN 1 ELSE 0 END) AS r${i}`;
  });

  const discountSql = new ListingSql(db, scope, filters);
  const discountWhere = discountSql.where('discount');
  const steps = DISCOUNT_STEPS.map(
    (step, i) =>
      `sum(CASE WHEN p."discountPercentage" >= ${discountSql.params.add(step)} THEN 1 ELSE 0 END) AS d${i}`,
  );

  // Without filters the three WHERE clauses are one: a single pass over the rows (the facets
  // of `/?search=` as first loaded read each of their 1,000 sampled products once, not three
  // times).
  if (!hasListingFilters(filters)) {
    const one = new ListingSql(db, scope, filters);
    const where = one.where();
    const sums = [
      ...PLATFORMS.map(
        (platform, i) =>
          `sum(CASE WHEN (p."${one.mask()}" & ${platformBit(platform)}) <> 0 THEN 1 ELSE 0 END) AS m${i}`,
      ),
      ...PRICE_RANGES.map((range, i) => {
        const upper =
          range.max === null ? '' : ` AND ${one.price()} < ${one.params.add(range.max)}`;
        return `sum(CASE WHEN ${one.price()} >= ${one.params.add(range.min)}${upper} THEN 1 ELSE 0 END) AS r${i}`;
      }),
      ...DISCOUNT_STEPS.map(
        (step, i) =>
          `sum(CASE WHEN p."discountPercentage" >= ${one.params.add(step)} THEN 1 ELSE 0 END) AS d${i}`,
      ),
    ];
    const [row] = await selectBound<Record<string, unknown>>(
      db,
      `SELECT ${sums.join(', ')} FROM products p ${one.countHint()} WHERE ${where}`,
      one.params.values,
    );
    return facetsOf(row, row, row);
  }
  const [platformRows, priceRows, discountRows] = await Promise.all([
    selectBound<Record<string, unknown>>(
      db,
      `SELECT ${platformSums.join(', ')} FROM products p ${platformSql.countHint()}
        WHERE ${platformWhere}`,
      platformSql.params.values,
    ),
    selectBound<Record<string, unknown>>(
      db,
      `SELECT ${ranges.join(', ')} FROM products p ${priceSql.countHint()} WHERE ${priceWhere}`,
      priceSql.params.values,
    ),
    selectBound<Record<string, unknown>>(
      db,
      `SELECT ${steps.join(', ')} FROM products p ${discountSql.countHint()}
        WHERE ${discountWhere}`,
      discountSql.params.values,
    ),
  ]);
  return facetsOf(platformRows[0], priceRows[0], discountRows[0]);
}

type Sums = Record<string, unknown> | undefined;

const facetsOf = (platformRow: Sums, priceRow: Sums, discountRow: Sums): ListingFacets => ({
  platforms: PLATFORMS.map((platform: Platform, i) => ({
    platform,
    count: num(platformRow?.[`m${i}`]),
  })),
  priceRanges: PRICE_RANGES.map((range, i) => ({
    min: range.min,
    max: range.max,
    count: num(priceRow?.[`r${i}`]),
  })),
  discounts: DISCOUNT_STEPS.map((min, i) => ({ min, count: num(discountRow?.[`d${i}`]) })),
});

/** The facets of a listing that matches nothing (an unknown category). */
export const emptyFacets = (): ListingFacets => ({
  platforms: PLATFORMS.map((platform) => ({ platform, count: 0 })),
  priceRanges: PRICE_RANGES.map((range) => ({ ...range, count: 0 })),
  discounts: DISCOUNT_STEPS.map((min) => ({ min, count: 0 })),
});
