import { QueryTypes, type Transaction } from 'sequelize';
import type { Database, Dialect } from '../db/database';
import { chunk, execute, hourExpression, rowsSource } from '../db/sql';
import { toDbTimestamp } from '../db/timestamps';
import { rebuildFunnelStatements } from './funnel-steps';
import { productDailyLockStatements, rebuildPeriodStatements } from './product-periods';
import { rebuildVisitStatements } from './visits';

/**
 * Hourly rollups: one row per (metric, hour, value) with a running total. The range reports
 * sum them, so their cost grows with the number of hours and distinct values, not with the
 * raw rows, and they survive the pruning of old raw rows.
 *
 * Visitor metrics are counted at the hour the session started, so sums over any set of hours
 * count each visitor once.
 */
export const METRIC = {
  /** New sessions (value ''). */
  visitors: 'visitors',
  /** Sessions, by start hour, that clicked at least one CTA (value ''). */
  conversions: 'conversions',
  country: 'country',
  device: 'device',
  browser: 'browser',
  /** Sessions by referrer host (direct visits are not counted). */
  referrer: 'referrer',
  /** Page views (value ''). */
  pageviews: 'pageviews',
  /** Page views by path. */
  page: 'page',
  /** Events by eventType. */
  event: 'event',
  ctaPlatform: 'cta_platform',
  ctaProduct: 'cta_product',
} as const;
export type Metric = (typeof METRIC)[keyof typeof METRIC];

export const ROLLUP_VALUE_MAX = 512;
export const UNKNOWN = 'Unknown';

/** Increments keyed by metric, hour and value, collected in memory during one flush. */
export class RollupIncrements {
  private readonly totals = new Map<string, number>();

  add(metric: Metric, hour: number, value = '', by = 1): void {
    const key = `${metric}\u0000${hour}\u0000${value.slice(0, ROLLUP_VALUE_MAX)}`;
    this.totals.set(key, (this.totals.get(key) ?? 0) + by);
  }

  get size(): number {
    return this.totals.size;
  }

  /** Sorted, so concurrent writers on PostgreSQL lock rows in one order and never deadlock. */
  rows(): Array<[string, number, string, number]> {
    return [...this.totals.entries()]
      .map(([key, total]): [string, number, string, number] => {
        const [metric = '', hour = '0', value = ''] = key.split('\u0000');
        return [metric, Number(hour), value, total];
      })
      .sort((a, b) =>
        a[0] !== b[0]
          ? a[0] < b[0]
            ? -1
            : 1
          : a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0),
      );
  }
}

