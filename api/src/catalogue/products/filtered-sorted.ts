import type { ListingFilters } from '@shared/schemas';
import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import { categorySize, shareOf, tsAll, wordCategories, wordShares } from '../search/engines';
import { filterShare } from './filtered-ranked';
import {
  ListingSql,
  searchSetPage,
  sortedPage,
  SPLIT_PROBE_ROWS,
  type ListingOrder,
  type ListingScope,
} from './listing-sql';

/**
 * The sorts this path reads: by price or saving (the product's own, or one marketplace's). By
 * discount or newest the general path's plan already walks the sort's index and stops early
 * (20-100 ms at 1,000,000 under load, most of it the count).
 */
export const FILTERED_SORTS: ReadonlySet<ListingOrder> = new Set([
  'price_asc',
  'price_desc',
  'saving',
]);

/**
 * What one row walked down a sort's index costs next to one match read from the search index
 * (docs/decisions.md, "A search sorted by a product figure on PostgreSQL: split by category"):
 * a walk never reads more rows than half the matches, which the general path reads at least.
 */
const ROW_PER_MATCH = 2;

/**
 * A walk of a product sort index goes at most 1 / this share times the rows it could test when
 * the filters pass fewer products (filterShare's probe sees at least one in 500).
 */
const MIN_PASSING_SHARE = 0.05;

/** A walk stops after this many times the rows its guess needs. */
const WALK_SLACK = 4;

/**
 * A search over the whole catalogue whose words are held by at most this many categories
 * (migration 0033) walks each one's sort index (categoryWalks) before the whole catalogue's.
 */
export const CATEGORY_WALKS_UP_TO = 6;

/** How the page is read (null: by its cost; the tests force it). */
let forced: { reading: 'walk' | 'categories' | 'general'; cap?: number } | null = null;

/**
 * Tests only: always walk the whole catalogue's sort index, or each category's that holds the
 * words (stopping after `cap` rows when given, then the general path), or the general path
 * alone.
 */
export function setFilteredSortedReading(
  reading: 'walk' | 'categories' | 'general' | null,
  cap?: number,
): void {
  forced = reading === null ? null : { reading, cap };
}

/**
 * PostgreSQL, a page of a search with filters sorted by price or saving (docs/decisions.md,
 * "Session 45"): the general path sorts every filtered match (`promo` by price with Shopee:
 * 5-11 s at 1,000,000, `sepatu` with a minimum discount 2 s). Here the page walks the sort's
 * index first (the product's own figures: migration 0014's partial indexes, the category's
 * when there is one, a price range sought; one marketplace's price or saving: its link index,
 * migrations 0024/0025), each row tested against the filters and then its search row by
 * primary key, for a bounded number of rows walked; the general path answers when the walk's
 * guess is too long or the walk ends short. The count is the listing's own (listing.ts),
 * which sends here filters with at most one marketplace.
 */
