import type { QueryInterface } from 'sequelize';

/**
 * SQLite only (issue 20): the CSV import writes a chunk's search rows and its links' listing
 * columns itself, set-based, instead of through the per-row INSERT triggers.
 *
 * - `product_search_deferred`: while a transaction holds a row in it, the INSERT triggers of
 *   the visitors' search index (0003/0010/0022: docs row, docid, the three FTS5 tables) and
 *   of the admin search (0007) skip their work; the import chunk writes the same rows for
 *   the products it created with one `INSERT ... SELECT` per table, then deletes the row in
 *   the same transaction (never committed, as `product_figures_deferred` of 0018). The
 *   update and delete triggers are unchanged.
 * - `link_figures_deferred`: likewise for 0025's `platform_links_figures_own_insert` (the
 *   link's saving and its product's category): the import inserts both exact.
 *
 * PostgreSQL keeps its triggers as they are (its search rows are written by one trigger
 * function per product and its import is not the budget's concern): nothing here.
 *
 * Frozen history like every migration: the trigger text is copied from 0022, 0007 and 0025.
 */

const SEARCH_DEFERRED = 'NOT EXISTS (SELECT 1 FROM product_search_deferred)';
const LINKS_DEFERRED = 'NOT EXISTS (SELECT 1 FROM link_figures_deferred)';

const DOCID_SLOT = 1_048_576;
const SQLITE_INDEXED = `"isActive" IN (1, 'true')`;
const slotBase = (createdAt: string) =>
  `(CAST(round((julianday(${createdAt}) - 2440587.5) * 86400000) AS INTEGER) * ${DOCID_SLOT})`;

const nextDocid = (createdAt: string) => `coalesce(
    (SELECT docid + 1 FROM product_search_docs
      WHERE docid BETWEEN ${slotBase(createdAt)} AND ${slotBase(createdAt)} + ${DOCID_SLOT - 1}
      ORDER BY docid DESC LIMIT 1),
    ${slotBase(createdAt)})`;

const CATEGORY_OF_NEW = '(SELECT name FROM categories WHERE id = NEW."categoryId")';

const searchInsert = (guarded: boolean) => `CREATE TRIGGER product_search_insert
    AFTER INSERT ON products
    WHEN NEW.${SQLITE_INDEXED}${guarded ? ` AND ${SEARCH_DEFERRED}` : ''}
    BEGIN
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        VALUES (${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId");
      INSERT INTO product_search (rowid, title, category, badge, description, filter)
        SELECT d.docid, NEW.title, COALESCE(${CATEGORY_OF_NEW}, ''),
          COALESCE(NEW."badgeText", ''), NEW.description,
          'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id;
      INSERT INTO product_search_title (rowid, title, filter)
        SELECT d.docid, NEW.title, 'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id;
      INSERT INTO product_search_label (rowid, title, category, badge, filter)
        SELECT d.docid, NEW.title, COALESCE(${CATEGORY_OF_NEW}, ''),
          COALESCE(NEW."badgeText", ''), 'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id;
      UPDATE product_search_version SET version = version + 1;
    END`;

const adminSearchInsert = (guarded: boolean) => `CREATE TRIGGER product_admin_search_insert
    AFTER INSERT ON products${guarded ? `\n    WHEN ${SEARCH_DEFERRED}` : ''}
    BEGIN
      INSERT INTO product_admin_search_docs ("productId") VALUES (NEW.id);
      INSERT INTO product_admin_search (rowid, title, description, badge)
        SELECT d.docid, NEW.title, NEW.description, COALESCE(NEW."badgeText", '')
        FROM product_admin_search_docs d WHERE d."productId" = NEW.id;
    END`;

/** 0025's link saving (shared/rules/saving.ts) of the link row `row`. */
const linkSaving = (discount: string, row: string) => `CASE
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

const ofProduct = (column: string) =>
  `(SELECT "${column}" FROM products WHERE id = NEW."productId")`;

const linkInsert = (guarded: boolean) => {
  const value = `coalesce(${linkSaving(ofProduct('discountPercentage'), 'platform_links')}, 0)`;
  const category = ofProduct('categoryId');
  return `CREATE TRIGGER platform_links_figures_own_insert AFTER INSERT ON platform_links${
    guarded ? `\n    WHEN ${LINKS_DEFERRED}` : ''
  }
    BEGIN UPDATE platform_links SET saving = ${value}, "categoryId" = ${category}
    WHERE rowid = NEW.rowid AND (saving IS NOT ${value} OR "categoryId" IS NOT ${category}); END`;
};

const TRIGGERS = [
  'product_search_insert',
  'product_admin_search_insert',
  'platform_links_figures_own_insert',
];

async function replaceTriggers(qi: QueryInterface, guarded: boolean) {
  for (const name of TRIGGERS) await qi.sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
  for (const sql of [searchInsert(guarded), adminSearchInsert(guarded), linkInsert(guarded)]) {
    await qi.sequelize.query(sql);
  }
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') return;
  await qi.sequelize.query('CREATE TABLE product_search_deferred (token INTEGER NOT NULL)');
  await qi.sequelize.query('CREATE TABLE link_figures_deferred (token INTEGER NOT NULL)');
  await replaceTriggers(qi, true);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') return;
  await replaceTriggers(qi, false);
  await qi.sequelize.query('DROP TABLE IF EXISTS link_figures_deferred');
  await qi.sequelize.query('DROP TABLE IF EXISTS product_search_deferred');
}
