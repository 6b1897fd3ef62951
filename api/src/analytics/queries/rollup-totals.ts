import type { Database } from '../../db/database';
import type { Metric } from '../rollups';
import { select, toCount } from '../../db/sql';

interface ValueTotal {
  value: string;
  amount: number | string;
}

/** The values of one rollup metric over [fromHour, toHour), largest first. */
export async function topValues(
  db: Database,
  metric: Metric,
  fromHour: number,
  toHour: number,
  limit: number,
): Promise<Array<{ value: string; total: number }>> {
  const rows = await select<ValueTotal>(
    db,
    `SELECT value, SUM(total) AS amount
     FROM analytics_rollups
     WHERE metric = ? AND hour >= ? AND hour < ?
     GROUP BY value
     ORDER BY amount DESC, value
     LIMIT ?`,
    [metric, fromHour, toHour, limit],
  );
  return rows.map((row) => ({ value: row.value, total: toCount(row.amount) }));
}
