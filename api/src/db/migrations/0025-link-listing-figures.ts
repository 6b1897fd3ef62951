import type { QueryInterface } from 'sequelize';

/**
 * Each link keeps the figures the listing walks by (docs/decisions.md, "Listing at size"):
 * - `saving`: the rupiah saved on that link (shared/rules/saving.ts: its original price above
 *   its price, else its price grossed up by the product's discount and rounded to Rp 1.000; 0
 *   without one), the product's `saving` being its cheapest in-stock link's;
 * - `categoryId`: its product's category, a copy.
 * Partial indexes over the in-stock links with a price, like migration 0024's price index:
 * (platform, saving DESC, productId) for the saving sort with a marketplace filter, and
 * (platform, categoryId, priceValue | saving DESC, productId) for the price and saving sorts
 * with a marketplace filter in a category. The listing walks them and stops after the page,
 * instead of computing the chosen marketplaces' price or saving of every matching product
 * (the saving sort took 14-42 s at 1,000,000 products; a category 0.5-1 s).
 *
 * Kept by triggers, so no write path (form, import, bulk, feeds) can forget them, and never
 * deferred (product_figures_deferred): each is one row's work, which a deferred writer would
 * otherwise have to redo. A link's insert or change of price, original price or product
 * recomputes that link; a product's discount or category change recomputes its links. A
 * trigger writes only figures that differ. The bulk seed sets the triggers aside and rebuilds
 * the columns (api/src/seed/bulk-load.ts).
 *
 * Existing links: the columns are added (no table rewrite on either engine), every link is
 * filled in one UPDATE, then the indexes are built once over the filled columns.
 * Frozen history like every migration: the saving's SQL is copied, not imported.
 */

/** The saving of the link row `row` for a product whose discount is `discount`. */
const linkSaving = (row: string, discount: string) => `CASE
    WHEN ${row}."priceValue" <= 0 THEN 0
    WHEN ${row}."originalPriceValue" IS NOT NULL THEN
      CASE WHEN ${row}."originalPriceValue" > ${row}."priceValue"
        THEN ${row}."originalPriceValue" - ${row}."priceValue" ELSE 0 END
    WHEN ${discount} > 0 AND ${discount} < 100 THEN
      CASE WHEN CAST(round(${row}."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          > ${row}."priceValue"
        THEN CAST(round(${row}."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          - ${row}."priceValue"
        ELSE 0 END
    ELSE 0 END`;

/** A link without a price saves nothing: the CASE's NULL comparisons fall through to 0. */
const saving = (row: string, discount: string) => `coalesce(${linkSaving(row, discount)}, 0)`;

const INDEXES = {
  platform_links_in_stock_saving: '(platform, saving DESC, "productId")',
  platform_links_in_stock_category_price: '(platform, "categoryId", "priceValue", "productId")',
  platform_links_in_stock_category_saving: '(platform, "categoryId", saving DESC, "productId")',
};

const indexes = () =>
  Object.entries(INDEXES).map(
    ([name, key]) => `CREATE INDEX ${name} ON platform_links ${key}
      WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`,
  );

const product = (column: string, productId: string) =>
  `(SELECT "${column}" FROM products WHERE id = ${productId})`;

/** SQLite: the link `NEW` recomputed in place (an AFTER trigger cannot set NEW). */
const sqliteLink = () => {
  const value = saving('platform_links', product('discountPercentage', 'NEW."productId"'));
  const category = product('categoryId', 'NEW."productId"');
  return `UPDATE platform_links SET saving = ${value}, "categoryId" = ${category}
    WHERE rowid = NEW.rowid AND (saving IS NOT ${value} OR "categoryId" IS NOT ${category})`;
};

const sqliteProduct = () => {
  const value = saving('platform_links', 'NEW."discountPercentage"');
  return `UPDATE platform_links SET saving = ${value}, "categoryId" = NEW."categoryId"
    WHERE "productId" = NEW.id
      AND (saving IS NOT ${value} OR "categoryId" IS NOT NEW."categoryId")`;
};

