import type { QueryInterface } from 'sequelize';

/**
 * `feed_items.linkId` (migration 0015) was never written: a run finds the link a feed row
 * updates by the product and the feed's platform (the newest such link), which still holds
 * after staff or a CSV import delete and re-create the product's links; a stored link id
 * would go stale then. The column goes. Plain DROP COLUMN on both engines (SQLite 3.35+; the
 * column has no index or constraint), so the table is not rebuilt.
 *
 * A migration is frozen history: it never follows later changes to the live feed code.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('ALTER TABLE feed_items DROP COLUMN "linkId"');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('ALTER TABLE feed_items ADD COLUMN "linkId" INTEGER');
}
