import { jakartaDayNumber } from '@shared/schemas/analytics-reports';
import type { Database } from '../../db/database';
import { select, toCount } from '../../db/sql';

/** Days the admin product table's "Klik 7 hari" covers: the last 7 Jakarta days, today included. */
export const CLICKS_DAYS = 7;

/**
 * /go clicks per product over the last 7 Asia/Jakarta days, from the daily product rollups
 * (the same figures as the Produk report over that range); 0 for products without any.
 */
export async function clicksLast7Days(
  db: Database,
  productIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  const clicks = new Map<string, number>(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return clicks;
  const today = jakartaDayNumber(now);
  const rows = await select<{ productId: string; clicks: unknown }>(
    db,
    `SELECT "productId", SUM(clicks) AS clicks FROM analytics_product_daily
     WHERE day > ? AND day <= ? AND "productId" IN (${productIds.map(() => '?').join(', ')})
     GROUP BY "productId"`,
    [today - CLICKS_DAYS, today, ...productIds],
  );
  for (const row of rows) clicks.set(String(row.productId), toCount(row.clicks));
  return clicks;
}
