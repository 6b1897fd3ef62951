import { PLATFORMS, type Platform } from '@shared/constants';
import { hasListingFilters, type ListingFilters, type ListingSort } from '@shared/schemas';
import type { Database } from '../../db/database';
import {
  docsPriceColumn,
  docsSavingColumn,
} from '../../db/migrations/0043-search-docs-carry-marketplace-figures';
import { Params, selectBound } from '../../db/sql';
import {
  fts5InCategory,
  fts5OutsideCategories,
  fts5Scope,
  categorySize,
  everyMatchOf,
  indexedBy,
  tsAll,
  wordShares,
  type WordGroup,
} from '../search/engines';
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
  /**
   * SQLite: the search's matches outside these categories only (sortedSearchPage's split: the
   * rest of a word's matches once the categories that hold most of them are walked).
   */
  exceptCategories?: number[];
}

export type PromoSet = 'featured' | 'discounted';

/** A listing's order: a visitor's sort, or the promo page's own (featured order, discount). */
export type ListingOrder = ListingSort | 'promo';

type Part = 'platform' | 'price' | 'discount';

/** Above any price: a marketplace without one, for docsPrice's min(). */
const NO_PRICE = '9223372036854775807';

const IN_STOCK_LINK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

/** A marketplace's bit in products' platformMask/stockMask (migration 0018: the fixed order). */
export const platformBit = (platform: Platform) => 2 ** PLATFORMS.indexOf(platform);

/** The order a link walk follows: migration 0024's price index or 0025's saving index. */
export type WalkBy = 'price' | 'saving';

export class ListingSql {
  readonly params: Params;
  /**
   * SQLite: a walk's rows tested against the search's matches as one set (built once per
   * statement: `ids`, the matches already read, or every match in FTS5 when null) rather than
   * each row asked of FTS5 (sortedSearchPage's set walk).
   */
  rowSet: { ids: string[] | null } | null = null;
  private platformList: string | null = null;
  private readonly postgres: boolean;

