import type { QueryInterface } from 'sequelize';

/**
 * The paged admin product list at 100,000 products (DESIGN "Admin lists"): every sort of
 * `GET /api/admin/products?page=N` over the whole catalogue (active or not) reads a page from
 * an index instead of sorting the table. The (isActive, createdAt, id) and (categoryId,
 * isActive, createdAt, id) indexes of migration 0003 already serve the status filters.
 *
 * The admin search is a case-insensitive substring of title, description or badge text over
 * every product, active or not, which the visitors' word index (0003, active products only)
 * does not answer. PostgreSQL: pg_trgm GIN indexes on the lowered columns serve `LIKE`.
 * SQLite: a contentless FTS5 table with the trigram tokenizer, where a quoted phrase matches
 * as a substring of one column (terms of 3 characters or more; shorter ones read the table).
 * Its rows are keyed by `product_admin_search_docs` (never by the products' implicit rowid,
 * which VACUUM may renumber) and kept by triggers inside every writing transaction. A later
 * migration that recreates the products table on SQLite must create these triggers again.
 */
const indexes = [
  `CREATE INDEX products_newest ON products ("createdAt" DESC, id)`,
  `CREATE INDEX products_title ON products (title, id)`,
  `CREATE INDEX products_discount ON products ("discountPercentage" DESC, "createdAt" DESC, id)`,
];

const postgresSearch = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE INDEX products_admin_search_title ON products USING gin (lower(title) gin_trgm_ops)`,
  `CREATE INDEX products_admin_search_description
    ON products USING gin (lower(description) gin_trgm_ops)`,
  `CREATE INDEX products_admin_search_badge
    ON products USING gin (lower("badgeText") gin_trgm_ops)`,
];

const sqliteSearchRow = (product: string) => `
  INSERT INTO product_admin_search (rowid, title, description, badge)
    SELECT d.docid, ${product}.title, ${product}.description, COALESCE(${product}."badgeText", '')
    FROM product_admin_search_docs d WHERE d."productId" = ${product}.id`;

const sqliteSearch = [
  `CREATE TABLE product_admin_search_docs (
    docid INTEGER PRIMARY KEY,
    "productId" TEXT NOT NULL UNIQUE
  )`,
  `CREATE VIRTUAL TABLE product_admin_search USING fts5(
    title, description, badge,
    content = '', contentless_delete = 1,
    tokenize = 'trigram'
  )`,
  `INSERT INTO product_admin_search_docs ("productId") SELECT id FROM products ORDER BY "createdAt"`,
  `INSERT INTO product_admin_search (rowid, title, description, badge)
    SELECT d.docid, p.title, p.description, COALESCE(p."badgeText", '')
    FROM product_admin_search_docs d JOIN products p ON p.id = d."productId"`,
  `CREATE TRIGGER product_admin_search_insert AFTER INSERT ON products
    BEGIN
      INSERT INTO product_admin_search_docs ("productId") VALUES (NEW.id);
      ${sqliteSearchRow('NEW')};
    END`,
  `CREATE TRIGGER product_admin_search_update AFTER UPDATE ON products
    WHEN OLD.id IS NOT NEW.id OR OLD.title IS NOT NEW.title
      OR OLD.description IS NOT NEW.description OR OLD."badgeText" IS NOT NEW."badgeText"
    BEGIN
      DELETE FROM product_admin_search
        WHERE rowid IN (SELECT docid FROM product_admin_search_docs WHERE "productId" = OLD.id);
      UPDATE product_admin_search_docs SET "productId" = NEW.id WHERE "productId" = OLD.id;
      ${sqliteSearchRow('NEW')};
    END`,
  `CREATE TRIGGER product_admin_search_delete AFTER DELETE ON products
    BEGIN
      DELETE FROM product_admin_search
        WHERE rowid IN (SELECT docid FROM product_admin_search_docs WHERE "productId" = OLD.id);
      DELETE FROM product_admin_search_docs WHERE "productId" = OLD.id;
    END`,
];

const sqliteSearchDown = [
  'DROP TRIGGER IF EXISTS product_admin_search_delete',
  'DROP TRIGGER IF EXISTS product_admin_search_update',
  'DROP TRIGGER IF EXISTS product_admin_search_insert',
  'DROP TABLE IF EXISTS product_admin_search',
  'DROP TABLE IF EXISTS product_admin_search_docs',
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [...indexes, ...(postgres ? postgresSearch : sqliteSearch)]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') {
    for (const sql of sqliteSearchDown) await qi.sequelize.query(sql);
  }
  for (const name of [
    'products_admin_search_badge',
    'products_admin_search_description',
    'products_admin_search_title',
    'products_discount',
    'products_title',
    'products_newest',
  ]) {
    await qi.sequelize.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
