import { PLATFORMS, SEARCH_COUNT_CAP, type Platform } from '@shared/constants';
import {
  DISCOUNT_STEPS,
  PRICE_RANGES,
  hasListingFilters,
  type ListingFacets,
  type ListingFilters,
  type ListingSort,
} from '@shared/schemas';
import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import {
  engineFor,
  fts5InCategory,
  fts5Scope,
  tsAll,
  withPrefixWords,
  type WordGroup,
} from '../search/engines';
import { countBound, type ProductIdPage } from '../search/queries';

/**
 * The public listing with sorting and filters (docs/contracts.md, "Shopping"), over the
 * figures migration 0014 keeps on each product (`lowestPrice`, `saving`, `inStock`) and its
 * partial indexes. With a marketplace filter the price and saving are those of that
 * marketplace's in-stock links, read per row from the (productId, platform) index; a price sort
 * or a price range then walks migration 0024's index of in-stock link prices instead, and the
 * saving sort migration 0025's index of in-stock link savings (docs/decisions.md, "Listing at
 * size").
 */
export interface ListingScope {
  categoryId: number | null;
  /** The search's words; null without a search. */
  groups: WordGroup[] | null;
  /** Only today's promo (the promo page): its featured products, or else the discounted ones. */
  promo?: PromoSet | null;
  /**
   * Only these products, in place of the search's words: the newest SEARCH_COUNT_CAP matches
   * of a search with more, which its facets count (a bounded sample).
   */
  sample?: string[] | null;
}

export type PromoSet = 'featured' | 'discounted';

/** A listing's order: a visitor's sort, or the promo page's own (featured order, discount). */
export type ListingOrder = ListingSort | 'promo';

type Part = 'platform' | 'price' | 'discount';

const IN_STOCK_LINK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

/** A marketplace's bit in products' platformMask/stockMask (migration 0018: the fixed order). */
const platformBit = (platform: Platform) => 2 ** PLATFORMS.indexOf(platform);

/** The order a link walk follows: migration 0024's price index or 0025's saving index. */
type WalkBy = 'price' | 'saving';

class ListingSql {
  readonly params = new Params();
  private platformList: string | null = null;
  private readonly postgres: boolean;

  constructor(
    db: Database,
    private readonly scope: ListingScope,
    private readonly filters: ListingFilters,
    /** The page's order, when the rows are read for a page (not counted). */
    private readonly sort: ListingOrder | null = null,
  ) {
    this.postgres = db.dialect === 'postgres';
  }

  private bool(value: boolean) {
    return this.postgres ? (value ? 'TRUE' : 'FALSE') : value ? '1' : '0';
  }

  private platforms(): string {
    this.platformList ??= this.filters.platforms.map((p) => this.params.add(p)).join(', ');
    return this.platformList;
  }

  private get byPlatform() {
    return this.filters.platforms.length > 0;
  }

  /** The product's price: its lowest in-stock price, on the chosen marketplaces if any. */
  price(): string {
    if (!this.byPlatform) return 'p."lowestPrice"';
    return `(SELECT min(l."priceValue") FROM platform_links l
      WHERE l."productId" = p.id AND l.platform IN (${this.platforms()}) AND ${IN_STOCK_LINK})`;
  }

  /** The product's saving: its cheapest in-stock link's (on the chosen marketplaces if any). */
  saving(): string {
    if (!this.byPlatform) return 'p.saving';
    // Each link's own saving, kept by migration 0025's triggers with the product's figures' SQL.
    return `coalesce((SELECT l.saving FROM platform_links l
      WHERE l."productId" = p.id AND l.platform IN (${this.platforms()}) AND ${IN_STOCK_LINK}
      ORDER BY l."priceValue", l.id LIMIT 1), 0)`;
  }

  /**
   * A page sorted by price, on SQLite, with a price range on the product's own lowest price (no
   * marketplace). Only then: with another sort SQLite would take the price index for the range
   * and sort every product in it (newest first: 6 ms became 160 ms at 1,000,000).
   */
  private ranged(): boolean {
    const { minPrice, maxPrice } = this.filters;
    const priced = minPrice !== undefined || maxPrice !== undefined;
    const byPrice = this.sort === 'price_asc' || this.sort === 'price_desc';
    return !this.postgres && !this.byPlatform && priced && byPrice;
  }