  constructor(
    db: Database,
    private readonly scope: ListingScope,
    private readonly filters: ListingFilters,
    /** The page's order, when the rows are read for a page (not counted). */
    private readonly sort: ListingOrder | null = null,
    /** The statement's parameters, when others come before these (a search's query as $1). */
    params: Params = new Params(),
  ) {
    this.params = params;
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

  /**
   * The match of the search's words anywhere (the 'all' scope), as a set of product ids.
   * PostgreSQL, `priced`: only the matches in the price range on the chosen marketplaces, from
   * the search row's copy of their prices (searchRowsPrice).
   */
  private matches(scope: 'title' | 'label' | 'all', priced = false): string {
    const groups = this.scope.groups!;
    if (this.postgres) {
      const column = scope === 'all' ? 'document' : scope;
      const range = priced ? ` AND ${this.searchRowsRange('s')}` : '';
      return `p.id IN (SELECT s."productId" FROM product_search s
        WHERE s.${column} @@ ${this.params.add(tsAll(groups))}::tsquery${range})`;
    }
    const query = fts5OutsideCategories(
      fts5InCategory(fts5Scope(groups, scope), this.scope.categoryId),
      this.scope.exceptCategories ?? [],
    );
    return `p.id IN (SELECT d."productId" FROM product_search
        JOIN product_search_docs d ON d.docid = product_search.rowid
        WHERE product_search MATCH ${this.params.add(query)})`;
  }

  /**
   * SQLite: whether row `p` matches the search's words anywhere, asked of FTS5 for its one
   * docid: the test of each row a walk down a sort index reads (sortedSearchPage). `p.id` is
   * cast: the column is declared UUID (NUMERIC affinity), and comparing it with the docs' TEXT
   * `productId` would scan their whole index for every row instead of searching it. With
   * `rowSet`, the row's id looked up in the set instead. PostgreSQL: the row's search row by
   * primary key (filtered-sorted.ts's link walk), as a scalar subquery: an EXISTS may be planned
   * as a hashed subplan, which reads every match of the words first (`hitam` with Shopee by
   * price: its 45,000 matches, 190 ms, for a page found in the first 330 links).
   */
  matchesRow(): string {
    if (this.rowSet) {
      if (this.rowSet.ids === null) return this.matches('all');
      return `p.id IN (SELECT value FROM json_each(${this.params.add(JSON.stringify(this.rowSet.ids))}))`;
    }
    if (this.postgres)
      return `coalesce((SELECT s.document @@ ${this.params.add(tsAll(this.scope.groups!))}::tsquery
        FROM product_search s WHERE s."productId" = p.id), FALSE)`;
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
    const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
    // PostgreSQL, a search's matches in a marketplace's price range from their search rows
    // (migration 0045): the price read with the words' row, not each match's links.
    const rangeInSearch =
      this.postgres &&
      scope.groups !== null &&
      !scope.sample &&
      !walk.searchPerRow &&
      this.byPlatform &&
      priced &&
      omit !== 'price' &&
      omit !== 'platform';
    if (scope.categoryId !== null && !walk.linkCategory)
      parts.push(`p."categoryId" = ${this.params.add(scope.categoryId)}`);
    if (scope.sample) {
      const ids = this.params.add(this.postgres ? scope.sample : JSON.stringify(scope.sample));
      parts.push(
        this.postgres
          ? `p.id = ANY(${ids}::uuid[])`
          : `p.id IN (SELECT value FROM json_each(${ids}))`,
      );
    } else if (scope.groups && !walk.searchPerRow) parts.push(this.matches('all', rangeInSearch));
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
    if (omit !== 'price' && priced && !rangeInSearch) {
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
    // With a marketplace the price and saving are its links', not the indexes' (a walk's
    // newest order is the product's whatever the filters).
    if (byPlatform && sort !== 'discount' && !(byRow && sort === 'newest')) return '';
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

  /**
   * SQLite, the filters on a search match's docs row `alias` (migration 0039 carries its
   * product's figures there, 0043 each marketplace's in-stock price), to test a match before
   * its product row is read. `exact`: the test is where()'s own for a search's match (every
   * docs row is an active product's, in its category), so the product row need not be read at
   * all. With a marketplace and a price range, the price is the cheapest of the chosen
   * marketplaces' columns, as price() reads their links: `hitam` with Shopee in Rp 100-500 rb
   * read each match's link and product row, ~45 ms for its 1,000 passing matches.
   */
  private docsFilter(alias: string): { sql: string; exact: boolean } {
    const { filters, scope } = this;
    const parts: string[] = [];
    if (scope.categoryId !== null)
      parts.push(`${alias}."categoryId" = ${this.params.add(scope.categoryId)}`);
    if (this.byPlatform) {
      const bits = filters.platforms.reduce((sum, p) => sum + platformBit(p), 0);
      parts.push(`(${alias}."${this.mask()}" & ${bits}) <> 0`);
    } else if (filters.inStock) {
      parts.push(`${alias}."inStock" = ${this.bool(true)}`);
    }
    const price = this.docsPrice(alias);
    if (filters.minPrice !== undefined)
      parts.push(`${price} >= ${this.params.add(filters.minPrice)}`);
    if (filters.maxPrice !== undefined)
      parts.push(`${price} <= ${this.params.add(filters.maxPrice)}`);
    if (filters.minDiscount !== undefined)
      parts.push(`${alias}."discountPercentage" >= ${this.params.add(filters.minDiscount)}`);
    const sql = parts.length > 0 ? parts.join(' AND ') : this.bool(true);
    return { sql, exact: this.docsExact() };
  }

  /** Whether docsFilter is where()'s whole test: a search's matches, on SQLite. */
  private docsExact(): boolean {
    return !this.postgres && !this.scope.sample && !this.scope.promo;
  }

  /**
   * SQLite, a search's matches in the sort's order from their docs rows `alias` alone
   * (sortedSearchPage's docs reading): `figure`, the sort's figure there (null by newest), and
   * `order`, the ORDER BY that stands for orderBy() up to rows of one docid slot (the docids
   * follow createdAt by the millisecond, and within one a row's insertion, not its id). Null
   * when the docs do not hold the figure (a saving but one marketplace's) or are not the whole
   * test (docsFilter).
   */
  docsOrder(
    alias: string,
    sort: ListingOrder,
    /** The docid as the statement reads it (FTS5's rowid keeps its own order without a sort). */
    docid = `${alias}.docid`,
  ): { figure: string | null; order: string } | null {
    if (!this.docsExact()) return null;
    const newest = `${docid} DESC`;
    switch (sort) {
      case 'newest':
        return { figure: null, order: newest };
      case 'discount':
        return {
          figure: `${alias}."discountPercentage"`,
          order: `${alias}."discountPercentage" DESC, ${newest}`,
        };
      case 'price_asc':
      case 'price_desc': {
        const price = this.docsPrice(alias);
        const direction = sort === 'price_desc' ? ' DESC' : '';
        return { figure: price, order: `(${price} IS NULL), ${price}${direction}, ${newest}` };
      }
      case 'saving': {
        // One marketplace's saving is its link's; several's, their cheapest link's (by id on a
        // tie), which the columns cannot tell; the product's own is not on the docs row.
        if (this.filters.platforms.length !== 1) return null;
        const saving = `coalesce(${alias}."${docsSavingColumn(this.filters.platforms[0]!)}", 0)`;
        return { figure: saving, order: `${saving} DESC, ${newest}` };
      }
      default:
        return null;
    }
  }

  /**
   * SQLite, price() from docs row `alias`: the product's lowest price (migration 0039), or with
   * marketplaces the cheapest of their in-stock link prices (0043), NULL when none has one.
   */
  private docsPrice(alias: string): string {
    if (!this.byPlatform) return `${alias}."lowestPrice"`;
    const columns = this.filters.platforms.map((p) => `${alias}."${docsPriceColumn(p)}"`);
    if (columns.length === 1) return columns[0]!;
    // SQLite's min() of several values is NULL when any is: the missing ones stand aside.
    return `nullif(min(${columns.map((column) => `coalesce(${column}, ${NO_PRICE})`).join(', ')}), ${NO_PRICE})`;
  }

  /**
   * SQLite, how a search match's docs row `d` is tested: docsFilter's test, then, when that is
   * not the whole test, its product row `p` (where()), joined by `from`; `id` and `category`
   * are the match's, read from whichever row is there.
   */
  docsMatch(): { from: string; test: string; id: string; category: string } {
    const docs = this.docsFilter('d');
    if (docs.exact)
      return { from: '', test: docs.sql, id: 'd."productId"', category: 'd."categoryId"' };
    return {
      from: ' CROSS JOIN products p',
      test: `${docs.sql} AND p.id = d."productId" AND ${this.where()}`,
      id: 'p.id',
      category: 'p."categoryId"',
    };
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
  private linkRows(platform: Platform | null, by: WalkBy = 'price', searchPerRow = false): string {
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
        AND ${this.where('price', { linkCategory: category !== '', searchPerRow })}${cheaper}`;
  }

  /**
   * One marketplace's share of a page sorted by price or saving: its rows in the listing's
   * order (price, or saving descending, then newest first), `limit` the LIMIT clause's text.
   * The figure is returned as `figure`, for the merge of several marketplaces. `searchPerRow`:
   * the search's words are not a set but each row's `hit` (matchesRow), for the caller to keep.
   */
  linkWalk(
    platform: Platform,
    by: WalkBy,
    descending: boolean,
    limit: string,
    searchPerRow = false,
    /** With searchPerRow, each row's `hit` as a column (false: the caller tests the rows). */
    hitColumn = searchPerRow,
  ): string {
    const figure = by === 'price' ? 'l."priceValue"' : 'l.saving';
    const hit = hitColumn ? `, ${this.matchesRow()} AS hit` : '';
    return `SELECT p.id AS id, ${figure} AS figure, p."createdAt" AS "createdAt"${hit}
      ${this.linkRows(platform, by, searchPerRow)}
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
   * Whether search row `s` is a product in the price range on the chosen marketplaces: the
   * cheapest of their prices that the row carries (migration 0045: each one's link, in stock with
   * a price). With rangeCountable the product's row adds nothing: a search row is an active
   * product's (migration 0003's trigger), an in-stock link with a price on a marketplace sets its
   * bit in both masks (migration 0018), and the one link per product and marketplace (its unique
   * index) is the product's price there.
   */
  rangeTest(): string {
    return `coalesce(${this.searchRowsRange('s')}, FALSE)`;
  }

  /**
   * PostgreSQL, whether search row `alias` is in the price range on the chosen marketplaces: the
   * cheapest of their in-stock prices, which migration 0045 copies onto each search row (NULL
   * when none has one, so never in a range).
   */
  private searchRowsRange(alias: string): string {
    const { minPrice, maxPrice } = this.filters;
    const columns = this.filters.platforms.map((p) => `${alias}."${docsPriceColumn(p)}"`);
    // least() leaves NULLs out, and is NULL when all are.
    const price = columns.length === 1 ? columns[0]! : `least(${columns.join(', ')})`;
    const ends: string[] = [];
    if (minPrice !== undefined) ends.push(`${price} >= ${this.params.add(minPrice)}`);
    if (maxPrice !== undefined) ends.push(`${price} <= ${this.params.add(maxPrice)}`);
    return ends.join(' AND ');
  }

  /**
   * Whether rangeTest stands for the filters: PostgreSQL, a search (not a sample, not the promo
   * page) with marketplaces, a price range, and no minimum discount (a figure only the product's
   * row holds).
   */
  rangeCountable(): boolean {
    const { filters, scope } = this;
    return (
      this.postgres &&
      scope.groups !== null &&
      !scope.sample &&
      !scope.promo &&
      filters.platforms.length > 0 &&
      (filters.minPrice !== undefined || filters.maxPrice !== undefined) &&
      filters.minDiscount === undefined
    );
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

/** How many active products the scope's category (or the catalogue) holds, kept by triggers. */
export async function scopeSize(db: Database, scope: ListingScope): Promise<number> {
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

/** The general path: the products matching the filters, in the sort's order. */
export async function sortedPage(
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
 * PostgreSQL, a search without filters whose matches were all counted (fewer than the count
 * bound): its matches taken from the search index first (a MATERIALIZED set, a few hundred
 * rows), then their products sorted. The planner's own plan walks the sort's index testing
 * each row, at the word's share of the whole catalogue: a word of two categories (`sepatu`)
 * in a category without it walked all 25,000 of its products (~0.3-0.5 s at 1,000,000).
 */
export async function searchSetPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
): Promise<string[]> {
  return (await searchSet(db, scope, filters, sort, page, false)).ids;
}

/**
 * searchSetPage and the number of matches in one statement, from the same set: the count
 * read GIN and the matches' rows, and the page read them again (`creme untuk` by price in a
 * category: 26 + 39 ms at load 8). Without filters every search row is an active product's,
 * so the set's size is the search's total (as countMatches counts it); with filters, its
 * matches that pass them (`sepatu hitam` by newest with Shopee: its 2,200 matches and their
 * products read by the count and by the page, 70-80 ms at 1,000,000).
 */
export async function countedSearchSetPage(
  db: Database,
  scope: ListingScope,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  filters: ListingFilters = { platforms: [], inStock: false },
): Promise<{ ids: string[]; total: number }> {
  return searchSet(db, scope, filters, sort, page, true);
}

async function searchSet(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  counted: boolean,
): Promise<{ ids: string[]; total: number }> {
  const rows = new ListingSql(db, scope, filters, sort);
  const query = rows.params.add(tsAll(scope.groups!));
  const category =
    scope.categoryId === null ? '' : `AND s."categoryId" = ${rows.params.add(scope.categoryId)}`;
  const shares = await wordShares(db);
  const indexed = indexedBy(
    shares,
    'document',
    scope.groups!,
    rows.params,
    category,
    scope.categoryId === null ? shares.rows : await categorySize(db, scope.categoryId),
    scope.categoryId,
  );
  const where = rows.where(undefined, { searchPerRow: true });
  const order = rows.orderBy(sort);
  const matches = everyMatchOf(
    ['productId'],
    `s.document @@ ${query}::tsquery ${category}`,
    indexed,
  );
  const pageSql = `SELECT p.id FROM m JOIN products p ON p.id = m."productId"
      WHERE ${where}
      ORDER BY ${order} LIMIT ${rows.params.add(page.limit)} OFFSET ${rows.params.add(page.offset)}`;
  if (!counted) {
    const found = await selectBound<{ id: string }>(
      db,
      `${matches} ${pageSql}`,
      rows.params.values,
    );
    return { ids: found.map((row) => row.id), total: found.length };
  }
  const counting = hasListingFilters(filters)
    ? `SELECT count(*) FROM m JOIN products p ON p.id = m."productId" WHERE ${where}`
    : 'SELECT count(*) FROM m';
  const found = await selectBound<{ total: string; page: string[] | null }>(
    db,
    `${matches} SELECT (${counting}) AS total, ARRAY(${pageSql}) AS page`,
    rows.params.values,
  );
  return { ids: found[0]?.page ?? [], total: Number(found[0]?.total ?? 0) };
}

/** How a PostgreSQL split search reads each category's matches (splitSearchPage). */
export type SplitMode = 'split' | 'walk' | 'set';

/**
 * Walk a category when its matches squared reach this many times the page's end times its
 * products: a walk reads end × products / matches rows of the category's sort index, each
 * tested on its search row (a look-up by primary key and the vector's match, about twice a set
 * row's cost), where the set joins every match of the category with its product.
 */
export const WALK_FACTOR = 2;

/**
 * Rows of the whole catalogue's sort index a split search walks first (testing each row's
 * search vector, ~10-20 us under load) before it reads the matches by category.
 */
export const SPLIT_PROBE_ROWS = 1_500;

/**
 * PostgreSQL, a search without filters over the whole catalogue sorted by a product figure,
 * whose words are those of a few categories (docs/decisions.md, "A search sorted by a product
 * figure on PostgreSQL: split by category"): the planner's own plan walks the sort's index over
 * the whole catalogue testing each row, and prices follow categories, so `sepatu` by price
 * read hundreds of thousands of rows where it is absent (1.6-2.3 s at 1,000,000). Here the
 * matches are taken from the search index once (GIN: their product and category, no product
 * row), counted by category; a category where the word is common walks its own sort index
 * (migrations 0014, 0018) testing each row's search vector, up to the page's end, and the
 * others' matches are joined with their products. The page is the first of the union in the
 * listing's order: every match is in one category, and each category gives at least its own
 * first `end`, so nothing of the page is missed. Reading every match costs one heap page of
 * the search index per match (`sepatu`: 47,000 matches on 32,600 pages), so the whole
 * catalogue's sort index is walked first for `probeRows` rows. `mode`: the tests force every
 * category to walk or to be a set (no probe).
 */
export async function splitSearchPage(
  db: Database,
  scope: ListingScope,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  mode: SplitMode = 'split',
  probeRows = SPLIT_PROBE_ROWS,
): Promise<string[]> {
  const end = page.offset + page.limit;
  if (mode === 'split' && probeRows > 0) {
    // The planner's own walk first, for a bounded number of rows: a word found early in the
    // sort's order (its categories cheap, by price) needs no more.
    const probe = new ListingSql(db, scope, { platforms: [], inStock: false }, sort);
    const probeQuery = probe.params.add(tsAll(scope.groups!));
    const order = probe.orderBy(sort);
    // The outer order names the walk's own columns (`priceless` for the price's `IS NULL`
    // key), so the planner keeps the walk's order and stops at the page's end: ordered by
    // the expression again, it sorted all `probeRows` rows first, each tested (`creme` by
    // price: 24,000 rows for a page found in the first 300).
    const outer = order.replace('(p."lowestPrice" IS NULL)', 'p.priceless');
    const hits = await selectBound<{ id: string }>(
      db,
      `SELECT p.id FROM (SELECT p.id, p."lowestPrice", p.saving, p."createdAt",
          (p."lowestPrice" IS NULL) AS priceless,
          (SELECT s.document @@ ${probeQuery}::tsquery FROM product_search s
            WHERE s."productId" = p.id) AS hit
          FROM products p WHERE p."isActive" = TRUE
          ORDER BY ${order} LIMIT ${probe.params.add(probeRows)}::integer) AS p
        WHERE p.hit ORDER BY ${outer} LIMIT ${probe.params.add(end)}::integer`,
      probe.params.values,
    );
    // The first `end` matches in the sort's order are among the rows walked.
    if (hits.length === end) return hits.slice(page.offset).map((row) => row.id);
  }
  const rows = new ListingSql(db, scope, { platforms: [], inStock: false }, sort);
  const query = rows.params.add(tsAll(scope.groups!));
  const walk =
    mode === 'walk'
      ? 'TRUE'
      : mode === 'set'
        ? 'FALSE'
        : `count(*)::float8 * count(*) >= ${rows.params.add(WALK_FACTOR * end)}::float8
            * coalesce(max(a.active), 0)`;
  // The listing's order, on the union's columns (named as the products' own).
  const order = rows.orderBy(sort);
  const columns = 'p.id, p."lowestPrice", p.saving, p."discountPercentage", p."createdAt"';
  const found = await selectBound<{ id: string }>(
    db,
    `WITH m AS MATERIALIZED (SELECT s."productId", s."categoryId" FROM product_search s
        WHERE s.document @@ ${query}::tsquery),
      c AS MATERIALIZED (SELECT m."categoryId", ${walk} AS walk
        FROM m LEFT JOIN product_active_counts a ON a."categoryId" = m."categoryId"
        GROUP BY m."categoryId")
      SELECT p.id FROM (
        SELECT w.* FROM c CROSS JOIN LATERAL (
          SELECT ${columns} FROM products p
          WHERE p."isActive" = TRUE AND p."categoryId" = c."categoryId"
            AND (SELECT s.document @@ ${query}::tsquery FROM product_search s
              WHERE s."productId" = p.id)
          ORDER BY ${order} LIMIT ${rows.params.add(end)}::integer) AS w
        WHERE c.walk
        UNION ALL
        SELECT ${columns} FROM m JOIN c ON c."categoryId" = m."categoryId" AND NOT c.walk
          JOIN products p ON p.id = m."productId"
        WHERE p."isActive" = TRUE) AS p
      ORDER BY ${order} LIMIT ${rows.params.add(page.limit)}::integer
        OFFSET ${rows.params.add(page.offset)}::integer`,
    rows.params.values,
  );
  return found.map((row) => row.id);
}
