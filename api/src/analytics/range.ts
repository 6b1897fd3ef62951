import { analyticsRangeQuerySchema, type AnalyticsWindow } from '@shared/schemas/analytics';
import { parseInput } from '../middleware/validate';
import { HOUR_MS } from './time';

/** A report's time range: [fromMs, toMs), and the rollup hours covering it, [fromHour, toHour). */
export interface ReportRange extends AnalyticsWindow {
  fromHour: number;
  toHour: number;
}

/**
 * The range of a checked `?from=&to=` (shared/schemas/analytics.ts: Asia/Jakarta dates or ISO
 * date-times, by default the last 30 Jakarta days). Rollups are hourly, so the bounds are
 * widened to whole hours (Jakarta days are whole hours already).
 */
export function reportRange({ fromMs, toMs }: AnalyticsWindow): ReportRange {
  return {
    fromMs,
    toMs,
    fromHour: Math.floor(fromMs / HOUR_MS),
    toHour: Math.ceil(toMs / HOUR_MS),
  };
}

/** Checks `query` as the report routes do (400 when refused) and returns its range. */
export function parseRange(query: unknown): ReportRange {
  return reportRange(parseInput(analyticsRangeQuerySchema, query));
}