export async function applyRollupIncrements(
  db: Database,
  transaction: Transaction,
  increments: RollupIncrements,
): Promise<void> {
  for (const rows of chunk(increments.rows(), 4)) {
    const source = rowsSource(db.dialect, rows, ['text', 'integer', 'text', 'integer']);
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_rollups (metric, hour, value, total)
       SELECT v.column1, v.column2, v.column3, v.column4 FROM ${source.sql} WHERE TRUE
       ON CONFLICT (metric, hour, value)
       DO UPDATE SET total = analytics_rollups.total + excluded.total`,
      source.params,
    );
  }
}

/**
 * Tracking sessions only: a visit a /go click made on its own (`go:<visitor key>`, no
 * JavaScript) belongs to the staff reports' daily rollups, not to these visitor figures.
 */
const TRACKED = `"sessionId" NOT LIKE 'go:%'`;

interface RebuildRange {
  fromMs?: number;
  toMs?: number;
}

/**
 * Recomputes the rollups of a time range from the raw rows with one aggregate per metric, in
 * SQL. Used by the traffic generator after its bulk inserts; live ingest maintains the
 * rollups incrementally instead.
 */
export function rebuildStatements(dialect: Dialect, range: RebuildRange = {}): string[] {
  const from = range.fromMs === undefined ? null : `'${toDbTimestamp(range.fromMs)}'`;
  const to = range.toMs === undefined ? null : `'${toDbTimestamp(range.toMs)}'`;
  const within = (column: string) =>
    [from && `${column} >= ${from}`, to && `${column} < ${to}`].filter(Boolean).join(' AND ') ||
    'TRUE';
  const fromHour = range.fromMs === undefined ? null : Math.floor(range.fromMs / 3_600_000);
  const toHour = range.toMs === undefined ? null : Math.ceil(range.toMs / 3_600_000);
  const hoursWithin =
    [fromHour !== null && `hour >= ${fromHour}`, toHour !== null && `hour < ${toHour}`]
      .filter(Boolean)
      .join(' AND ') || 'TRUE';
  const sessionHour = hourExpression(dialect, '"createdAt"');
  const text = (column: string) => `substr(${column}, 1, ${ROLLUP_VALUE_MAX})`;
  const insert = 'INSERT INTO analytics_rollups (metric, hour, value, total)';
  const sessionDimension = (metric: Metric, column: string, unknown: boolean) =>
    `${insert}
     SELECT '${metric}', h, v, COUNT(*) FROM (
       SELECT ${sessionHour} AS h,
              ${unknown ? `COALESCE(NULLIF(${text(column)}, ''), '${UNKNOWN}')` : text(column)} AS v
       FROM analytics_sessions
       WHERE detailed = TRUE AND ${TRACKED} AND ${within('"createdAt"')}
         ${unknown ? '' : `AND ${column} IS NOT NULL AND ${column} <> ''`}
     ) s GROUP BY h, v`;
  const eventDimension = (metric: Metric, column: string, where: string) =>
    `${insert}
     SELECT '${metric}', h, v, COUNT(*) FROM (
       SELECT ${hourExpression(dialect, '"createdAt"')} AS h, ${text(column)} AS v
       FROM events WHERE ${where} AND ${within('"createdAt"')}
     ) e GROUP BY h, v`;

  return [
    // Range bounds are hours in practice; rows outside whole hours would double count.
    `DELETE FROM analytics_rollups WHERE ${hoursWithin}`,
    `${insert}
     SELECT '${METRIC.visitors}', h, '', COUNT(*) FROM (
       SELECT ${sessionHour} AS h FROM analytics_sessions
       WHERE ${TRACKED} AND ${within('"createdAt"')}
     ) s GROUP BY h`,
    `${insert}
     SELECT '${METRIC.conversions}', h, '', COUNT(*) FROM (
       SELECT ${sessionHour} AS h FROM analytics_sessions
       WHERE "ctaClicks" > 0 AND ${TRACKED} AND ${within('"createdAt"')}
     ) s GROUP BY h`,
    sessionDimension(METRIC.country, 'country', true),
    sessionDimension(METRIC.device, 'device', true),
    sessionDimension(METRIC.browser, 'browser', true),
    sessionDimension(METRIC.referrer, '"referrerHost"', false),
    `${insert}
     SELECT '${METRIC.pageviews}', h, '', COUNT(*) FROM (
       SELECT ${hourExpression(dialect, '"createdAt"')} AS h FROM page_views
       WHERE ${within('"createdAt"')}
     ) p GROUP BY h`,
    `${insert}
     SELECT '${METRIC.page}', h, v, COUNT(*) FROM (
       SELECT ${hourExpression(dialect, '"createdAt"')} AS h, ${text('path')} AS v
       FROM page_views WHERE ${within('"createdAt"')}
     ) p GROUP BY h, v`,
    eventDimension(METRIC.event, '"eventType"', 'TRUE'),
    eventDimension(
      METRIC.ctaPlatform,
      'platform',
      `"eventType" = 'cta_click' AND platform IS NOT NULL AND platform <> ''`,
    ),
    eventDimension(
      METRIC.ctaProduct,
      '"productId"',
      `"eventType" = 'cta_click' AND "productId" IS NOT NULL AND "productId" <> ''`,
    ),
  ];
}

export async function rebuildRollups(db: Database, range: RebuildRange = {}): Promise<void> {
  await db.write(async (transaction) => {
    for (const sql of rebuildStatements(db.dialect, range)) {
      await db.sequelize.query(sql, { transaction });
    }
  });
}

/**
 * `npm run analytics:rebuild`: every rollup (hourly, daily, the Produk report's kept ranges)
 * recomputed from the raw rows in one transaction; idempotent. Hours and days older than the
 * oldest stored visit (pruned by retention) keep their rollups.
 */
export async function rebuildAllRollups(db: Database): Promise<void> {
  const [oldest] = await db.sequelize.query<{ first: unknown }>(
    'SELECT MIN("createdAt") AS first FROM analytics_sessions',
    { type: QueryTypes.SELECT },
  );
  const first = oldest?.first
    ? new Date(String(oldest.first).replace(' +00:00', 'Z').replace(' ', 'T'))
    : null;
  // With every visit pruned (or none yet) only the current hour is rebuilt: the history stays.
  const fromMs =
    Math.floor(
      (first && Number.isFinite(first.getTime()) ? first.getTime() : Date.now()) / 3_600_000,
    ) * 3_600_000;
  await db.write(async (transaction) => {
    for (const sql of [
      // PostgreSQL: the ingest waits until the rebuild commits (./product-periods.ts).
      ...productDailyLockStatements(db),
      ...rebuildStatements(db.dialect, { fromMs }),
      ...rebuildVisitStatements(db),
      ...rebuildFunnelStatements(db),
      ...rebuildPeriodStatements(db),
    ]) {
      await db.sequelize.query(sql, { transaction });
    }
  });
}