  /** The mask a marketplace filter reads: links in stock when only those count. */
  mask(): 'stockMask' | 'platformMask' {
    return this.filters.inStock ? 'stockMask' : 'platformMask';
  }

  /**
   * Counts and facets read products_active_filters alone (migration 0018), which SQLite's
   * planner, without statistics, would pass over for the isActive equality of another index.
   * Not with a search or the featured promo, whose own indexes narrow the rows first. A sample
   * (its 1,000 ids) is read by primary key: SQLite would otherwise walk every active product
   * of the isActive or category index and look each up in the list (5 s at 1,000,000).
   */
  countHint(): string {
    if (this.postgres) return '';
    if (this.scope.sample) return 'INDEXED BY sqlite_autoindex_products_1';
    if (this.scope.groups || this.scope.promo === 'featured') return '';
    return 'INDEXED BY products_active_filters';
  }

  /** The match of the search's words anywhere (the 'all' scope), as a set of product ids. */
  private matches(scope: 'title' | 'label' | 'all'): string {
    const groups = this.scope.groups!;
    if (this.postgres) {
      const column = scope === 'all' ? 'document' : scope;
      return `p.id IN (SELECT s."productId" FROM product_search s
        WHERE s.${column} @@ ${this.params.add(tsAll(groups))}::tsquery)`;
    }
    const query = fts5InCategory(fts5Scope(groups, scope), this.scope.categoryId);
    return `p.id IN (SELECT d."productId" FROM product_search
        JOIN product_search_docs d ON d.docid = product_search.rowid
        WHERE product_search MATCH ${this.params.add(query)})`;
  }

  /**
   * SQLite: whether row `p` matches the search's words anywhere, asked of FTS5 for its one
   * docid: the test of each row a walk down a sort index reads (sortedSearchPage). `p.id` is
   * cast: the column is declared UUID (NUMERIC affinity), and comparing it with the docs' TEXT
   * `productId` would scan their whole index for every row instead of searching it.
   */
  matchesRow(): string {
    const query = fts5Scope(this.scope.groups!, 'all');
    return `EXISTS (SELECT 1 FROM product_search WHERE product_search MATCH ${this.params.add(query)}
        AND product_search.rowid = (SELECT d.docid FROM product_search_docs d
          WHERE d."productId" = CAST(p.id AS TEXT)))`;
  }

  /**
   * The WHERE clause, leaving out the filter `omit` (a facet counts without its own), and
   * what a walk reads elsewhere: the category when the links' copy of it stands for it
   * (`linkCategory`: a link walk in one), the search's words when each row is tested for them
   * (`searchPerRow`: matchesRow).
   */
  where(omit?: Part, walk: { linkCategory?: boolean; searchPerRow?: boolean } = {}): string {
    const { filters, scope } = this;
    const parts = [`p."isActive" = ${this.bool(true)}`];
    if (scope.categoryId !== null && !walk.linkCategory)
      parts.push(`p."categoryId" = ${this.params.add(scope.categoryId)}`);
    if (scope.sample) {
      const ids = this.params.add(this.postgres ? scope.sample : JSON.stringify(scope.sample));
      parts.push(
        this.postgres
          ? `p.id = ANY(${ids}::uuid[])`
          : `p.id IN (SELECT value FROM json_each(${ids}))`,
      );
    } else if (scope.groups && !walk.searchPerRow) parts.push(this.matches('all'));
    if (scope.promo === 'featured') parts.push(`p."isFeaturedPromo" = ${this.bool(true)}`);
    if (scope.promo === 'discounted') parts.push(`p."discountPercentage" > 0`);
    const byPlatform = this.byPlatform && omit !== 'platform';
    if (byPlatform) {
      // A link on one of them (in stock with inStock): the masks of migration 0018.
      const bits = filters.platforms.reduce((sum, p) => sum + platformBit(p), 0);
      // A number computed here from the fixed list, never the visitor's text.
      parts.push(`(p."${this.mask()}" & ${bits}) <> 0`);
    } else if (filters.inStock) {
      parts.push(`p."inStock" = ${this.bool(true)}`);
    }
    const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
    if (omit !== 'price' && priced) {
      const price = byPlatform ? this.price() : 'p."lowestPrice"';
      // Implied by the range; it lets SQLite seek the price indexes (migration 0014), which
      // lead with this key, to the range's start instead of walking every cheaper product.
      // PostgreSQL rewrites it as IS NOT NULL, no longer the index's key, and sorts instead.
      if (this.ranged()) parts.push(`(p."lowestPrice" IS NULL) = ${this.bool(false)}`);
      if (filters.minPrice !== undefined)
        parts.push(`${price} >= ${this.params.add(filters.minPrice)}`);
      if (filters.maxPrice !== undefined)
        parts.push(`${price} <= ${this.params.add(filters.maxPrice)}`);
    }
    if (omit !== 'discount' && filters.minDiscount !== undefined) {
      parts.push(`p."discountPercentage" >= ${this.params.add(filters.minDiscount)}`);
    }
    return parts.join(' AND ');
  }

