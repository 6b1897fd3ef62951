import type { QueryInterface } from 'sequelize';

/**
 * The public listing within its budget at size (docs/decisions.md, "Listing at size"):
 * - `platformMask` / `stockMask`: the marketplaces a product has a link on, and an in-stock
 *   link on, as bits in the fixed platform order (Shopee 1, Tokopedia 2, Lazada 4, Blibli 8,
 *   Bukalapak 16, TikTok 32). The marketplace filter and its counts read them instead of
 *   probing the links of every product. Kept by the same triggers as migration 0014's figures.
 * - `products_active_filters`: every filtered figure of an active product in one partial
 *   index, so counts and facets read the index alone, never the rows.
 * - The discount sort's partial indexes (active products, with and without a category).
 * - `product_figures_deferred`: while a transaction holds a row in it, the figure triggers
 *   skip their per-row work; the CSV import writes a chunk that way and refreshes each
 *   product of the chunk once before it commits. The row is never committed, so no other
 *   writer ever sees it.
 *
 * Frozen history like every migration: the platform order and the figures' SQL are copied.
 */

const ORDER = ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak', 'TikTok'];
const bit = `CASE l.platform ${ORDER.map((p, i) => `WHEN '${p}' THEN ${2 ** i}`).join(' ')} ELSE 0 END`;

const IN_STOCK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

const linkSaving = (discount: string) => `CASE
    WHEN l."priceValue" <= 0 THEN 0
    WHEN l."originalPriceValue" IS NOT NULL THEN
      CASE WHEN l."originalPriceValue" > l."priceValue"
        THEN l."originalPriceValue" - l."priceValue" ELSE 0 END
    WHEN ${discount} > 0 AND ${discount} < 100 THEN
      CASE WHEN CAST(round(l."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          > l."priceValue"
        THEN CAST(round(l."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          - l."priceValue"
        ELSE 0 END
    ELSE 0 END`;

/** Migration 0014's three figures and the two masks, of the product row `row`. */
const figures = (row: string) => `
  "lowestPrice" = (SELECT min(l."priceValue") FROM platform_links l
    WHERE l."productId" = ${row}.id AND ${IN_STOCK}),
  "inStock" = EXISTS (SELECT 1 FROM platform_links l
    WHERE l."productId" = ${row}.id AND l.availability = 'in_stock'),
  saving = coalesce((SELECT ${linkSaving(`${row}."discountPercentage"`)} FROM platform_links l
    WHERE l."productId" = ${row}.id AND ${IN_STOCK}
    ORDER BY l."priceValue", l.id LIMIT 1), 0),
  "platformMask" = coalesce((SELECT sum(${bit}) FROM platform_links l
    WHERE l."productId" = ${row}.id), 0),
  "stockMask" = coalesce((SELECT sum(${bit}) FROM platform_links l
    WHERE l."productId" = ${row}.id AND l.availability = 'in_stock'), 0)`;

const refresh = (productId: string) => `UPDATE products SET ${figures('products')}
    WHERE id = ${productId}`;

const columns = [
  'ALTER TABLE products ADD COLUMN "platformMask" INTEGER NOT NULL DEFAULT 0',
  'ALTER TABLE products ADD COLUMN "stockMask" INTEGER NOT NULL DEFAULT 0',
  // One row per deferring transaction, never committed (see above).
  'CREATE TABLE product_figures_deferred (token INTEGER NOT NULL)',
];

const backfill = `UPDATE products SET ${figures('products')}
  WHERE id IN (SELECT "productId" FROM platform_links)`;

const INDEX_NAMES = [
  'products_active_filters',
  'products_active_discount',
  'products_category_active_discount',
];

function indexes(active: string) {
  const discount = `"discountPercentage" DESC, "createdAt" DESC, id`;
  return [
    // isActive too, though implied: SQLite reads a column of the WHERE from the index only.
    `CREATE INDEX products_active_filters ON products ("categoryId", "discountPercentage",
      "lowestPrice", "inStock", "platformMask", "stockMask", "isActive", id) WHERE ${active}`,
    `CREATE INDEX products_active_discount ON products (${discount}) WHERE ${active}`,
    `CREATE INDEX products_category_active_discount
      ON products ("categoryId", ${discount}) WHERE ${active}`,
  ];
}

