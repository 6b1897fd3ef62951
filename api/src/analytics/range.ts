import { z } from 'zod';
import { badRequest } from '../errors';
import { DAY_MS, HOUR_MS, jakartaDateStart, jakartaDayStart } from './time';

/** A report's time range: [fromMs, toMs), and the rollup hours covering it, [fromHour, toHour). */
export interface ReportRange {
  fromMs: number;
  toMs: number;
  fromHour: number;
  toHour: number;
}

export const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 3660;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const bound = z
  .string()
  .trim()
  .max(40)
  .refine(
    (value) => Number.isFinite(DATE_ONLY.test(value) ? jakartaDateStart(value) : Date.parse(value)),
    {
      message: 'Use a date (YYYY-MM-DD, Asia/Jakarta) or an ISO date-time',
    },
  )
  .optional();

export const rangeQuerySchema = z.object({ from: bound, to: bound });

/**
 * `from` and `to` are Asia/Jakarta calendar dates (both days included) or ISO date-times.
 * Default: the last 30 Jakarta days, today included. Rollups are hourly, so bounds are
 * widened to whole hours (Jakarta days are whole hours already).
 */
export function parseRange(query: unknown, now = Date.now()): ReportRange {
  const parsed = rangeQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'range');
    throw badRequest(issue?.message ?? 'Invalid range', { [field]: issue?.message ?? 'Invalid' });
  }
  const { from, to } = parsed.data;
  const toMs = to ? (DATE_ONLY.test(to) ? jakartaDateStart(to) + DAY_MS : Date.parse(to)) : now;
  const fromMs = from
    ? DATE_ONLY.test(from)
      ? jakartaDateStart(from)
      : Date.parse(from)
    : jakartaDayStart(toMs - 1) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS;
  if (fromMs >= toMs) {
    throw badRequest('from must be before to', { from: 'from must be before to' });
  }
  if (toMs - fromMs > MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest('The range may span at most 10 years', { from: 'Range too long' });
  }
  return {
    fromMs,
    toMs,
    fromHour: Math.floor(fromMs / HOUR_MS),
    toHour: Math.ceil(toMs / HOUR_MS),
  };
}
