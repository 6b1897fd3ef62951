import type { Response } from 'express';
import {
  Op,
  QueryTypes,
  Sequelize,
  type Order,
  type Transaction,
  type WhereOptions,
} from 'sequelize';
import { ADMIN_SEARCH_COUNT_CAP } from '@shared/constants';
import { parseRupiah } from '@shared/rules/price';
import { MAX_BULK_PRODUCTS } from '@shared/schemas';
import type {
  AdminProductCountResponse,
  AdminProductListResponse,
  AdminProductRow,
  AdminProductSort,
  ProductPriceLink,
} from '@shared/types';
import type { Database } from '../../db/database';
import { containsIgnoringCase } from '../../lib/like';
import { writeChunk } from '../../lib/streamed-write';
import type { Product as ProductRecord } from '../../db/models';
import { brokenLinkProductFilter } from '../link-health/queries';
import { clicksLast7Days } from '../../analytics';
import { presentProduct } from './presenter';
import type { AdminProductListQuery } from './schema';
import { watchCountsByProduct } from '../../watches/admin-counts';
import { productSources } from '../../feeds/product-source';

/** The shortest term the SQLite trigram index answers; shorter ones read the table. */
const TRIGRAM = 3;

/** An FTS5 string literal: the term as one quoted phrase, which a trigram index matches as a substring. */
const fts5Phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The admin search over title, description and badge text as a case-insensitive substring,
 * read row by row: `lower(column) LIKE '%term%'`. PostgreSQL's trigram GIN indexes (migration
 * 0007) answer it; on SQLite it is a filter on the rows a sort's index walks, cheap when the
 * term is common (a page fills after a few rows) and the way terms under 3 letters are read.
 */
function likeSearchWhere(db: Database, term: string): WhereOptions {
  return containsIgnoringCase(
    db,
    ['Product.title', 'Product.description', 'Product.badgeText'],
    term,
  );
}

/** How a search is read: its filter, and the matching ids when few enough were all listed. */
interface SearchPlan {
  where: WhereOptions;
  /** Every matching product (at most the plan's cap), when the index listed them all. */
  allIds?: string[];
  /** The index found more than the plan's cap of matches over the whole catalogue. */
  overCap?: boolean;
  /** The term is long enough for the trigram indexes (3 characters or more). */
  indexed: boolean;
}

/**
 * Spec: the admin product search matches title, description and badge text,
 * case-insensitively, as a substring (unlike the visitors' word search, and over inactive
 * products too).
 *
 * SQLite: the trigram FTS5 table of migration 0007 is asked for at most cap + 1 matches (it
 * stops there). A rarer term's ids are the filter; a common term is read with LIKE along the
 * sort's index instead, since listing tens of thousands of matches only to sort them and
 * keep 24 is what made a common word slow.
 */
async function planSearch(db: Database, term: string, cap: number): Promise<SearchPlan> {
  const indexed = [...term].length >= TRIGRAM;
  if (db.dialect === 'postgres' || !indexed) return { where: likeSearchWhere(db, term), indexed };
  const rows = await db.sequelize.query<{ productId: string }>(
    `SELECT d."productId" FROM product_admin_search s
      JOIN product_admin_search_docs d ON d.docid = s.rowid
      WHERE product_admin_search MATCH :match LIMIT :limit`,
    {
      replacements: {
        match: `{title description badge} : ${fts5Phrase(term)}`,
        limit: cap + 1,
      },
      type: QueryTypes.SELECT,
    },
  );
  if (rows.length > cap) {
    return { where: likeSearchWhere(db, term), overCap: true, indexed };
  }
  const allIds = rows.map((row) => row.productId);
  return { where: { id: allIds }, allIds, indexed };
}

/** Each sort ends on the id, so pages never overlap; 'oldest' is the exact reverse of 'newest'. */
const ORDERS: Record<AdminProductSort, Order> = {
  newest: [
    ['createdAt', 'DESC'],
    ['id', 'ASC'],
  ],
  oldest: [
    ['createdAt', 'ASC'],
    ['id', 'DESC'],
  ],
  title: [
    ['title', 'ASC'],
    ['id', 'ASC'],
  ],
  discount: [
    ['discountPercentage', 'DESC'],
    ['createdAt', 'DESC'],
    ['id', 'ASC'],
  ],
};

/** The list's filters, without its paging and sort: what a bulk action's filter names too. */
export type AdminProductFilter = Pick<
  AdminProductListQuery,
  'search' | 'categoryId' | 'status' | 'linkHealth'