const SQLITE_TRIGGERS = [
  'platform_links_figures_insert',
  'platform_links_figures_update',
  'platform_links_figures_delete',
  'products_figures_discount',
];

const NOT_DEFERRED = 'NOT EXISTS (SELECT 1 FROM product_figures_deferred)';

const sqliteTriggers = [
  `CREATE TRIGGER platform_links_figures_insert AFTER INSERT ON platform_links
    WHEN ${NOT_DEFERRED}
    BEGIN ${refresh('NEW."productId"')}; END`,
  `CREATE TRIGGER platform_links_figures_update
    AFTER UPDATE OF "priceValue", "originalPriceValue", availability, "productId", platform
    ON platform_links
    WHEN ${NOT_DEFERRED}
    BEGIN
      ${refresh('NEW."productId"')};
      ${refresh('OLD."productId"')} AND OLD."productId" IS NOT NEW."productId";
    END`,
  `CREATE TRIGGER platform_links_figures_delete AFTER DELETE ON platform_links
    WHEN ${NOT_DEFERRED}
    BEGIN ${refresh('OLD."productId"')}; END`,
  `CREATE TRIGGER products_figures_discount AFTER UPDATE OF "discountPercentage" ON products
    WHEN OLD."discountPercentage" IS NOT NEW."discountPercentage" AND ${NOT_DEFERRED}
    BEGIN ${refresh('NEW.id')}; END`,
];

const postgresTriggers = [
  `CREATE OR REPLACE FUNCTION product_figures_refresh(product UUID) RETURNS void
    LANGUAGE sql AS $$
    ${refresh('product')}
  $$`,
  `CREATE OR REPLACE FUNCTION platform_links_figures() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM product_figures_deferred) THEN RETURN NULL; END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM product_figures_refresh(NEW."productId");
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."productId" IS DISTINCT FROM NEW."productId") THEN
        PERFORM product_figures_refresh(OLD."productId");
      END IF;
      RETURN NULL;
    END
  $$`,
  'DROP TRIGGER IF EXISTS platform_links_figures ON platform_links',
  `CREATE TRIGGER platform_links_figures
    AFTER INSERT OR DELETE
      OR UPDATE OF "priceValue", "originalPriceValue", availability, "productId", platform
    ON platform_links FOR EACH ROW EXECUTE FUNCTION platform_links_figures()`,
  `CREATE OR REPLACE FUNCTION products_figures_discount() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM product_figures_deferred) THEN RETURN NULL; END IF;
      PERFORM product_figures_refresh(NEW.id);
      RETURN NULL;
    END
  $$`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  const active = postgres ? '"isActive"' : '"isActive" = 1';
  const triggers = postgres
    ? postgresTriggers
    : [...SQLITE_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`), ...sqliteTriggers];
  for (const sql of [...columns, backfill, ...indexes(active), ...triggers]) {
    await qi.sequelize.query(sql);
  }
  if (postgres) await qi.sequelize.query('ANALYZE products');
}

/** Back to migration 0014's triggers (without the masks and the deferral), then the columns go. */
export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  const postgres = sequelize.getDialect() === 'postgres';
  const { up: upFigures, down: downFigures } = await import('./0014-product-shopping-columns');
  if (postgres) {
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_figures ON platform_links');
    await sequelize.query('DROP TRIGGER IF EXISTS products_figures_discount ON products');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_figures()');
    await sequelize.query('DROP FUNCTION IF EXISTS products_figures_discount()');
    await sequelize.query('DROP FUNCTION IF EXISTS product_figures_refresh(UUID)');
  } else {
    for (const name of SQLITE_TRIGGERS) await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
  }
  for (const name of INDEX_NAMES) await sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  for (const column of ['stockMask', 'platformMask']) {
    await sequelize.query(`ALTER TABLE products DROP COLUMN "${column}"`);
  }
  await sequelize.query('DROP TABLE product_figures_deferred');
  // 0014's down drops its triggers (gone already), indexes and columns; its up recreates them.
  await downFigures({ context: qi });
  await upFigures({ context: qi });
}
