import type { QueryInterface } from 'sequelize';
import { PLATFORMS } from '@shared/constants';
import { docsPriceColumn } from './0043-search-docs-carry-marketplace-figures';

/**
 * PostgreSQL, each marketplace's price on its product's search row (issue 20; docs/decisions.md,
 * session 52), as migration 0043 put it on SQLite's docs rows. A search with a marketplace and a
 * price range tested each match's price there by one look-up of its link: `bluetooth` with
 * Shopee in Rp 100-500 rb counted its 1,000 passing matches in 45 ms warm, 33 ms of them the
 * 7,900 link look-ups, 12 ms the search rows. On the search row the price is read with the row
 * the words are tested on.
 *
 * `product_search` gets one column per marketplace, named as 0043's (`price<Marketplace>`): the
 * price of the product's link there when that link is in stock with a price, else NULL (one link
 * per product and marketplace: the links' unique index). Kept by:
 * - a BEFORE INSERT trigger on `product_search`: a new search row (a product created,
 *   re-activated) takes them from its links (a product created has none yet: its links' own
 *   trigger sets them);
 * - a statement trigger on `platform_links` for each of INSERT, UPDATE and DELETE: the products
 *   of the links written have their columns set again from their links, written only where one
 *   differs. Once per statement: an import's or a feed's multi-row statement updates each
 *   product's search row once, not once per link.
 * The bulk load sets the insert trigger aside and writes them with the search rows (bulk-load.ts,
 * `DERIVED`). SQLite keeps them on its docs rows (0043): nothing is created there.
 *
 * The table's fillfactor leaves a tenth of each page free (the migration rewrites it), so that a
 * price change can stay on its row's page without a new entry in the search indexes (a heap-only
 * update: no indexed column changes).
 */

/** Every marketplace's price column, in PLATFORMS' order. */
export const SEARCH_PRICE_COLUMNS = PLATFORMS.map(docsPriceColumn);
const QUOTED = SEARCH_PRICE_COLUMNS.map((column) => `"${column}"`).join(', ');

/** Each marketplace's price among in-stock priced links `l`, named as the search row's column. */
const PRICE_PER_MARKETPLACE = PLATFORMS.map(
  (platform) =>
    `max(CASE WHEN l.platform = '${platform}' THEN l."priceValue" END) AS "${docsPriceColumn(platform)}"`,
).join(', ');
const IN_STOCK_PRICED = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

/** The in-stock price of product `productId`'s link on each marketplace, as one row. */
const pricesOf = (productId: string) => `SELECT ${PRICE_PER_MARKETPLACE}
  FROM platform_links l WHERE l."productId" = ${productId} AND ${IN_STOCK_PRICED}`;

/**
 * Every marketplace's price of each product, from its links, for the bulk load's search rows:
 * joined by `id`, columns named as the search row's.
 */
export const SEARCH_PRICES_OF_LINKS = `SELECT l."productId" AS id, ${PRICE_PER_MARKETPLACE}
  FROM platform_links l WHERE ${IN_STOCK_PRICED} GROUP BY l."productId"`;

export const SEARCH_PRICES_INSERT_TRIGGER = 'product_search_prices';
export const LINK_SEARCH_PRICES_TRIGGER = 'platform_links_search_prices_insert';

/** The search rows of the products in `ids` (a set of product ids) set again from their links. */
const refresh = (ids: string) => {
  const of = (alias: string) => SEARCH_PRICE_COLUMNS.map((column) => `${alias}."${column}"`);
  return `UPDATE product_search s SET (${QUOTED}) = (${of('x').join(', ')})
    FROM (SELECT i.id, prices.* FROM (SELECT DISTINCT id FROM (${ids}) AS touched(id)) AS i
        CROSS JOIN LATERAL (${pricesOf('i.id')}) AS prices) AS x
    WHERE s."productId" = x.id AND (${of('s').join(', ')}) IS DISTINCT FROM (${of('x').join(', ')})`;
};

