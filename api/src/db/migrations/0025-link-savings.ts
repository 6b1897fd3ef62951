import type { QueryInterface } from 'sequelize';

/**
 * Each link keeps its own saving (docs/decisions.md, "Listing at size"): `platform_links.saving`,
 * the rupiah saved on that link (shared/rules/saving.ts: its original price above its price,
 * else its price grossed up by the product's discount and rounded to Rp 1.000; 0 without one),
 * and a partial index of the in-stock links in saving order per marketplace,
 * (platform, saving DESC, productId), the twin of migration 0024's price index. The listing
 * sorted by saving with a marketplace filter walks it and stops after the page, instead of
 * computing the chosen marketplaces' saving of every matching product (14-42 s at 1,000,000).
 *
 * Kept by triggers, so no write path (form, import, bulk, feeds) can forget it, and never
 * deferred (product_figures_deferred): each is one row's work, and a deferred writer would
 * otherwise have to redo it. A link's insert or change of price, original price or product
 * recomputes that link; a product's discount change recomputes its links without an original
 * price (the only ones it touches). A trigger writes only a saving that differs, so a link
 * without a saving (most without a discount) costs no second write. The bulk seed sets the
 * triggers aside and rebuilds the column (api/src/seed/bulk-load.ts).
 *
 * Existing links: ADD COLUMN with a default (no table rewrite on either engine), then only the
 * links with a saving are written, then the index is built once over the filled column.
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

const INDEX = 'platform_links_in_stock_saving';

const productDiscount = (productId: string) =>
  `(SELECT "discountPercentage" FROM products WHERE id = ${productId})`;

/** SQLite: the link `NEW` recomputed in place (an AFTER trigger cannot set NEW). */
const sqliteLink = () => {
  const value = saving('platform_links', productDiscount('NEW."productId"'));
  return `UPDATE platform_links SET saving = ${value}
    WHERE rowid = NEW.rowid AND saving IS NOT ${value}`;
};

const sqliteProduct = () => {
  const value = saving('platform_links', 'NEW."discountPercentage"');
  return `UPDATE platform_links SET saving = ${value}
    WHERE "productId" = NEW.id AND "originalPriceValue" IS NULL AND saving IS NOT ${value}`;
};

const SQLITE_TRIGGERS = [
  'platform_links_saving_insert',
  'platform_links_saving_update',
  'products_link_savings',
];

const sqliteTriggers = [
  `CREATE TRIGGER platform_links_saving_insert AFTER INSERT ON platform_links
    BEGIN ${sqliteLink()}; END`,
  // Not OF saving: the trigger's own write does not fire it again.
  `CREATE TRIGGER platform_links_saving_update
    AFTER UPDATE OF "priceValue", "originalPriceValue", "productId" ON platform_links
    BEGIN ${sqliteLink()}; END`,
  `CREATE TRIGGER products_link_savings AFTER UPDATE OF "discountPercentage" ON products
    WHEN OLD."discountPercentage" IS NOT NEW."discountPercentage"
    BEGIN ${sqliteProduct()}; END`,
];

const postgresTriggers = [
  `CREATE FUNCTION platform_links_saving() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE discount products."discountPercentage"%TYPE;
    BEGIN
      SELECT "discountPercentage" INTO discount FROM products WHERE id = NEW."productId";
      NEW.saving := ${saving('NEW', 'discount')};
      RETURN NEW;
    END
  $$`,
  `CREATE TRIGGER platform_links_saving
    BEFORE INSERT OR UPDATE OF "priceValue", "originalPriceValue", "productId" ON platform_links
    FOR EACH ROW EXECUTE FUNCTION platform_links_saving()`,
  `CREATE FUNCTION products_link_savings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE platform_links l SET saving = ${saving('l', 'NEW."discountPercentage"')}
        WHERE l."productId" = NEW.id AND l."originalPriceValue" IS NULL
          AND l.saving IS DISTINCT FROM ${saving('l', 'NEW."discountPercentage"')};
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER products_link_savings AFTER UPDATE OF "discountPercentage" ON products
    FOR EACH ROW WHEN (OLD."discountPercentage" IS DISTINCT FROM NEW."discountPercentage")
    EXECUTE FUNCTION products_link_savings()`,
];

/** The existing links with a saving (the rest keep the default 0); UPDATE FROM on both. */
function backfill(): string {
  const value = saving('platform_links', 'p."discountPercentage"');
  return `UPDATE platform_links SET saving = ${value}
    FROM products p WHERE p.id = platform_links."productId" AND ${value} <> 0`;
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [
    'ALTER TABLE platform_links ADD COLUMN saving BIGINT NOT NULL DEFAULT 0',
    backfill(),
    `CREATE INDEX ${INDEX} ON platform_links (platform, saving DESC, "productId")
      WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL`,
    ...(postgres ? postgresTriggers : sqliteTriggers),
  ]) {
    await qi.sequelize.query(sql);
  }
  if (postgres) await qi.sequelize.query('ANALYZE platform_links');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_saving ON platform_links');
    await sequelize.query('DROP TRIGGER IF EXISTS products_link_savings ON products');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_saving()');
    await sequelize.query('DROP FUNCTION IF EXISTS products_link_savings()');
  } else {
    for (const name of SQLITE_TRIGGERS) await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await sequelize.query(`DROP INDEX IF EXISTS ${INDEX}`);
  await sequelize.query('ALTER TABLE platform_links DROP COLUMN saving');
}
