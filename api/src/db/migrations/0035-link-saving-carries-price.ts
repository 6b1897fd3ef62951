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
    await qi.sequelize.query(`DROP INDEX IF EXISTS ${name}_next`);
    await qi.sequelize.query(
      `CREATE INDEX ${name}_next ON platform_links ${key} ${include} ${IN_STOCK}`,
    );
    await qi.sequelize.query(`DROP INDEX ${name}`);
    await qi.sequelize.query(`ALTER INDEX ${name}_next RENAME TO ${name}`);
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