  /**
   * SQLite without statistics prefers the isActive equality of products_active_newest and sorts
   * every active row; the sort's own partial index (migration 0014) walks only one page. Only
   * when the figure is the product's own (the discount whatever the marketplace; a price or
   * saving without one) and no search narrows the rows.
   */
  indexHint(order: ListingOrder, byRow = false): string {
    const { postgres, byPlatform, scope } = this;
    if (postgres || (scope.groups && !byRow) || scope.promo === 'featured') return '';
    // The discounted promo's own order is the discount sort's.
    const sort = order === 'promo' ? 'discount' : order;
    if (byPlatform && sort !== 'discount') return '';
    const name = {
      // Only a walk: the planner already reads a plain listing's newest first from its index.
      newest: byRow ? 'newest' : undefined,
      price_asc: 'price_asc',
      price_desc: 'price_desc',
      saving: 'saving',
      discount: 'discount',
    }[sort as 'price_asc'];
    if (!name) return '';
    const category = this.scope.categoryId === null ? '' : 'category_';
    return `INDEXED BY products_${category}active_${name}`;
  }

  /** The price range on link `l`'s own price (the link walk: that link is the product's price). */
  private linkRange(): string {
    const { minPrice, maxPrice } = this.filters;
    let range = '';
    if (minPrice !== undefined) range += ` AND l."priceValue" >= ${this.params.add(minPrice)}`;
    if (maxPrice !== undefined) range += ` AND l."priceValue" <= ${this.params.add(maxPrice)}`;
    return range;
  }