/** The statement triggers on platform_links: name, event, transition tables, products. */
const LINK_TRIGGERS = [
  {
    name: LINK_SEARCH_PRICES_TRIGGER,
    event: 'INSERT',
    tables: 'NEW TABLE AS changed',
    ids: `SELECT "productId" FROM changed WHERE availability = 'in_stock'
      AND "priceValue" IS NOT NULL`,
  },
  {
    name: 'platform_links_search_prices_delete',
    event: 'DELETE',
    tables: 'OLD TABLE AS changed',
    ids: `SELECT "productId" FROM changed WHERE availability = 'in_stock'
      AND "priceValue" IS NOT NULL`,
  },
  {
    // Only the links whose price, stock, marketplace or product changed (a link check or a
    // saving write changes none of them), and a moved link's old product too.
    name: 'platform_links_search_prices_update',
    event: 'UPDATE',
    tables: 'OLD TABLE AS before NEW TABLE AS after',
    ids: `SELECT product.id FROM before o JOIN after n ON n.id = o.id,
        LATERAL (VALUES (o."productId"), (n."productId")) AS product(id)
      WHERE (o."priceValue", o.availability, o.platform, o."productId")
        IS DISTINCT FROM (n."priceValue", n.availability, n.platform, n."productId")`,
  },
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  if (db.getDialect() !== 'postgres') return;
  await db.transaction(async (transaction) => {
    const run = (sql: string) => db.query(sql, { transaction });
    // No link or search row changes between the fill and the triggers: writes wait.
    await run('LOCK TABLE product_search, platform_links IN SHARE MODE');
    for (const column of SEARCH_PRICE_COLUMNS)
      await run(`ALTER TABLE product_search ADD COLUMN "${column}" BIGINT`);
    await run('ALTER TABLE product_search SET (fillfactor = 90)');
    // Each row's prices looked up as the table is read, without a join: the new versions are
    // written in the table's order, which is createdAt's (migration 0023), and a newest-first
    // walk reads consecutive rows still (a hash join wrote them in its own order: `creme untuk`
    // at page 1,000 went from 190 to 300 ms).
    await run(`UPDATE product_search s SET (${QUOTED}) = (${pricesOf('s."productId"')})`);
    await run(
      `CREATE FUNCTION product_search_prices() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${pricesOf('NEW."productId"')} INTO ${SEARCH_PRICE_COLUMNS.map((c) => `NEW."${c}"`).join(', ')};
          RETURN NEW;
        END
      $$`,
    );
    await run(
      `CREATE TRIGGER ${SEARCH_PRICES_INSERT_TRIGGER} BEFORE INSERT ON product_search
        FOR EACH ROW EXECUTE FUNCTION product_search_prices()`,
    );
    for (const trigger of LINK_TRIGGERS) {
      await run(
        `CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            ${refresh(trigger.ids)};
            RETURN NULL;
          END
        $$`,
      );
      await run(
        `CREATE TRIGGER ${trigger.name} AFTER ${trigger.event} ON platform_links
          REFERENCING ${trigger.tables} FOR EACH STATEMENT EXECUTE FUNCTION ${trigger.name}()`,
      );
    }
  });
  // The fill wrote a new version of every row, and an entry for it in every index: the file
  // and indexes twice their size, the planner reading the doubled size as twice the cost of a
  // walk and sorting GIN's matches instead (`creme untuk` at page 1,000: 145 -> 230 ms at
  // 1,000,000). Rewritten once, oldest first as the table grows (migration 0023): ~20 s at
  // 1,000,000 products, searches waiting on its lock. A transaction of its own: CLUSTER keeps
  // the versions its own transaction replaced.
  await db.transaction(async (transaction) => {
    const run = (sql: string) => db.query(sql, { transaction });
    await run(`SET LOCAL maintenance_work_mem = '256MB'`);
    await run(
      `CREATE INDEX product_search_oldest_once ON product_search ("createdAt", "productId")`,
    );
    await run('CLUSTER product_search USING product_search_oldest_once');
    await run('DROP INDEX product_search_oldest_once');
    await run('ANALYZE product_search');
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const db = qi.sequelize;
  if (db.getDialect() !== 'postgres') return;
  await db.transaction(async (transaction) => {
    const run = (sql: string) => db.query(sql, { transaction });
    for (const trigger of LINK_TRIGGERS) {
      await run(`DROP TRIGGER IF EXISTS ${trigger.name} ON platform_links`);
      await run(`DROP FUNCTION IF EXISTS ${trigger.name}()`);
    }
    await run(`DROP TRIGGER IF EXISTS ${SEARCH_PRICES_INSERT_TRIGGER} ON product_search`);
    await run('DROP FUNCTION IF EXISTS product_search_prices()');
    await run('ALTER TABLE product_search RESET (fillfactor)');
    for (const column of SEARCH_PRICE_COLUMNS)
      await run(`ALTER TABLE product_search DROP COLUMN "${column}"`);
  });
}