export async function filteredSortedIds(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
): Promise<string[]> {
  const byLink = filters.platforms.length > 0;
  // The words as written (a prefix's share is its known words' sum): the search's spelling of
  // them (a statement) is not needed for a guess.
  const shares = await wordShares(db);
  const passing = await filterShare(db, scope, filters);
  const scopeRows =
    scope.categoryId === null ? shares.rows : await categorySize(db, scope.categoryId);
  const end = page.offset + page.limit;
  const share = shareOf(shares, 'document', scope.groups!);
  const matches = share * scopeRows;
  // The walk's guess: the page's end over the share of rows that match and pass the filters.
  const guess = end / Math.max(share * passing, 1e-9);
  const affordable = Math.max(SPLIT_PROBE_ROWS, matches / ROW_PER_MATCH);
  // A product row the filters leave out costs the walk of its own sort index one index entry
  // (migration 0042's INCLUDE columns), a search row is read only for one that passes: the walk
  // may go as many rows down as it can test, over the share that passes (`bluetooth`, saving,
  // Rp 100-500 rb: each of its two categories walked 4,000 rows, then read its matches as a
  // set, 280 ms; 10,000 rows find the page, 31 ms). A marketplace's link walk tests its
  // product, so its rows all cost alike.
  const walkable = byLink ? affordable : affordable / Math.max(passing, MIN_PASSING_SHARE);
  // Over the whole catalogue: the categories that hold the words walk their own sort index
  // (the product's own figures), or their own links of the marketplace (its price or saving)
  // (prices follow categories: `sepatu` by price with a filter was found hundreds of thousands
  // of rows down the whole catalogue's price index, and with Shopee 190 ms down its links).
  const byCategory = scope.categoryId === null && (forced ? forced.reading === 'categories' : true);
  if (byCategory) {
    const budget = forced?.cap ?? Math.round(walkable);
    const found = await fewCategoriesPage(db, scope, filters, sort, page, budget, forced !== null);
    if (found) return found;
  }
  const walk = forced ? forced.reading === 'walk' : guess <= walkable;
  if (walk) {
    // Stopped at four times its guess: prices follow categories, so a word of a few categories
    // (`sepatu`) is found far down the price order where the guess says a few hundred rows.
    const cap =
      forced?.cap ?? Math.round(Math.min(walkable, Math.max(SPLIT_PROBE_ROWS, WALK_SLACK * guess)));
    const walked = byLink
      ? await linkWalk(db, scope, filters, sort, end, cap)
      : await ownWalk(db, scope, filters, sort, end, cap);
    // The first `end` passing matches in the sort's order are among the rows walked.
    if (walked.length === end) return walked.slice(page.offset).map((row) => row.id);
  }
  // Not every match as a set: reading them costs ~20-40 us each under load (a heap page of
  // the search rows per match), 1-2 s for `sepatu` (47,000), seconds for `promo`; the
  // general path's plan was as good or better for those (measured; see the decisions entry).
  return sortedPage(db, scope, filters, sort, page);
}

/**
 * PostgreSQL, a search over the whole catalogue sorted by price or saving, with filters
 * (filteredSortedIds) or without (listing.ts, in place of splitSearchPage's reading of every
 * match): the page from the categories that hold the words (categoryWalks, at most `budget`
 * rows walked over all of them), or null when more than CATEGORY_WALKS_UP_TO categories hold
 * them (`always`: the tests walk them however many). `sepatu` by price without filters read
 * its 47,000 matches from the search index (32,600 heap pages) to count them by category, after
 * a walk of the whole catalogue's price index of half as many rows: 0.5-0.7 s at 1,000,000,
 * where each of its categories finds its page a few dozen rows down its own index.
 */
export async function fewCategoriesPage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  budget: number,
  always = false,
): Promise<string[] | null> {
  const categories = await wordCategories(db, scope.groups!);
  if (!always && categories.length > CATEGORY_WALKS_UP_TO) return null;
  return categoryWalks(db, scope, filters, sort, page, categories, budget);
}

/**
 * The page from each category that holds the words: its own sort index walked (ownWalk in the
 * category: migration 0014's partial indexes; with a marketplace, linkWalk in the category: its
 * links' own price or saving index, migration 0025), each row's filters and then its search row
 * tested, for at most `budget` rows over all of them, each category to its first `end` passing
 * matches or its last product. Every match is in one of the categories, and each gives at
 * least its own first `end`, so the page is the first of their union in the listing's order.
 * A category whose walk stops at its share of the budget short of its `end` reads its matches
 * as a set instead; so does a link walk that ends short whatever its rows: the category's
 * products without a price (a saving) on the marketplace come after its links, and only the
 * set places them.
 */
async function categoryWalks(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  page: { limit: number; offset: number },
  categories: number[],
  budget: number,
): Promise<string[]> {
  const end = page.offset + page.limit;
  if (categories.length === 0) return [];
  const cap = Math.max(1, Math.floor(budget / categories.length));
  const found: string[] = [];
  for (const categoryId of categories) {
    const size = await categorySize(db, categoryId);
    const byLink = filters.platforms.length > 0;
    const walked = byLink
      ? await linkWalk(db, { ...scope, categoryId }, filters, sort, end, cap)
      : await ownWalk(db, { ...scope, categoryId }, filters, sort, end, cap);
    // Short of `end` with every product of the category walked: all of its passing matches.
    // Cut short by its share of the budget: the category's matches as a set, filtered and
    // sorted (searchSetPage: its first `end`), which reads only this category's products.
    const rows =
      walked.length < end && (byLink || size > cap)
        ? await searchSetPage(db, { ...scope, categoryId }, filters, sort, {
            limit: end,
            offset: 0,
          })
        : walked.map((row) => row.id);
    found.push(...rows);
  }
  if (found.length === 0) return [];
  const rows = new ListingSql(db, { categoryId: null, groups: null }, filters, sort);
  const ids = rows.params.add(found);
  const ordered = await selectBound<{ id: string }>(
    db,
    `SELECT p.id FROM products p WHERE p.id = ANY(${ids}::uuid[])
      ORDER BY ${rows.orderBy(sort)}
      LIMIT ${rows.params.add(page.limit)} OFFSET ${rows.params.add(page.offset)}`,
    rows.params.values,
  );
  return ordered.map((row) => row.id);
}