>;

interface AdminFilter {
  where: WhereOptions;
  search: SearchPlan | null;
}

/**
 * "Active" (95% of a catalogue). SQLite otherwise reads it from the status index and sorts
 * every active product for a sort that index does not hold (title, discount: 0.45 s at
 * 100,000 products), or checks every active one against a search's listed ids; the unary
 * `+` keeps it a filter on the rows the sort's index (or the ids) lead to. Newest and oldest
 * have an index led by the status.
 */
function activeWhere(db: Database, sort: AdminProductSort | undefined): WhereOptions {
  if (db.dialect !== 'sqlite' || sort === 'newest' || sort === 'oldest') return { isActive: true };
  return Sequelize.literal('+"Product"."isActive" = 1');
}

/**
 * The filter's where clause. `searchCap` bounds how many ids the SQLite trigram index lists
 * for a search (more and the search is read with LIKE): the page's cap for a page of 24,
 * the bulk limit where every match is wanted (a bulk action, the count for "select all").
 */
export async function adminFilter(
  db: Database,
  query: AdminProductFilter,
  searchCap = ADMIN_SEARCH_COUNT_CAP,
  sort?: AdminProductSort,
): Promise<AdminFilter> {
  const where: WhereOptions[] = [];
  if (query.categoryId) where.push({ categoryId: Number(query.categoryId) });
  if (query.status === 'active') where.push(activeWhere(db, sort));
  if (query.status === 'inactive') where.push({ isActive: false });
  const term = query.search?.trim();
  const search = term ? await planSearch(db, term, searchCap) : null;
  if (search) where.push(search.where);
  if (query.linkHealth === 'broken') where.push(brokenLinkProductFilter(db));
  return { where: { [Op.and]: where }, search };
}

/**
 * The ids of the products the admin list shows under `filter` (any order), at most `limit`
 * of them: the bulk action's "every product that matches", read inside its transaction.
 */
export async function matchingProductIds(
  db: Database,
  filter: AdminProductFilter,
  options: { limit: number; transaction: Transaction },
): Promise<string[]> {
  const rows = await db.models.Product.findAll({
    attributes: ['id'],
    where: (await adminFilter(db, filter, options.limit)).where,
    limit: options.limit,
    transaction: options.transaction,
    raw: true,
  });
  return rows.map((row) => row.id);
}

interface LinkRow {
  id: number | string;
  productId: string;
  platform: string;
  price: string | null;
  priceValue: number | string | null;
}

