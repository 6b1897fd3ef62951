import type { QueryInterface } from 'sequelize';

/**
 * A marketplace's in-stock prices in order (docs/decisions.md, "Listing at size"): one partial
 * index on platform_links, (platform, priceValue, productId) over the links that are on offer.
 * The public listing sorted by price with a marketplace filter, or with a price range and a
 * marketplace, walks it in price order and stops after the page, instead of computing the
 * chosen marketplaces' price of every matching product. Only in-stock links with a price are
 * in it (what the listing's price reads), so a write costs one small index entry at most, and
 * no trigger is added. The bulk seed reads the indexes from the database and rebuilds it.
 */

const INDEX = 'platform_links_in_stock_price';

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(
    `CREATE INDEX ${INDEX} ON platform_links (platform, "priceValue", "productId")
      WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`,
  );
  if (qi.sequelize.getDialect() === 'postgres') await qi.sequelize.query('ANALYZE platform_links');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`DROP INDEX IF EXISTS ${INDEX}`);
}
