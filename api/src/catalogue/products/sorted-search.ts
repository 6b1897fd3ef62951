import type { ListingFilters } from '@shared/schemas';
import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import { fts5InCategory, fts5Scope, withPrefixWords } from '../search/engines';
import { countBound, type ProductIdPage } from '../search/queries';
import {
  ListingSql,
  scopeSize,
  sortedPage,
  type ListingOrder,
  type ListingScope,
} from './listing-sql';
/** The sorts a search walks down their index on SQLite (sortedSearchPage). */
export const WALKED_SORTS: ListingOrder[] = [
  'newest',
  'discount',
  'price_asc',
  'price_desc',
  'saving',
];

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
export async function sortedSearchPage(
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