  /**
   * The chosen marketplaces' in-stock links that are their product's price on them, in price
   * order (migration 0024's index), the product matching every other filter: exactly one link
   * per priced product, its price the product's. With several marketplaces a link counts when
   * no other chosen link of its product is cheaper (the first marketplace in name order on a
   * tie), so a product shows once, at its lowest chosen price. `platform`: one marketplace's
   * links (a walk in index order), or all the chosen ones (a count).
   *
   * By saving (migration 0025's index): only the links with a saving, and the link that counts
   * is the one the product's saving reads (the cheapest, the first by id on a tie), so each
   * product with a saving on the chosen marketplaces shows once, at that saving.
   */
  private linkRows(platform: Platform | null, by: WalkBy = 'price'): string {
    const platformWhere =
      platform === null
        ? `l.platform IN (${this.platforms()})`
        : `l.platform = ${this.params.add(platform)}`;
    const tie = by === 'price' ? 'o.platform < l.platform' : 'o.id < l.id';
    // One link per product and marketplace (the unique index): one marketplace needs no check.
    const cheaper =
      this.filters.platforms.length < 2
        ? ''
        : ` AND NOT EXISTS (SELECT 1 FROM platform_links o
          WHERE o."productId" = l."productId" AND o.platform IN (${this.platforms()})
            AND o.availability = 'in_stock' AND o."priceValue" IS NOT NULL
            AND (o."priceValue" < l."priceValue"
              OR (o."priceValue" = l."priceValue" AND ${tie})))`;
    // In a category, the links' copy of it (migration 0025) leads the index, and stands for
    // the product's: PostgreSQL, given both, multiplied their selectivities and planned a
    // parallel scan of the category's links (150 ms, against 0.4 ms).
    const category =
      this.scope.categoryId === null
        ? ''
        : ` AND l."categoryId" = ${this.params.add(this.scope.categoryId)}`;
    const index = `platform_links_in_stock_${category ? 'category_' : ''}${by}`;
    // SQLite: the links first, from their index (CROSS JOIN keeps the order).
    const from = this.postgres
      ? 'platform_links l JOIN products p ON p.id = l."productId"'
      : `platform_links l INDEXED BY ${index} CROSS JOIN products p`;
    const joined = this.postgres ? '' : ' AND p.id = l."productId"';
    const saved = by === 'saving' ? ' AND l.saving > 0' : '';
    return `FROM ${from}
      WHERE ${platformWhere}${category} AND ${IN_STOCK_LINK}${saved}${this.linkRange()}${joined}
        AND ${this.where('price', { linkCategory: category !== '' })}${cheaper}`;
  }

  /**
   * One marketplace's share of a page sorted by price or saving: its rows in the listing's
   * order (price, or saving descending, then newest first), `limit` the LIMIT clause's text.
   * The figure is returned as `figure`, for the merge of several marketplaces.
   */
  linkWalk(platform: Platform, by: WalkBy, descending: boolean, limit: string): string {
    const figure = by === 'price' ? 'l."priceValue"' : 'l.saving';
    return `SELECT p.id AS id, ${figure} AS figure, p."createdAt" AS "createdAt"
      ${this.linkRows(platform, by)}
      ORDER BY ${figure}${descending ? ' DESC' : ''}, p."createdAt" DESC, p.id
      LIMIT ${limit}`;
  }

  /**
   * How many products have a price (by saving: a saving) on the chosen marketplaces and match
   * every filter, counted up to `bound` when one is given.
   */
  linkCount(bound: number | null, by: WalkBy = 'price'): string {
    if (bound === null) return `SELECT count(*) AS total ${this.linkRows(null, by)}`;
    return `SELECT count(*) AS total FROM (SELECT 1 ${this.linkRows(null, by)}
      LIMIT ${this.params.add(bound)}) AS found`;
  }

  /**
   * The products matching every filter that a walk leaves out: without a price on the chosen
   * marketplaces, or (by saving) without a saving there.
   */
  unwalked(by: WalkBy): string {
    if (by === 'saving') return `${this.where()} AND ${this.saving()} = 0`;
    return `${this.where()} AND NOT EXISTS (SELECT 1 FROM platform_links l
      WHERE l."productId" = p.id AND l.platform IN (${this.platforms()}) AND ${IN_STOCK_LINK})`;
  }

  orderBy(sort: ListingOrder): string {
    const newest = 'p."createdAt" DESC, p.id';
    switch (sort) {
      case 'promo':
        // As GET /api/products/featured/promo and the fallback rank them.
        return this.scope.promo === 'featured'
          ? `p."featuredOrder", p."discountPercentage" DESC, ${newest}`
          : `p."discountPercentage" DESC, ${newest}`;
      case 'discount':
        return `p."discountPercentage" DESC, ${newest}`;
      case 'price_asc':
      case 'price_desc': {
        const direction = sort === 'price_desc' ? ' DESC' : '';
        // A price range's products all have a price (where() says so): the index order without
        // its first key, which SQLite would otherwise sort again.
        if (this.ranged()) return `p."lowestPrice"${direction}, ${newest}`;
        return `(${this.price()} IS NULL), ${this.price()}${direction}, ${newest}`;
      }
      case 'saving':
        return `${this.saving()} DESC, ${newest}`;
      case 'relevance':
        if (!this.scope.groups) return newest;
        return `CASE WHEN ${this.matches('title')} THEN 0 WHEN ${this.matches('label')} THEN 1
          ELSE 2 END, ${newest}`;
      default:
        return newest;
    }
  }
}

