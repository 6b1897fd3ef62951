import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL, a search in relevance order with filters (docs/decisions.md, session 45): each
 * match's product is tested against the filters by primary key, and with a marketplace its
 * price on that marketplace is read from its links, thousands of times for one count. Two
 * covering indexes answer both from the index alone (the fixture's tables are all-visible
 * after a vacuum): the products' filter columns by id, and each product's in-stock link prices
 * by marketplace. The per-match test read the products' heap (one 8 kB page per match, rows of
 * ~550 bytes) and each link's heap row for its availability.
 *
 * SQLite reads a search with filters another way (filteredRelevancePage, FTS5 then the
 * products by rowid), so nothing is created there. The bulk seed reads the indexes from the
 * database and rebuilds them.
 */

const PRODUCTS = 'products_id_filters';
const LINKS = 'platform_links_product_in_stock_price';

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  // The columns ListingSql.where() tests once the search and the category are read elsewhere.
  await qi.sequelize.query(
    `CREATE INDEX ${PRODUCTS} ON products (id)
      INCLUDE ("isActive", "platformMask", "stockMask", "inStock", "lowestPrice", "discountPercentage")`,
  );
  // ListingSql.price() with a marketplace: min("priceValue") of the product's in-stock links.
  await qi.sequelize.query(
    `CREATE INDEX ${LINKS} ON platform_links ("productId", platform, "priceValue")
      WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`,
  );
  await qi.sequelize.query('ANALYZE products');
  await qi.sequelize.query('ANALYZE platform_links');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query(`DROP INDEX IF EXISTS ${PRODUCTS}`);
  await qi.sequelize.query(`DROP INDEX IF EXISTS ${LINKS}`);
}
