import { once } from 'node:events';
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
import { presentProduct } from './presenter';
import type { AdminProductListQuery } from './schema';

/** `%` and `_` in an admin's search are literal characters, not wildcards. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Spec: the admin product search matches title, description and badge text,
 * case-insensitively, as a substring (unlike the visitors' word search, and over inactive
 * products too). On PostgreSQL the trigram indexes of migration 0007 answer it.
 */
function adminSearchWhere(db: Database, term: string): WhereOptions {
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

function adminWhere(db: Database, query: AdminProductListQuery): WhereOptions {
  const where: WhereOptions[] = [];
  if (query.categoryId) where.push({ categoryId: Number(query.categoryId) });
  if (query.status === 'active') where.push({ isActive: true });
  if (query.status === 'inactive') where.push({ isActive: false });
  const term = query.search?.trim();
  if (term) where.push(adminSearchWhere(db, term));
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
  const [rows, count] = await Promise.all([
    Product.findAll({
      where,
      include: [{ model: Category, as: 'category' }],
      order: ORDERS[query.sort],
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    Product.count({ where }),
  ]);
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

async function writeAllProducts(db: Database, res: Response): Promise<void> {
  const { Category, Product } = db.models;
  let last: string | null = null;
  let first = true;
  res.status(200).type('json');
  res.write('[');
  for (;;) {
    let where: WhereOptions = {};
    if (last !== null) {
      const id = db.sequelize.escape(last);
      const lastCreatedAt = Sequelize.literal(
        `(SELECT "createdAt" FROM products WHERE id = ${id})`,
      );
      where = {
        [Op.or]: [
          { createdAt: { [Op.lt]: lastCreatedAt } },
          { [Op.and]: [{ createdAt: { [Op.eq]: lastCreatedAt } }, { id: { [Op.gt]: last } }] },
        ],
      };
    }
    const batch: ProductRecord[] = await Product.findAll({
      where,
      include: [{ model: Category, as: 'category' }],
      order: ORDERS.newest,
      limit: STREAM_BATCH,
    });
    if (res.destroyed) return;
    if (batch.length > 0) {
      let text = '';
      for (const product of batch) {
        text += (first ? '' : ',') + JSON.stringify(presentProduct(product));
        first = false;
      }
      if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      last = batch.at(-1)!.id;
    }
    if (batch.length < STREAM_BATCH) break;
  }
  res.end(']');
}
