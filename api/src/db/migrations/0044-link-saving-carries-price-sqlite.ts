import type { QueryInterface } from 'sequelize';

/**
 * SQLite: the in-stock links' saving indexes (migration 0025) end with each link's price, so a
 * walk by saving with a price range on a marketplace (sorted-search.ts, a search by saving with
 * Shopee in Rp 100-500 rb) tests the range from the index, as PostgreSQL's do since migration
 * 0035 (INCLUDE there; SQLite has no INCLUDE, a last key column serves). The largest savings
 * are dear things', above the range: the walk read each of their link rows to find the few in
 * it, `promo` 75 ms, 13 ms from the index (docs/decisions.md, session 51). The same names and
 * leading keys, so nothing that reads them changes; each is built again in one transaction
 * (~3 s at 1,000,000 products). The bulk load reads the indexes from the database and rebuilds
 * them as they are.
 */

const INDEXES = {
  platform_links_in_stock_saving: '(platform, saving DESC, "productId"',
  platform_links_in_stock_category_saving: '(platform, "categoryId", saving DESC, "productId"',
};

const IN_STOCK = `WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`;

async function rebuild(qi: QueryInterface, last: string): Promise<void> {
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    for (const [name, keys] of Object.entries(INDEXES)) {
      await run(`DROP INDEX IF EXISTS ${name}`);
      await run(`CREATE INDEX ${name} ON platform_links ${keys}${last})
        ${IN_STOCK}`);
    }
  });
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  await rebuild(qi, ', "priceValue"');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  await rebuild(qi, '');
}
