import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL: the partial sort indexes a sorted listing walks (price up and down, saving,
 * discount; over the catalogue and per category: migrations 0014 and 0018) carry every figure
 * a listing filter reads (`lowestPrice`, `discountPercentage`, `inStock`, the marketplace
 * masks, and `isActive`: the predicate alone does not cover a filter that names it) as INCLUDE
 * columns, so the walk is an index-only scan that tests the filters on the index entry and
 * reads no product row. A filter whose order follows the sort's (a price range
 * with the saving sort: the largest savings are dear products) read ~73,700 product rows at
 * 1,000,000 products before the first in range: `promo`, saving, Rp 100-500 rb took 1 s cold
 * and 300-400 ms warm; from the index 35 ms cold (docs/decisions.md, "Session 50"). SQLite's
 * indexes carry the same figures since migration 0026.
 *
 * Same names, keys and order: every plan that used them still can. The INCLUDE columns add
 * no write: each is already held by `products_id_filters` (migration 0032) or
 * `products_active_filters`, so an update of one was never a HOT update. Frozen history like every migration: the keys are copied from
 * 0014 and 0018.
 */

const KEYS: Record<string, string> = {
  price_asc: `("lowestPrice" IS NULL), "lowestPrice", "createdAt" DESC, id`,
  price_desc: `("lowestPrice" IS NULL), "lowestPrice" DESC, "createdAt" DESC, id`,
  saving: `saving DESC, "createdAt" DESC, id`,
  discount: `"discountPercentage" DESC, "createdAt" DESC, id`,
};

/** The figures the filters read, less those a key already holds. */
const carried = (keys: string) =>
  ['isActive', 'lowestPrice', 'discountPercentage', 'inStock', 'platformMask', 'stockMask']
    .filter((column) => !keys.includes(`"${column}"`))
    .map((column) => `"${column}"`)
    .join(', ');

const definitions = (wide: boolean) =>
  Object.entries(KEYS).flatMap(([sort, keys]) => {
    const include = wide ? ` INCLUDE (${carried(keys)})` : '';
    return [
      `CREATE INDEX products_active_${sort} ON products (${keys})${include} WHERE "isActive"`,
      `CREATE INDEX products_category_active_${sort}
        ON products ("categoryId", ${keys})${include} WHERE "isActive"`,
    ];
  });

const NAMES = Object.keys(KEYS).flatMap((sort) => [
  `products_active_${sort}`,
  `products_category_active_${sort}`,
]);

async function rebuild(qi: QueryInterface, wide: boolean): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  for (const name of NAMES) await qi.sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  for (const sql of definitions(wide)) await qi.sequelize.query(sql);
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await rebuild(qi, true);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await rebuild(qi, false);
}
