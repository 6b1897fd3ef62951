import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';

/**
 * Active watches per product, for a page of the admin list or a batch of the CSV export: one
 * grouped query over the watches_product_state index. Products without a watch are absent.
 */
export async function watchCountsByProduct(
  db: Database,
  productIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (productIds.length === 0) return counts;
  const rows = await db.sequelize.query<{ productId: string; n: number | string }>(
    `SELECT "productId", count(*) AS n FROM watches
     WHERE "productId" IN (:ids) AND state = 'active' GROUP BY "productId"`,
    { replacements: { ids: productIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) counts.set(row.productId, Number(row.n));
  return counts;
}

/** The dashboard's figure: active watches over the whole catalogue. */
export const ACTIVE_WATCHES_SQL = `(SELECT count(*) FROM watches WHERE state = 'active')`;
