import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL: the in-stock links' saving indexes (migration 0025) carry each link's price
 * (INCLUDE), so a walk by saving with a price range on a marketplace (a search sorted by saving
 * with Shopee and Rp 100-500 rb, docs/decisions.md, session 47) tests the range from the index
 * alone. The largest savings are dear things' (the range's upper end): the walk read 36,000
 * links' heap rows to find 212 in the range (110-125 ms at 1,000,000 products, under load),
 * 17 ms from the index. The same keys and names, so nothing that reads them changes; each is
 * built beside the old one, then takes its name. ~9 s per index at 1,000,000 products (2.2
 * million links), 112 -> 131 MB each.
 *
 * SQLite walks its own indexes by key (sorted-search.ts) and has no INCLUDE: nothing changes
 * there. The bulk seed reads the indexes from the database and rebuilds them as they are.
 */

const INDEXES = {
  platform_links_in_stock_saving: '(platform, saving DESC, "productId")',
  platform_links_in_stock_category_saving: '(platform, "categoryId", saving DESC, "productId")',
};

const IN_STOCK = `WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`;

async function rebuild(qi: QueryInterface, include: string): Promise<void> {
  for (const [name, key] of Object.entries(INDEXES)) {
    // Each swap in a transaction of its own: a process stopped half-way leaves the old index
    // or the new one under the name, never neither, and the migration runs again from the top.
    await qi.sequelize.transaction(async (transaction) => {
      const run = (sql: string) => qi.sequelize.query(sql, { transaction });
      await run(`DROP INDEX IF EXISTS ${name}_next`);
      await run(`CREATE INDEX ${name}_next ON platform_links ${key} ${include} ${IN_STOCK}`);
      await run(`DROP INDEX ${name}`);
      await run(`ALTER INDEX ${name}_next RENAME TO ${name}`);
    });
  }
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await rebuild(qi, 'INCLUDE ("priceValue")');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await rebuild(qi, '');
}
