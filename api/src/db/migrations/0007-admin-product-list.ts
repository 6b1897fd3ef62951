import type { QueryInterface } from 'sequelize';

/**
 * The paged admin product list at 100,000 products (DESIGN "Admin lists"): every sort of
 * `GET /api/admin/products?page=N` over the whole catalogue (active or not) reads a page from
 * an index instead of sorting the table. The (isActive, createdAt, id) and (categoryId,
 * isActive, createdAt, id) indexes of migration 0003 already serve the status filters.
 *
 * PostgreSQL also gets trigram indexes for the admin search (a case-insensitive substring of
 * title, description or badge text, inactive products included), which the visitors'
 * full-text index does not cover. SQLite reads the table for it.
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

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [...indexes, ...(postgres ? postgresSearch : [])]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
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