const SQLITE_TRIGGERS = [
  'platform_links_figures_own_insert',
  'platform_links_figures_own_update',
  'products_link_figures',
];

const PRODUCT_CHANGED = (same: string) =>
  `(OLD."discountPercentage" ${same} NEW."discountPercentage"
    OR OLD."categoryId" ${same} NEW."categoryId")`;

const sqliteTriggers = [
  `CREATE TRIGGER platform_links_figures_own_insert AFTER INSERT ON platform_links
    BEGIN ${sqliteLink()}; END`,
  // Not OF saving or categoryId: the trigger's own write does not fire it again.
  `CREATE TRIGGER platform_links_figures_own_update
    AFTER UPDATE OF "priceValue", "originalPriceValue", "productId" ON platform_links
    BEGIN ${sqliteLink()}; END`,
  `CREATE TRIGGER products_link_figures
    AFTER UPDATE OF "discountPercentage", "categoryId" ON products
    WHEN ${PRODUCT_CHANGED('IS NOT')}
    BEGIN ${sqliteProduct()}; END`,
];

const postgresTriggers = [
  `CREATE FUNCTION platform_links_figures_own() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      discount products."discountPercentage"%TYPE;
      category products."categoryId"%TYPE;
    BEGIN
      SELECT "discountPercentage", "categoryId" INTO discount, category
        FROM products WHERE id = NEW."productId";
      NEW.saving := ${saving('NEW', 'discount')};
      NEW."categoryId" := category;
      RETURN NEW;
    END
  $$`,
  `CREATE TRIGGER platform_links_figures_own
    BEFORE INSERT OR UPDATE OF "priceValue", "originalPriceValue", "productId" ON platform_links
    FOR EACH ROW EXECUTE FUNCTION platform_links_figures_own()`,
  `CREATE FUNCTION products_link_figures() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE platform_links l SET saving = ${saving('l', 'NEW."discountPercentage"')},
          "categoryId" = NEW."categoryId"
        WHERE l."productId" = NEW.id
          AND (l.saving IS DISTINCT FROM ${saving('l', 'NEW."discountPercentage"')}
            OR l."categoryId" IS DISTINCT FROM NEW."categoryId");
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER products_link_figures
    AFTER UPDATE OF "discountPercentage", "categoryId" ON products
    FOR EACH ROW WHEN ${PRODUCT_CHANGED('IS DISTINCT FROM')}
    EXECUTE FUNCTION products_link_figures()`,
];

/** Every existing link's figures, in one pass (UPDATE FROM on both engines). */
const backfill = () =>
  `UPDATE platform_links SET saving = ${saving('platform_links', 'p."discountPercentage"')},
      "categoryId" = p."categoryId"
    FROM products p WHERE p.id = platform_links."productId"`;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [
    'ALTER TABLE platform_links ADD COLUMN saving BIGINT NOT NULL DEFAULT 0',
    'ALTER TABLE platform_links ADD COLUMN "categoryId" INTEGER',
    backfill(),
    ...indexes(),
    ...(postgres ? postgresTriggers : sqliteTriggers),
  ]) {
    await qi.sequelize.query(sql);
  }
  if (postgres) await qi.sequelize.query('ANALYZE platform_links');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_figures_own ON platform_links');
    await sequelize.query('DROP TRIGGER IF EXISTS products_link_figures ON products');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_figures_own()');
    await sequelize.query('DROP FUNCTION IF EXISTS products_link_figures()');
  } else {
    for (const name of SQLITE_TRIGGERS) await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
  }
  for (const name of Object.keys(INDEXES)) await sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  await sequelize.query('ALTER TABLE platform_links DROP COLUMN "categoryId"');
  await sequelize.query('ALTER TABLE platform_links DROP COLUMN saving');
}