/**
 * The first `cap` active products of the scope down the sort's own index, each one's filters
 * tested and then (only for one passing them) its search row: the first `end` of them that
 * pass and match. Bounded by rows walked, not by rows passing (session 44's split probe walked
 * 54,000 rows for `sepatu` with a filter).
 */
async function ownWalk(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  end: number,
  cap: number,
): Promise<{ id: string }[]> {
  const rows = new ListingSql(db, scope, filters, sort);
  const passes = rows.where(undefined, { searchPerRow: true });
  const query = rows.params.add(tsAll(scope.groups!));
  let seek =
    scope.categoryId === null ? '' : `AND p."categoryId" = ${rows.params.add(scope.categoryId)}`;
  const { minPrice, maxPrice } = filters;
  if ((sort === 'price_asc' || sort === 'price_desc') && (minPrice ?? maxPrice) !== undefined) {
    // The range's start sought in the price index (its products all have a price). Written
    // `<= FALSE`: PostgreSQL rewrites `= FALSE` as IS NOT NULL, no longer the index's key.
    seek += ` AND (p."lowestPrice" IS NULL) <= FALSE`;
    if (minPrice !== undefined) seek += ` AND p."lowestPrice" >= ${rows.params.add(minPrice)}`;
    if (maxPrice !== undefined) seek += ` AND p."lowestPrice" <= ${rows.params.add(maxPrice)}`;
  }
  const order = rows.orderBy(sort);
  // The outer order names the walk's own columns (as splitSearchPage's probe), so the planner
  // keeps the walk's order instead of sorting the rows walked again.
  const outer = order.replace('(p."lowestPrice" IS NULL)', 'p.priceless');
  return selectBound<{ id: string }>(
    db,
    `SELECT p.id FROM (SELECT p.id, p."lowestPrice", p.saving, p."discountPercentage",
          p."createdAt", (p."lowestPrice" IS NULL) AS priceless,
          CASE WHEN ${passes} THEN (SELECT s.document @@ ${query}::tsquery FROM product_search s
            WHERE s."productId" = p.id) ELSE FALSE END AS hit
        FROM products p WHERE p."isActive" = TRUE ${seek}
        ORDER BY ${order} LIMIT ${rows.params.add(cap)}::integer) AS p
      WHERE p.hit ORDER BY ${outer} LIMIT ${rows.params.add(end)}::integer`,
    rows.params.values,
  );
}

/**
 * One marketplace's in-stock links in price or saving order (the listing's own link walk),
 * each one's product tested against the other filters and then its search row, for at most
 * `cap` links: the first `end` that match. Products without a price (a saving) on the
 * marketplace come after every walked one, so a walk that found `end` needs none of them.
 */
async function linkWalk(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingOrder,
  end: number,
  cap: number,
): Promise<{ id: string }[]> {
  const rows = new ListingSql(db, scope, filters, sort);
  const by = sort === 'saving' ? 'saving' : 'price';
  const descending = sort !== 'price_asc';
  const walk = rows.linkWalk(
    filters.platforms[0]!,
    by,
    descending,
    `${rows.params.add(cap)}::integer`,
    true,
  );
  return selectBound<{ id: string }>(
    db,
    `SELECT w.id FROM (${walk}) AS w WHERE w.hit
      ORDER BY w.figure${descending ? ' DESC' : ''}, w."createdAt" DESC, w.id
      LIMIT ${rows.params.add(end)}::integer`,
    rows.params.values,
  );
}
