import type { Response } from 'express';
import { Op, QueryTypes, Sequelize, type Order, type WhereOptions } from 'sequelize';
import { parseRupiah } from '@shared/rules/price';
import type {
  AdminProductListResponse,
  AdminProductRow,
  AdminProductSort,
  ProductPriceLink,
} from '@shared/types';
import type { Database } from '../../db/database';
import type { Product as ProductRecord } from '../../db/models';
import { brokenLinkProductFilter } from '../link-health/queries';
import { presentProduct } from './presenter';
import type { AdminProductListQuery } from './schema';

/** `%` and `_` in an admin's search are literal characters, not wildcards. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The shortest term the SQLite trigram index answers; shorter ones read the table. */
const TRIGRAM = 3;

/** An FTS5 string literal: the term as one quoted phrase, which a trigram index matches as a substring. */
const fts5Phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Spec: the admin product search matches title, description and badge text,
 * case-insensitively, as a substring (unlike the visitors' word search, and over inactive
 * products too). Migration 0007 indexes it: trigram GIN indexes on PostgreSQL, a trigram FTS5
 * table on SQLite.
 */
function adminSearchWhere(db: Database, term: string): WhereOptions {
  if (db.dialect !== 'postgres' && [...term].length >= TRIGRAM) {
    const match = db.sequelize.escape(`{title description badge} : ${fts5Phrase(term)}`);
    return Sequelize.literal(`"Product"."id" IN (SELECT d."productId"
      FROM product_admin_search s JOIN product_admin_search_docs d ON d.docid = s.rowid
      WHERE product_admin_search MATCH ${match})`);
  }
  const pattern = Sequelize.literal(`${db.sequelize.escape(likePattern(term))} ESCAPE '\\'`);
  const lowerLike = (column: string) =>
    Sequelize.where(Sequelize.fn('lower', Sequelize.col(column)), { [Op.like]: pattern });
  return {
    [Op.or]: [
      lowerLike('Product.title'),
      lowerLike('Product.description'),
      lowerLike('Product.badgeText'),
    ],
  };
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

export function adminWhere(db: Database, query: AdminProductListQuery): WhereOptions {
  const where: WhereOptions[] = [];
  if (query.categoryId) where.push({ categoryId: Number(query.categoryId) });
  if (query.status === 'active') where.push({ isActive: true });
  if (query.status === 'inactive') where.push({ isActive: false });
  const term = query.search?.trim();
  if (term) where.push(adminSearchWhere(db, term));
  if (query.linkHealth === 'broken') where.push(brokenLinkProductFilter(db));
  return { [Op.and]: where };
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

/** One page of the admin product list, with each row's links and lowest price. */
export async function listAdminProductsPage(
  db: Database,
  query: AdminProductListQuery & { page: number },
): Promise<AdminProductListResponse> {
  const { Category, Product } = db.models;
  const where = adminWhere(db, query);
  // The page's ids first, read from the sort's index without touching the rows skipped over;
  // then the page's rows with their categories.
  const [page, count] = await Promise.all([
    Product.findAll({
      attributes: ['id'],
      where,
      order: ORDERS[query.sort],
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      raw: true,
    }),
    Product.count({ where }),
  ]);
  const ids = page.map((row) => row.id);
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
  const links = await linksByProduct(
    db,
    rows.map((row) => row.id),
  );
  const products: AdminProductRow[] = rows.map((row) => {
    const productLinks = links.get(row.id) ?? [];
    return { ...presentProduct(row), links: productLinks, lowestPriceValue: lowest(productLinks) };
  });
  return {
    products,
    currentPage: query.page,
    totalPages: Math.ceil(count / query.limit),
    totalCount: count,
  };
}

const STREAM_BATCH = 1_000;

/** Resolves when the socket takes more, or is gone; leaves no listener behind. */
const drained = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

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
      if (!res.write(text)) await drained(res);
      last = batch.at(-1)!.id;
    }
    if (batch.length < STREAM_BATCH) break;
  }
  res.end(']');
}
