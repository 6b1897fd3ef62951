import type { TopPages } from '@shared/types';
import type { Database } from '../../db/database';
import type { ReportRange } from '../range';
import { METRIC } from '../rollups';
import { topValues } from './rollup-totals';

/** Page views per path in the range, most viewed first. */
export async function getTopPages(
  db: Database,
  range: ReportRange,
  limit: number,
): Promise<TopPages> {
  const rows = await topValues(db, METRIC.page, range.fromHour, range.toHour, limit);
  return rows.map(({ value, total }) => ({ path: value, views: total }));
}
