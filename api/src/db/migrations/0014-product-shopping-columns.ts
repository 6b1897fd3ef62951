import type { QueryInterface } from 'sequelize';

/**
 * Products gain the figures the public listing sorts and filters by (docs/contracts.md,
 * "Shopping"; docs/decisions.md, "Listing figures kept by triggers"):
 * - `lowestPrice`: the lowest `priceValue` of the product's in-stock links (NULL without one);
 * - `saving`: the saving in rupiah of that cheapest link (shared/rules/saving.ts: the link's
 *   original price above the price, else the price grossed up by the product's discount and
 *   rounded to Rp 1.000), 0 without one;
 * - `inStock`: whether any link is in stock.
 * Triggers on platform_links (every insert, price/original/availability change, move and
 * delete) and on the product's discount keep them inside the writing transaction, so no
 * write path (form, import, bulk, feeds) can forget them. Partial indexes on active products
 * serve the price and saving sorts, with and without a category. Plain ADD COLUMN: no table
 * rebuild, the existing triggers stay.
 */

const IN_STOCK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

/** The saving of link `l` for a product whose discount is `discount` (shared/rules/saving.ts). */
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

/** The SET list recomputing the three figures of the product row `row` (its id and discount). */
const figures = (row: string) => `
  "lowestPrice" = (SELECT min(l."priceValue") FROM platform_links l
    WHERE l."productId" = ${row}.id AND ${IN_STOCK}),
  "inStock" = EXISTS (SELECT 1 FROM platform_links l
    WHERE l."productId" = ${row}.id AND l.availability = 'in_stock'),
  saving = coalesce((SELECT ${linkSaving(`${row}."discountPercentage"`)} FROM platform_links l
    WHERE l."productId" = ${row}.id AND ${IN_STOCK}
    ORDER BY l."priceValue", l.id LIMIT 1), 0)`;

const refresh = (productId: string) => `UPDATE products SET ${figures('products')}
    WHERE id = ${productId}`;

const columns = [
  'ALTER TABLE products ADD COLUMN "lowestPrice" BIGINT',
  'ALTER TABLE products ADD COLUMN saving BIGINT NOT NULL DEFAULT 0',
  'ALTER TABLE products ADD COLUMN "inStock" BOOLEAN NOT NULL DEFAULT FALSE',
];

/** Only products with links have figures to fill; the rest keep the defaults. */
const backfill = `UPDATE products SET ${figures('products')}
  WHERE id IN (SELECT "productId" FROM platform_links)`;

const INDEX_NAMES = [
  'products_active_price_asc',
  'products_active_price_desc',
  'products_active_saving',
  'products_category_active_price_asc',
  'products_category_active_price_desc',
  'products_category_active_saving',
];

/**
 * Products without a price go last in both price orders: `("lowestPrice" IS NULL)` leads the
 * key. The tie-break is newest first, like the default listing.
 */
function indexes(active: string) {
  const keys = {
    price_asc: `("lowestPrice" IS NULL), "lowestPrice", "createdAt" DESC, id`,
    price_desc: `("lowestPrice" IS NULL), "lowestPrice" DESC, "createdAt" DESC, id`,
    saving: `saving DESC, "createdAt" DESC, id`,
  };
  return [
    `CREATE INDEX products_active_price_asc ON products (${keys.price_asc}) WHERE ${active}`,
    `CREATE INDEX products_active_price_desc ON products (${keys.price_desc}) WHERE ${active}`,
    `CREATE INDEX products_active_saving ON products (${keys.saving}) WHERE ${active}`,
    `CREATE INDEX products_category_active_price_asc
      ON products ("categoryId", ${keys.price_asc}) WHERE ${active}`,
    `CREATE INDEX products_category_active_price_desc
      ON products ("categoryId", ${keys.price_desc}) WHERE ${active}`,
    `CREATE INDEX products_category_active_saving
      ON products ("categoryId", ${keys.saving}) WHERE ${active}`,
  ];
}

const sqliteTriggers = [
  `CREATE TRIGGER platform_links_figures_insert AFTER INSERT ON platform_links
    BEGIN ${refresh('NEW."productId"')}; END`,
  `CREATE TRIGGER platform_links_figures_update
    AFTER UPDATE OF "priceValue", "originalPriceValue", availability, "productId" ON platform_links
    BEGIN
      ${refresh('NEW."productId"')};
      ${refresh('OLD."productId"')} AND OLD."productId" IS NOT NEW."productId";
    END`,
  `CREATE TRIGGER platform_links_figures_delete AFTER DELETE ON platform_links
    BEGIN ${refresh('OLD."productId"')}; END`,
  `CREATE TRIGGER products_figures_discount AFTER UPDATE OF "discountPercentage" ON products
    WHEN OLD."discountPercentage" IS NOT NEW."discountPercentage"
    BEGIN ${refresh('NEW.id')}; END`,
];

const postgresTriggers = [
  `CREATE FUNCTION product_figures_refresh(product UUID) RETURNS void LANGUAGE sql AS $$
    ${refresh('product')}
  $$`,
  `CREATE FUNCTION platform_links_figures() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM product_figures_refresh(NEW."productId");
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."productId" IS DISTINCT FROM NEW."productId") THEN
        PERFORM product_figures_refresh(OLD."productId");
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER platform_links_figures
    AFTER INSERT OR DELETE OR UPDATE OF "priceValue", "originalPriceValue", availability, "productId"
    ON platform_links FOR EACH ROW EXECUTE FUNCTION platform_links_figures()`,
  `CREATE FUNCTION products_figures_discount() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM product_figures_refresh(NEW.id);
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER products_figures_discount AFTER UPDATE OF "discountPercentage" ON products
    FOR EACH ROW WHEN (OLD."discountPercentage" IS DISTINCT FROM NEW."discountPercentage")
    EXECUTE FUNCTION products_figures_discount()`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  const active = postgres ? '"isActive"' : '"isActive" = 1';
  for (const sql of [
    ...columns,
    backfill,
    ...indexes(active),
    ...(postgres ? postgresTriggers : sqliteTriggers),
  ]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_figures ON platform_links');
    await sequelize.query('DROP TRIGGER IF EXISTS products_figures_discount ON products');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_figures()');
    await sequelize.query('DROP FUNCTION IF EXISTS products_figures_discount()');
    await sequelize.query('DROP FUNCTION IF EXISTS product_figures_refresh(UUID)');
  } else {
    for (const name of [
      'platform_links_figures_insert',
      'platform_links_figures_update',
      'platform_links_figures_delete',
      'products_figures_discount',
    ]) {
      await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
    }
  }
  for (const name of INDEX_NAMES) await sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  for (const column of ['inStock', 'saving', 'lowestPrice']) {
    await sequelize.query(`ALTER TABLE products DROP COLUMN "${column}"`);
  }
}