/**
 * A listing over more active products than this (its category, or the whole catalogue) counts
 * its filtered matches as a search does, up to countBound, and counts its facets over its
 * newest SEARCH_COUNT_CAP products (docs/decisions.md, "Listing at size"): an exact count reads
 * an index entry per product of the scope, ~0.1 s per 250,000 on this machine.
 */
export const EXACT_COUNTS_UP_TO = 50_000;

/** How many active products the scope's category (or the catalogue) holds, kept by triggers. */
async function scopeSize(db: Database, scope: ListingScope): Promise<number> {
  const [row] =
    scope.categoryId === null
      ? await selectBound<{ n: number | string | null }>(
          db,
          'SELECT sum(active) AS n FROM product_active_counts',
          [],
        )
      : await selectBound<{ n: number | string | null }>(
          db,
          'SELECT active AS n FROM product_active_counts WHERE "categoryId" = $1',
          [scope.categoryId],
        );
  return Number(row?.n ?? 0);
}

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
   * default), always walked, always the set, or the general path (the tests compare them).
   */
  sortedSearch?: 'walk' | 'set' | 'general';
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

/** The sorts a search walks down their index on SQLite (sortedSearchPage). */
const WALKED_SORTS: ListingOrder[] = ['newest', 'discount', 'price_asc', 'price_desc', 'saving'];

/**
 * What testing one row of a walk costs next to taking one match of the set (its id looked up
 * and the row sorted), on SQLite at 1,000,000 products: ~100 us against ~8 us.
 */
const ROW_TEST_COST = 12;
/** The fewest rows a walk reads before it gives up for the set. */
const WALK_ROWS = 1_000;
const SET_HINT = 'INDEXED BY sqlite_autoindex_products_1';

/**
 * SQLite, a search sorted by a product figure (price, saving, discount, newest) without other
 * filters. Its matches are counted in FTS5 up to countBound, newest first (as the search counts
 * them); when more match, their share of the scope is the count over how many products are as
 * new as the last one counted (docids follow createdAt). A common word then walks the sort's
 * index and tests each row's docid in FTS5, stopping at the page's end (`promo`, in half the
 * products: ~2 rows a match); a rarer one takes its matches as a set and sorts them. The set of
 * a word in half of 1,000,000 products took 20 s to build and sort; a walk reads about
 * (offset + limit) / share rows.
 */
