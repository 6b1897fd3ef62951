import type { QueryInterface } from 'sequelize';

/**
 * The admin product list at 100,000 products, continued from migration 0007.
 *
 * - A category filter with any sort reads one page from an index that starts with the
 *   category and carries the sort key (0003 covers the category + status, newest-first case).
 *   A status filter alone walks the sort's own index: 95% of products are active, and the few
 *   inactive ones are a short walk apart.
 * - `product_counts` holds how many products (active or not) each category has, kept by
 *   triggers inside every writing transaction, like 0003's `product_active_counts` for the
 *   active ones. The list's totalCount without a search is then a sum over ~40 rows instead of
 *   a count(*) over the table.
 *
 * SQLite drops a table's triggers when Sequelize recreates it (changeColumn, removeColumn): a
 * later migration that does so on products must create these triggers again.
 */
const indexes = [
  `CREATE INDEX products_category_newest ON products ("categoryId", "createdAt" DESC, id)`,
  `CREATE INDEX products_category_title ON products ("categoryId", title, id)`,
  `CREATE INDEX products_category_discount
    ON products ("categoryId", "discountPercentage" DESC, "createdAt" DESC, id)`,
];

const countsTable = [
  `CREATE TABLE product_counts (
    "categoryId" INTEGER PRIMARY KEY,
    total INTEGER NOT NULL DEFAULT 0
  )`,
  `INSERT INTO product_counts ("categoryId", total)
    SELECT "categoryId", count(*) FROM products GROUP BY "categoryId"`,
];

const sqliteCounts = [
  ...countsTable,
  `CREATE TRIGGER product_counts_insert AFTER INSERT ON products
    BEGIN
      INSERT OR IGNORE INTO product_counts ("categoryId", total) VALUES (NEW."categoryId", 0);
      UPDATE product_counts SET total = total + 1 WHERE "categoryId" = NEW."categoryId";
    END`,
  `CREATE TRIGGER product_counts_delete AFTER DELETE ON products
    BEGIN
      UPDATE product_counts SET total = total - 1 WHERE "categoryId" = OLD."categoryId";
    END`,
  `CREATE TRIGGER product_counts_move AFTER UPDATE OF "categoryId" ON products
    WHEN OLD."categoryId" IS NOT NEW."categoryId"
    BEGIN
      UPDATE product_counts SET total = total - 1 WHERE "categoryId" = OLD."categoryId";
      INSERT OR IGNORE INTO product_counts ("categoryId", total) VALUES (NEW."categoryId", 0);
      UPDATE product_counts SET total = total + 1 WHERE "categoryId" = NEW."categoryId";
    END`,
];

const postgresCounts = [
  ...countsTable,
  `CREATE FUNCTION product_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD."categoryId" IS NOT DISTINCT FROM NEW."categoryId" THEN
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE product_counts SET total = total - 1 WHERE "categoryId" = OLD."categoryId";
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO product_counts AS c ("categoryId", total) VALUES (NEW."categoryId", 1)
          ON CONFLICT ("categoryId") DO UPDATE SET total = c.total + 1;
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER product_counts_sync
    AFTER INSERT OR DELETE OR UPDATE OF "categoryId" ON products
    FOR EACH ROW EXECUTE FUNCTION product_counts_sync()`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [...indexes, ...(postgres ? postgresCounts : sqliteCounts)]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  const drops = postgres
    ? [
        'DROP TRIGGER IF EXISTS product_counts_sync ON products',
        'DROP FUNCTION IF EXISTS product_counts_sync()',
      ]
    : [
        'DROP TRIGGER IF EXISTS product_counts_move',
        'DROP TRIGGER IF EXISTS product_counts_delete',
        'DROP TRIGGER IF EXISTS product_counts_insert',
      ];
  for (const sql of [
    ...drops,
    'DROP TABLE IF EXISTS product_counts',
    'DROP INDEX IF EXISTS products_category_discount',
    'DROP INDEX IF EXISTS products_category_title',
    'DROP INDEX IF EXISTS products_category_newest',
  ]) {
    await qi.sequelize.query(sql);
  }
}
