import type { QueryInterface } from 'sequelize';

/**
 * platform_links gains the two facts shoppers compare deals by (docs/contracts.md, "Shopping"):
 * - `originalPriceValue`: the price before the discount in whole rupiah, when a source knows it
 *   (admin field, import column `<platform>_original_price`, feed). NULL otherwise.
 * - `availability`: `in_stock` or `out_of_stock`. Every link written before this was on offer,
 *   so existing rows start `in_stock`.
 *
 * Plain ADD COLUMN on both engines: no table rebuild, so triggers and indexes stay.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('ALTER TABLE platform_links ADD COLUMN "originalPriceValue" BIGINT');
  await qi.sequelize.query(
    `ALTER TABLE platform_links ADD COLUMN availability VARCHAR(20) NOT NULL DEFAULT 'in_stock'`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('ALTER TABLE platform_links DROP COLUMN availability');
  await qi.sequelize.query('ALTER TABLE platform_links DROP COLUMN "originalPriceValue"');
}
