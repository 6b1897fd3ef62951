import type { QueryInterface } from 'sequelize';

/**
 * SQLite only: the partial sort indexes a sorted search walks (price up and down, saving,
 * discount; over the catalogue and per category: migrations 0014 and 0018) carry every figure a
 * listing filter reads (`lowestPrice`, `discountPercentage`, `inStock`, the marketplace masks,
 * `isActive`) after their keys, so a walk tests the filters from the index and reads no product
 * row. A filter whose order follows the sort's (a price range with the saving sort: the largest
 * savings are dear products) made a walk read ~73,000 product rows at 1,000,000 products before
 * its first row in range (`hitam`, saving, Rp 100-500 rb: 0.6-1.2 s); from the index it skips
 * them in ~10 ms (docs/decisions.md, "A search sorted by a product figure on SQLite").
 *
 * Same names, same keys, same order: every `INDEXED BY` and plan stays. PostgreSQL keeps its
 * indexes: its sorted searches do not walk them (search/engines.ts).
 *
 * Frozen history like every migration: the keys are copied from 0014 and 0018.
 */

const ACTIVE = '"isActive" = 1';

/** The figures the filters read, less those a key already holds. */
const carried = (keys: string) =>
  ['isActive', 'lowestPrice', 'discountPercentage', 'inStock', 'platformMask', 'stockMask']
    .filter((column) => !keys.includes(`"${column}"`))
    .map((column) => `"${column}"`)
    .join(', ');

const KEYS: Record<string, string> = {
  price_asc: `("lowestPrice" IS NULL), "lowestPrice", "createdAt" DESC, id`,
  price_desc: `("lowestPrice" IS NULL), "lowestPrice" DESC, "createdAt" DESC, id`,
  saving: `saving DESC, "createdAt" DESC, id`,
  discount: `"discountPercentage" DESC, "createdAt" DESC, id`,
};

const definitions = (wide: boolean) =>
  Object.entries(KEYS).flatMap(([sort, keys]) => {
    const extra = wide ? `, ${carried(keys)}` : '';
    return [
      `CREATE INDEX products_active_${sort} ON products (${keys}${extra}) WHERE ${ACTIVE}`,
      `CREATE INDEX products_category_active_${sort}
        ON products ("categoryId", ${keys}${extra}) WHERE ${ACTIVE}`,
    ];
  });

const NAMES = Object.keys(KEYS).flatMap((sort) => [
  `products_active_${sort}`,
  `products_category_active_${sort}`,
]);

async function rebuild(qi: QueryInterface, wide: boolean): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') return;
  for (const name of NAMES) await qi.sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  for (const sql of definitions(wide)) await qi.sequelize.query(sql);
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await rebuild(qi, true);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await rebuild(qi, false);
}