async function sortedSearchPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  force?: 'walk' | 'set',
): Promise<ProductIdPage> {
  const bound = countBound(page.offset, page.limit);
  const groups = await withPrefixWords(db, scope.groups!);
  const [counted] = await selectBound<{ total: number; oldest: number | null }>(
    db,
    `SELECT count(*) AS total, min(docid) AS oldest FROM (SELECT rowid AS docid FROM product_search
      WHERE product_search MATCH $1 ORDER BY rowid DESC LIMIT $2)`,
    [fts5InCategory(fts5Scope(groups, 'all'), scope.categoryId), bound],
  );
  const matches = Number(counted?.total ?? 0);
  let ids: string[] = [];
  if (matches > page.offset) {
    const size = await scopeSize(db, scope);
    let share = matches / Math.max(size, 1);
    if (matches >= bound && counted?.oldest != null) {
      const byCategory = scope.categoryId === null ? '' : 'AND "categoryId" = $2';
      const [span] = await selectBound<{ n: number }>(
        db,
        `SELECT count(*) AS n FROM product_search_docs WHERE docid >= $1 ${byCategory}`,
        scope.categoryId === null ? [counted.oldest] : [counted.oldest, scope.categoryId],
      );
      share = matches / Math.max(Number(span?.n ?? 0), matches);
    }
    const need = page.offset + page.limit;
    const walked = need / share;
    const expanded = { ...scope, groups };
    let found: string[] | null = null;
    const walks = force ? force === 'walk' : walked * ROW_TEST_COST <= share * size;
    if (walks) {
      // Prices and discounts follow categories: a word of one kind of product can start far
      // down the index. The walk stops after a few times the rows it should need, and the set
      // answers instead when it did not reach the page's end.
      const walk = new ListingSql(db, expanded, filters);
      const where = walk.where(undefined, { searchPerRow: true });
      const hit = walk.matchesRow();
      const rows = await selectBound<{ id: string }>(
        db,
        `SELECT id FROM (SELECT p.id AS id, ${hit} AS hit
            FROM products p ${walk.indexHint(sort, true)} WHERE ${where}
            ORDER BY ${walk.orderBy(sort)} LIMIT ${walk.params.add(force ? size : Math.ceil(Math.max(walked * 4, WALK_ROWS)))})
          WHERE hit LIMIT ${walk.params.add(need)}`,
        walk.params.values,
      );
      const complete = rows.length >= need || (matches < bound && rows.length >= matches);
      if (complete) found = rows.slice(page.offset).map((row) => row.id);
    }
    // The matches by primary key, then sorted: without the hint SQLite walks every active
    // product of the newest index and looks each up in the set (5 s at 1,000,000).
    ids = found ?? (await sortedPage(db, expanded, filters, sort, page, SET_HINT));
  }
  return matches >= bound
    ? { ids, totalCount: bound - 1, capped: true }
    : { ids, totalCount: matches };
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
    !hasListingFilters(filters) &&
    WALKED_SORTS.includes(sort) &&
    options.sortedSearch !== 'general'
  )
    return sortedSearchPage(db, scope, filters, sort, page, options.sortedSearch);
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
  const counted = selectBound<{ total: number | string | null }>(db, countSql, countParams).then(
    (rows) => Number(rows[0]?.total ?? 0),
  );
  const walk: WalkBy | null = !links
    ? null
    : sort === 'price_asc' || sort === 'price_desc'
      ? 'price'
      : sort === 'saving'
        ? 'saving'
        : null;
  // A count that reached its bound: more match than it says. Read only when the walk needs it.
  const more = () => counted.then((total) => (bound !== null && total >= bound ? Infinity : total));
  const [ids, total] = await Promise.all([
    walk
      ? walkedPage(db, scope, filters, walk, sort === 'price_desc', page, more)
      : sortedPage(db, scope, filters, sort, page),
    counted,
  ]);
  return bound !== null && total >= bound
    ? { ids, totalCount: bound - 1, capped: true }
    : { ids, totalCount: total };
}

/** The general path: the products matching the filters, in the sort's order. */
async function sortedPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  hint?: string,
): Promise<string[]> {
  const rows = new ListingSql(db, scope, filters, sort);
  const where = rows.where();
  const order = rows.orderBy(sort);
  const limit = rows.params.add(page.limit);
  const offset = rows.params.add(page.offset);
  const found = await selectBound<{ id: string }>(
    db,
    `SELECT p.id FROM products p ${hint ?? rows.indexHint(sort)} WHERE ${where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    rows.params.values,
  );
  return found.map((row) => row.id);
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
  return {
    platforms: PLATFORMS.map((platform: Platform, i) => ({
      platform,
      count: num(platformRows[0]?.[`m${i}`]),
    })),
    priceRanges: PRICE_RANGES.map((range, i) => ({
      min: range.min,
      max: range.max,
      count: num(priceRows[0]?.[`r${i}`]),
    })),
    discounts: DISCOUNT_STEPS.map((min, i) => ({ min, count: num(discountRows[0]?.[`d${i}`]) })),
  };
}

/** The facets of a listing that matches nothing (an unknown category). */
export const emptyFacets = (): ListingFacets => ({
  platforms: PLATFORMS.map((platform) => ({ platform, count: 0 })),
  priceRanges: PRICE_RANGES.map((range) => ({ ...range, count: 0 })),
  discounts: DISCOUNT_STEPS.map((min) => ({ min, count: 0 })),
});
