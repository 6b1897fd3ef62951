// Query strings of the analytics reports (GET /api/admin/analytics/*): a range of Asia/Jakarta
// dates or ISO date-times, and the lists' limit. The server checks them with these schemas.
import { z } from 'zod';
import { DAY_MS, jakartaDate, jakartaDateStart, jakartaDayStart } from '../rules/jakarta-days';

/**
 * The earliest date a report may name. Nothing the site records is older, and far dates break
 * the databases (PostgreSQL has no year 0; JavaScript's own limits reach year -271821).
 */
export const ANALYTICS_EARLIEST_DATE = '2000-01-01';
/** The latest date a report may name: one year (365 days) past today, in Asia/Jakarta. */
export const ANALYTICS_LATEST_DAYS_AHEAD = 365;
/** Without `from`, a report covers this many Jakarta days up to `to` (today included). */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
/** The longest range a report covers (10 years). */
export const ANALYTICS_MAX_RANGE_DAYS = 3660;
export const ANALYTICS_DEFAULT_LIMIT = 10;
export const ANALYTICS_MAX_LIMIT = 100;

export const ANALYTICS_MESSAGES = {
  date: 'Tanggal tidak valid: tulis YYYY-MM-DD (WIB) atau tanggal-waktu ISO',
  dateOutside: (latest: string) => `Tanggal harus antara ${ANALYTICS_EARLIEST_DATE} dan ${latest}`,
  order: 'Tanggal awal harus sebelum tanggal akhir',
  span: 'Rentang laporan paling lama 10 tahun',
  limit: `limit harus bilangan bulat 1 sampai ${ANALYTICS_MAX_LIMIT}`,
} as const;

/** An ISO date-time with its offset (a time without one would be read in the server's zone). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A report's time span: [fromMs, toMs). */
export interface AnalyticsWindow {
  fromMs: number;
  toMs: number;
}

type Bound = { kind: 'day'; startMs: number } | { kind: 'instant'; ms: number };

function parseBound(value: unknown): Bound | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = jakartaDateStart(text);
  if (Number.isFinite(day)) return { kind: 'day', startMs: day };
  if (!DATE_TIME.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? { kind: 'instant', ms } : null;
}

/**
 * Checks `from` and `to` and resolves them to a window: a date is a whole Jakarta day (`to`
 * includes its day), a date-time is that instant; without `to` the window ends now, without
 * `from` it starts the default number of days before. Issues go to `ctx` under the field.
 */
export function resolveWindow(
  query: { from?: unknown; to?: unknown },
  ctx: z.RefinementCtx,
  now: number,
  defaultDays: number = ANALYTICS_DEFAULT_RANGE_DAYS,
): AnalyticsWindow | null {
  const earliestMs = jakartaDateStart(ANALYTICS_EARLIEST_DATE);
  const latestDayMs = jakartaDayStart(now) + ANALYTICS_LATEST_DAYS_AHEAD * DAY_MS;
  const bounds: Partial<Record<'from' | 'to', Bound>> = {};
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value === undefined) continue;
    const bound = parseBound(value);
    if (!bound) {
      ctx.addIssue({ code: 'custom', path: [field], message: ANALYTICS_MESSAGES.date });
      continue;
    }
    const ms = bound.kind === 'day' ? bound.startMs : bound.ms;
    if (ms < earliestMs || ms >= latestDayMs + DAY_MS) {
      const message = ANALYTICS_MESSAGES.dateOutside(jakartaDate(latestDayMs));
      ctx.addIssue({ code: 'custom', path: [field], message });
      continue;
    }
    bounds[field] = bound;
  }
  if ((query.from !== undefined && !bounds.from) || (query.to !== undefined && !bounds.to)) {
    return null;
  }
  const { from, to } = bounds;
  const toMs = !to ? now : to.kind === 'day' ? to.startMs + DAY_MS : to.ms;
  const fromMs = !from
    ? jakartaDayStart(toMs - 1) - (defaultDays - 1) * DAY_MS
    : from.kind === 'day'
      ? from.startMs
      : from.ms;
  if (fromMs >= toMs) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.order });
    return null;
  }
  if (toMs - fromMs > ANALYTICS_MAX_RANGE_DAYS * DAY_MS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.span });
    return null;
  }
  return { fromMs, toMs };
}

function resolveLimit(value: unknown, ctx: z.RefinementCtx): number | null {
  if (value === undefined) return ANALYTICS_DEFAULT_LIMIT;
  const limit = typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN;
  if (limit >= 1 && limit <= ANALYTICS_MAX_LIMIT) return limit;
  ctx.addIssue({ code: 'custom', path: ['limit'], message: ANALYTICS_MESSAGES.limit });
  return null;
}

/** A parameter read by the resolvers below, whatever its type (a repeated one is an array). */
const optional = z.unknown().optional();
/** How the API document describes the parameters (docs/openapi.md). */
export const dateParam = (which: string) =>
  optional.meta({
    description: `${which}: YYYY-MM-DD (hari WIB) atau tanggal-waktu ISO dengan zona waktu`,
  });
const limitParam = optional.meta({
  description: `Jumlah baris, 1 sampai ${ANALYTICS_MAX_LIMIT} (bawaan ${ANALYTICS_DEFAULT_LIMIT})`,
});

/**
 * `?from=&to=` of a report, resolved to its window (see resolveWindow). Every refusal is a
 * custom issue carrying its Indonesian message, under the field it is about.
 */
export const analyticsRangeQuerySchema = z
  .object({ from: dateParam('Awal'), to: dateParam('Akhir') })
  .transform((query, ctx) => resolveWindow(query, ctx, Date.now()) ?? z.NEVER);

/** `?from=&to=&limit=` of a report that lists (top pages, missed searches). */
export const analyticsListQuerySchema = z
  .object({ from: dateParam('Awal'), to: dateParam('Akhir'), limit: limitParam })
  .transform((query, ctx) => {
    const window = resolveWindow(query, ctx, Date.now());
    const limit = resolveLimit(query.limit, ctx);
    return window && limit !== null ? { ...window, limit } : z.NEVER;
  });

export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>;
export type AnalyticsListQuery = z.output<typeof analyticsListQuerySchema>;