/** The links of a page of products, in one query, grouped by product in the dialog's order. */
async function linksByProduct(
  db: Database,
  productIds: string[],
): Promise<Map<string, ProductPriceLink[]>> {
  const byProduct = new Map<string, ProductPriceLink[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.sequelize.query<LinkRow>(
    `SELECT id, "productId", platform, price, "priceValue" FROM platform_links
      WHERE "productId" IN (:ids) ORDER BY "createdAt", id`,
    { replacements: { ids: productIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const priceValue = row.priceValue === null ? parseRupiah(row.price) : Number(row.priceValue);
    const list = byProduct.get(row.productId) ?? [];
    list.push({
      id: String(row.id),
      platform: row.platform as ProductPriceLink['platform'],
      price: row.price,
      priceValue,
    });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

const lowest = (links: ProductPriceLink[]) =>
  links.reduce<number | null>(
    (min, link) =>
      link.priceValue !== null && (min === null || link.priceValue < min) ? link.priceValue : min,
    null,
  );

/**
 * How many products a filter without a search matches, from the per-category counts the
 * triggers keep (migration 0003: active products; 0009: all products), instead of a count(*)
 * over the table; null when the filter needs the rows themselves (a search, broken links).
 */
async function countFromCategoryCounts(
  db: Database,
  query: AdminProductFilter,
): Promise<number | null> {
  if (query.search?.trim() || query.linkHealth) return null;
  const byCategory = query.categoryId ? ' WHERE "categoryId" = :categoryId' : '';
  const replacements = { categoryId: Number(query.categoryId) };
  const sum = async (sql: string) => {
    const [row] = await db.sequelize.query<{ n: number | string | null }>(sql + byCategory, {
      replacements,
      type: QueryTypes.SELECT,
    });
    return Number(row?.n ?? 0);
  };
  const total = () => sum('SELECT sum(total) AS n FROM product_counts');
  const active = () => sum('SELECT sum(active) AS n FROM product_active_counts');
  if (query.status === 'active') return active();
  const [all, activeOnes] = await Promise.all([
    total(),
    query.status === 'inactive' ? active() : 0,
  ]);
  return all - activeOnes;
}

/**
 * The ids of at most `cap` + 1 matching products, in no order. On PostgreSQL a term the trigram
 * indexes answer is read through them (a bitmap of the matches, then only cap + 1 rows):
 * with a LIMIT the planner otherwise favours reading the table until enough rows match, which
 * it underprices (lower(description) LIKE costs far more per row than it assumes) and which
 * took 300 ms for a word in 3% of 100,000 products.
 */
async function readUpToCap(db: Database, where: WhereOptions, indexed: boolean, cap: number) {
  const read = (transaction?: Transaction) =>
    db.models.Product.findAll({
      attributes: ['id'],
      where,
      limit: cap + 1,
      raw: true,
      transaction,
    });
  if (db.dialect !== 'postgres' || !indexed) return read();
  return db.sequelize.transaction(async (transaction) => {
    await db.sequelize.query('SET LOCAL enable_seqscan = off', { transaction });
    return read(transaction);
  });
}

interface ListCount {
  count: number;
  /** More than `count` match: counting stopped there. */
  capped: boolean;
}

/**
 * How many products match: from the per-category counts without a search; otherwise the
 * matches counted up to `cap` (reading no further), exact up to it, `capped` beyond it.
 */
async function countAdminProducts(
  db: Database,
  query: AdminProductFilter,
  filter: AdminFilter,
  cap: number,
): Promise<ListCount> {
  const known = await countFromCategoryCounts(db, query);
  if (known !== null) return { count: known, capped: false };
  if (!filter.search)
    return { count: await db.models.Product.count({ where: filter.where }), capped: false };
  const onlySearch = !query.categoryId && !query.status && !query.linkHealth;
  // The index listed every match: that is the exact count, even past `cap`.
  if (onlySearch && filter.search.allIds) {
    return { count: filter.search.allIds.length, capped: false };
  }
  if (onlySearch && filter.search.overCap) return { count: cap, capped: true };
  const found = await readUpToCap(db, filter.where, filter.search.indexed, cap);
  return found.length > cap ? { count: cap, capped: true } : { count: found.length, capped: false };
}

/**
 * GET /api/admin/products/count: how many products the filter matches, exactly up to the
 * bulk limit (what "select every match" needs to name and may act on), `totalCountCapped`
 * beyond it. The same filter as the list's and the bulk action's.
 */
export async function countMatchingProducts(
  db: Database,
  query: AdminProductFilter,
): Promise<AdminProductCountResponse> {
  const filter = await adminFilter(db, query, MAX_BULK_PRODUCTS);
  const { count, capped } = await countAdminProducts(db, query, filter, MAX_BULK_PRODUCTS);
  return { totalCount: count, totalCountCapped: capped };
}

/**
 * The list's count once the page is read. A count that stopped at the cap is made exact or
 * raised by what the page itself shows: its rows prove at least offset + rows match, and a
 * page with rows and no next one is the last, so the count is then exact. An empty page past
 * a capped count (an old link) had its whole offset read already: counting that far is exact.
 */
async function settleCount(
  db: Database,
  filter: AdminFilter,
  counted: ListCount,
  page: { offset: number; rows: number; hasNextPage: boolean },
): Promise<ListCount> {
  if (!counted.capped) return counted;
  if (page.rows > 0 && !page.hasNextPage) {
    return { count: page.offset + page.rows, capped: false };
  }
  if (page.rows > 0)
    return { count: Math.max(counted.count, page.offset + page.rows), capped: true };
  const found = await readUpToCap(db, filter.where, filter.search?.indexed ?? false, page.offset);
  return found.length > page.offset
    ? { count: page.offset, capped: true }
    : { count: found.length, capped: false };
}

/** One page of the admin product list, with each row's links and lowest price. */
export async function listAdminProductsPage(
  db: Database,
  query: AdminProductListQuery & { page: number },
): Promise<AdminProductListResponse> {
  const { Category, Product } = db.models;
  const offset = (query.page - 1) * query.limit;
  // Past the pages a capped count fills, a search walked along the sort's index reads every
  // row it skips (over a second for page 60 of a word in 3% of 100,000 products on SQLite):
  // there the index lists up to the bulk limit's matches and the page sorts just those.
  const deep = offset + query.limit > ADMIN_SEARCH_COUNT_CAP;
  const filter = await adminFilter(
    db,
    query,
    deep ? MAX_BULK_PRODUCTS : ADMIN_SEARCH_COUNT_CAP,
    query.sort,
  );
  // The page's ids first, read from the sort's index without touching the rows skipped over;
  // then the page's rows with their categories.
  // One row more than the page shows: whether a next page exists, known without a count.
  const [page, counted] = await Promise.all([
    Product.findAll({
      attributes: ['id'],
      where: filter.where,
      order: ORDERS[query.sort],
      limit: query.limit + 1,
      offset,
      raw: true,
    }),
    countAdminProducts(db, query, filter, ADMIN_SEARCH_COUNT_CAP),
  ]);
  const hasNextPage = page.length > query.limit;
  const ids = page.slice(0, query.limit).map((row) => row.id);
  const { count, capped } = await settleCount(db, filter, counted, {
    offset,
    rows: ids.length,
    hasNextPage,
  });
  const found =
    ids.length === 0
      ? []
      : await Product.findAll({
          where: { id: ids },
          include: [{ model: Category, as: 'category' }],
        });
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const [links, clicks, watchCounts] = await Promise.all([
    linksByProduct(
      db,
      rows.map((row) => row.id),
    ),
    clicksLast7Days(
      db,
      rows.map((row) => String(row.id)),
    ),
    watchCountsByProduct(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const sourceOf = await productSources(db, ids);
  const products: AdminProductRow[] = rows.map((row) => {
    const productLinks = links.get(row.id) ?? [];
    return {
      ...presentProduct(row),
      links: productLinks,
      lowestPriceValue: lowest(productLinks),
      clicks7d: clicks.get(String(row.id)) ?? 0,
      watchCount: watchCounts.get(row.id) ?? 0,
      ...sourceOf(row.id),
    };
  });
  // Past a capped count the pages run on while rows remain: at least one page after this one.
  const countedPages = Math.ceil(count / query.limit);
  return {
    products,
    currentPage: query.page,
    totalPages: capped ? Math.max(countedPages, query.page + 1) : countedPages,
    totalCount: count,
    hasNextPage,
    ...(capped ? { totalCountCapped: true } : {}),
  };
}

const STREAM_BATCH = 1_000;

/**
 * The unpaged form (the specification's "list of all products"), newest first: read in
 * keyset batches and written as they come, waiting for the socket to drain, so the server
 * never holds more than one batch whatever the catalogue's size. The keyset compares with
 * the database's own timestamp of the last row (no precision lost on the way through JS).
 */
export async function streamAllProducts(db: Database, res: Response): Promise<void> {
  try {
    await writeAllProducts(db, res);
  } catch (error) {
    // Once the array has begun, the status is sent: all that is left is to cut the body short.
    if (!res.headersSent) throw error;
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * The next rows after `last` in newest-first order (createdAt DESC, id ASC): the rest of the
 * last row's timestamp, then older rows. Two index ranges instead of one OR, which neither
 * database walks as a range. The timestamp is the database's own (a subquery), so no precision
 * is lost on its way through JavaScript.
 */
async function nextBatch(db: Database, last: string | null): Promise<ProductRecord[]> {
  const { Category, Product } = db.models;
  const read = (where: WhereOptions, limit: number) =>
    Product.findAll({
      where,
      include: [{ model: Category, as: 'category' }],
      order: ORDERS.newest,
      limit,
    });
  if (last === null) return read({}, STREAM_BATCH);
  const lastCreatedAt = Sequelize.literal(
    `(SELECT "createdAt" FROM products WHERE id = ${db.sequelize.escape(last)})`,
  );
  const ties = await read(
    { [Op.and]: [{ createdAt: { [Op.eq]: lastCreatedAt } }, { id: { [Op.gt]: last } }] },
    STREAM_BATCH,
  );
  if (ties.length === STREAM_BATCH) return ties;
  const older = await read({ createdAt: { [Op.lt]: lastCreatedAt } }, STREAM_BATCH - ties.length);
  return [...ties, ...older];
}

async function writeAllProducts(db: Database, res: Response): Promise<void> {
  let last: string | null = null;
  let first = true;
  res.status(200).type('json');
  res.write('[');
  for (;;) {
    const batch = await nextBatch(db, last);
    if (res.destroyed) return;
    if (batch.length > 0) {
      let text = '';
      for (const product of batch) {
        text += (first ? '' : ',') + JSON.stringify(presentProduct(product));
        first = false;
      }
      await writeChunk(res, text);
      last = batch.at(-1)!.id;
    }
    if (batch.length < STREAM_BATCH) break;
  }
  res.end(']');
}
