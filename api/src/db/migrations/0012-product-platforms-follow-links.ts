import type { QueryInterface } from 'sequelize';

/**
 * A product's `platforms` become the platforms it has links for, in the fixed platform order
 * (shared/rules/platforms.ts). Before, the product form's checkboxes and the links were kept
 * apart and a link write only ever added to the list, so stored lists could name platforms
 * without a link. Products without links keep their list. Data only: nothing to undo.
 *
 * Frozen history like every migration: the platform order is copied here.
 */
const ORDER = ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak', 'TikTok'];
const rank = `CASE platform ${ORDER.map((p, i) => `WHEN '${p}' THEN ${i}`).join(' ')} ELSE ${ORDER.length} END`;

const postgres = `
  UPDATE products p SET platforms = linked.platforms
  FROM (
    SELECT "productId", json_agg(platform ORDER BY ${rank}) AS platforms
    FROM platform_links GROUP BY "productId"
  ) linked
  WHERE linked."productId" = p.id AND p.platforms::jsonb <> linked.platforms::jsonb`;

// SQLite keeps the order of an ordered subquery in json_group_array.
const sqlite = `
  UPDATE products SET platforms = linked.platforms
  FROM (
    SELECT "productId", json_group_array(platform) AS platforms
    FROM (SELECT "productId", platform FROM platform_links ORDER BY "productId", ${rank})
    GROUP BY "productId"
  ) linked
  WHERE linked."productId" = products.id AND products.platforms IS NOT linked.platforms`;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(qi.sequelize.getDialect() === 'postgres' ? postgres : sqlite);
}

export async function down(): Promise<void> {
  // The lists before were not a truth worth restoring.
}
