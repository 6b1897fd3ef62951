import type { TrafficByCountry } from '@shared/types';
import type { Database } from '../../db/database';
import type { ReportRange } from '../range';
import { METRIC } from '../rollups';
import { topValues } from './rollup-totals';

const COUNTRY_LIMIT = 50;

/** Visitors (sessions started in the range) per country, most first. */
export async function getTrafficByCountry(
  db: Database,
  range: ReportRange,
): Promise<TrafficByCountry> {
  const rows = await topValues(db, METRIC.country, range.fromHour, range.toHour, COUNTRY_LIMIT);
  return rows.map(({ value, total }) => ({ country: value, visitors: total }));
}
