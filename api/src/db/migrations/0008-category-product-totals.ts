import type { QueryInterface } from 'sequelize';

/**
 * How many products (active or not) each category has, kept by triggers on `products` inside
 * every writing transaction, so the admin category list shows its counts without counting
 * 100,000 rows per request. The active counts the visitors see are migration 0003's
 * `product_active_counts`. A later migration that recreates the products table on SQLite must
 * create these triggers again.
 */
const createTable = [
  `CREATE TABLE product_category_totals (
    "categoryId" INTEGER PRIMARY KEY,
    total INTEGER NOT NULL DEFAULT 0
  )`,
  `INSERT INTO product_category_totals ("categoryId", total)
    SELECT "categoryId", count(*) FROM products GROUP BY "categoryId"`,
];

const sqliteAdd = (categoryId: string) => `
  INSERT OR IGNORE INTO product_category_totals ("categoryId", total) VALUES (${categoryId}, 0);
  UPDATE product_category_totals SET total = total + 1 WHERE "categoryId" = ${categoryId};`;

const sqliteRemove = (categoryId: string) => `
  UPDATE product_category_totals SET total = total - 1 WHERE "categoryId" = ${categoryId};`;

const sqliteTriggers = [
  `CREATE TRIGGER product_category_totals_insert AFTER INSERT ON products
    BEGIN ${sqliteAdd('NEW."categoryId"')} END`,
  `CREATE TRIGGER product_category_totals_delete AFTER DELETE ON products
    BEGIN ${sqliteRemove('OLD."categoryId"')} END`,
  `CREATE TRIGGER product_category_totals_move AFTER UPDATE OF "categoryId" ON products
    WHEN OLD."categoryId" IS NOT NEW."categoryId"
    BEGIN ${sqliteRemove('OLD."categoryId"')} ${sqliteAdd('NEW."categoryId"')} END`,
];

const postgresTriggers = [
  `CREATE FUNCTION product_category_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD."categoryId" IS NOT DISTINCT FROM NEW."categoryId" THEN
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE product_category_totals SET total = total - 1
          WHERE "categoryId" = OLD."categoryId";
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO product_category_totals AS t ("categoryId", total)
          VALUES (NEW."categoryId", 1)
          ON CONFLICT ("categoryId") DO UPDATE SET total = t.total + 1;
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER product_category_totals_sync
    AFTER INSERT OR DELETE OR UPDATE OF "categoryId" ON products
    FOR EACH ROW EXECUTE FUNCTION product_category_totals_sync()`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [...createTable, ...(postgres ? postgresTriggers : sqliteTriggers)]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const drops =
    qi.sequelize.getDialect() === 'postgres'
      ? [
          'DROP TRIGGER IF EXISTS product_category_totals_sync ON products',
          'DROP FUNCTION IF EXISTS product_category_totals_sync()',
        ]
      : [
          'DROP TRIGGER IF EXISTS product_category_totals_move',
          'DROP TRIGGER IF EXISTS product_category_totals_delete',
          'DROP TRIGGER IF EXISTS product_category_totals_insert',
        ];
  for (const sql of [...drops, 'DROP TABLE IF EXISTS product_category_totals']) {
    await qi.sequelize.query(sql);
  }
}
