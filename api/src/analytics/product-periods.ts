import type { Transaction } from 'sequelize';
import { dayNumberDate, jakartaDayNumber } from '@shared/schemas/analytics-reports';
import type { Database } from '../db/database';
import { chunk, execute, valuesList } from '../db/sql';
import { isUuid } from '../lib/params';
import { MINUTE_MS } from './time';

/**
 * The Produk report at size (docs/contracts.md#analytics-reports). Summing every product's
 * daily rows (analytics_product_daily) over 30 days reads millions of rows at 100,000 viewed
 * products, so the report's preset ranges that end today are kept materialised:
 *
 * - analytics_product_period: per range ('7d', '30d', 'month') and product, the range's views,
 *   clicks and click-through rate, indexed in each sort order: a page is an index range read.
 * - analytics_product_ranges: the days [fromDay, toDay) each range holds now.
 * - analytics_product_totals: per day, every product's views and clicks (the totals).
 *
 * The ingest adds its increments to the ranges that hold the visit's day (in the batch's
 * transaction, after the daily rows). When the Jakarta day turns, `ensureProductPeriods`
 * moves each range on: it subtracts the days that leave it and adds the days that enter it
 * from the daily rows (a new month, a gap of more than a week or a missing range: built whole
 * from the daily rows). `npm run analytics:rebuild` rebuilds them whole. A range that does not
 * match the request (custom ranges, today, yesterday, before the move) is summed from the
 * daily rows instead.
 *
 * On PostgreSQL a move or a build first takes a SHARE ROW EXCLUSIVE lock on
 * analytics_product_daily: it waits for the ingest transactions that wrote daily product rows
 * and holds new ones back until it commits, so no increment is counted twice or missed.
 */

export const PRODUCT_PERIODS = ['7d', '30d', 'month'] as const;
export type ProductPeriod = (typeof PRODUCT_PERIODS)[number];

export interface DayRange {
  fromDay: number;
  toDay: number;
}

/** The days of a preset on the Jakarta day of `now` (as web/src/admin/lib/analytics-range.ts). */
export function periodDays(period: ProductPeriod, now: number): DayRange {
  const today = jakartaDayNumber(now);
  if (period === '7d') return { fromDay: today - 6, toDay: today + 1 };
  if (period === '30d') return { fromDay: today - 29, toDay: today + 1 };
  const [year, month] = dayNumberDate(today).split('-').map(Number);
  return { fromDay: Date.UTC(year!, month! - 1, 1) / 86_400_000, toDay: today + 1 };
}

/** The product ids a range keeps: the catalogue's ids are UUIDs (PostgreSQL casts them). */
export function periodProductFilter(db: Database, column = '"productId"'): string {
  const hex = (n: number) => '[0-9a-fA-F]'.repeat(n);
  if (db.dialect === 'postgres') {
    return `${column} ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;
  }
  return `${column} GLOB '${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}'`;
}

const T = 'analytics_product_period';

const ctrOf = (clicks: string, views: string) =>
  `CASE WHEN ${views} > 0 THEN CAST(${clicks} AS DOUBLE PRECISION) / (${views}) ELSE 0 END`;

/** The upsert of a range's product row that adds views and clicks (the ctr recomputed). */
export const PERIOD_UPSERT = `ON CONFLICT (period, "productId") DO UPDATE SET
  views = analytics_product_period.views + excluded.views,
  clicks = analytics_product_period.clicks + excluded.clicks,
  ctr = ${ctrOf(
    'analytics_product_period.clicks + excluded.clicks',
    'analytics_product_period.views + excluded.views',
  )}`;

/** Adds the daily product rows of [fromDay, toDay) to `period` (SQL). */
function addDaysStatement(db: Database, period: ProductPeriod, days: DayRange): string {
  return `INSERT INTO analytics_product_period (period, "productId", views, clicks, ctr)
    SELECT '${period}', "productId", SUM(views), SUM(clicks), ${ctrOf('SUM(clicks)', 'SUM(views)')}
    FROM analytics_product_daily
    WHERE day >= ${days.fromDay} AND day < ${days.toDay} AND ${periodProductFilter(db)}
    GROUP BY "productId" HAVING SUM(views) > 0 OR SUM(clicks) > 0
    ${PERIOD_UPSERT}`;
}

/** The statements that make `period` hold exactly `days`, from the daily rows. */
export function buildPeriodStatements(
  db: Database,
  period: ProductPeriod,
  days: DayRange,
): string[] {
  return [
    `DELETE FROM analytics_product_period WHERE period = '${period}'`,
    addDaysStatement(db, period, days),
    `INSERT INTO analytics_product_ranges (period, "fromDay", "toDay")
     VALUES ('${period}', ${days.fromDay}, ${days.toDay})
     ON CONFLICT (period) DO UPDATE SET "fromDay" = excluded."fromDay", "toDay" = excluded."toDay"`,
  ];
}

/** The statements that move `period` from `held` to `days` (both of the same length). */
function moveStatements(
  db: Database,
  period: ProductPeriod,
  held: DayRange,
  days: DayRange,
): string[] {
  const leaving = { fromDay: held.fromDay, toDay: Math.min(days.fromDay, held.toDay) };
  const entering = { fromDay: Math.max(held.toDay, days.fromDay), toDay: days.toDay };
  const statements: string[] = [];
  if (leaving.toDay > leaving.fromDay) {
    statements.push(
      `UPDATE analytics_product_period SET views = ${T}.views - d.views,
         clicks = ${T}.clicks - d.clicks,
         ctr = ${ctrOf(`${T}.clicks - d.clicks`, `${T}.views - d.views`)}
       FROM (SELECT "productId", SUM(views) AS views, SUM(clicks) AS clicks
             FROM analytics_product_daily
             WHERE day >= ${leaving.fromDay} AND day < ${leaving.toDay}
             GROUP BY "productId") d
       WHERE analytics_product_period.period = '${period}'
         AND analytics_product_period."productId" = d."productId"`,
      `DELETE FROM analytics_product_period
       WHERE period = '${period}' AND views <= 0 AND clicks <= 0`,
    );
  }
  if (entering.toDay > entering.fromDay) statements.push(addDaysStatement(db, period, entering));
  statements.push(
    `UPDATE analytics_product_ranges SET "fromDay" = ${days.fromDay}, "toDay" = ${days.toDay}
     WHERE period = '${period}'`,
  );
  return statements;
}

/** The statements that bring `period` from what it holds (null: nothing) to `days`. */
function catchUpStatements(
  db: Database,
  period: ProductPeriod,
  held: DayRange | null,
  days: DayRange,
): string[] {
  if (held && held.fromDay === days.fromDay && held.toDay === days.toDay) return [];
  const movable =
    held !== null &&
    period !== 'month' &&
    held.toDay - held.fromDay === days.toDay - days.fromDay &&
    days.toDay > held.toDay &&
    days.toDay - held.toDay <= 7;
  return movable && held
    ? moveStatements(db, period, held, days)
    : buildPeriodStatements(db, period, days);
}

async function heldRanges(db: Database, transaction?: Transaction): Promise<Map<string, DayRange>> {
  const sql = 'SELECT period, "fromDay", "toDay" FROM analytics_product_ranges';
  const rows = transaction
    ? await execute(db, transaction, sql)
    : ((await db.sequelize.query(sql))[0] as Record<string, unknown>[]);
  return new Map(
    rows.map((row) => [
      String(row.period),
      { fromDay: Number(row.fromDay), toDay: Number(row.toDay) },
    ]),
  );
}

function lockStatement(db: Database): string[] {
  return db.dialect === 'postgres'
    ? ['LOCK TABLE analytics_product_daily IN SHARE ROW EXCLUSIVE MODE']
    : [];
}

/**
 * Brings every range to the days it covers at `now`; a no-op (one small read) when they
 * already do. Safe to run from every process at once.
 */
export async function ensureProductPeriods(db: Database, now = Date.now()): Promise<boolean> {
  const wanted = PRODUCT_PERIODS.map((period) => [period, periodDays(period, now)] as const);
  const held = await heldRanges(db);
  const stale = wanted.some(([period, days]) => {
    const range = held.get(period);
    return !range || range.fromDay !== days.fromDay || range.toDay !== days.toDay;
  });
  if (!stale) return false;
  await db.write(async (transaction) => {
    for (const sql of lockStatement(db)) await execute(db, transaction, sql);
    // Read again under the lock: another process may have moved them meanwhile.
    const current = await heldRanges(db, transaction);
    for (const [period, days] of wanted) {
      for (const sql of catchUpStatements(db, period, current.get(period) ?? null, days)) {
        await execute(db, transaction, sql);
      }
    }
  });
  return true;
}

/** Every range built whole from the daily rows (`npm run analytics:rebuild`), plus the lock. */
export function rebuildPeriodStatements(db: Database, now = Date.now()): string[] {
  return [
    `DELETE FROM analytics_product_ranges`,
    ...PRODUCT_PERIODS.flatMap((period) =>
      buildPeriodStatements(db, period, periodDays(period, now)),
    ),
  ];
}

export { lockStatement as productDailyLockStatements };

/** The range a report's days match, if it is kept (else the report sums the daily rows). */
export async function matchingPeriod(db: Database, days: DayRange): Promise<ProductPeriod | null> {
  const held = await heldRanges(db);
  for (const period of PRODUCT_PERIODS) {
    const range = held.get(period);
    if (range && range.fromDay === days.fromDay && range.toDay === days.toDay) return period;
  }
  return null;
}

/**
 * The ingest's part (called after it wrote the daily product rows, in the same transaction):
 * each increment goes to the kept ranges that hold its day, and to its day's totals.
 */
export async function applyPeriodIncrements(
  db: Database,
  transaction: Transaction,
  increments: Array<[number, string, number, number]>,
): Promise<void> {
  if (increments.length === 0) return;
  const totals = new Map<number, [number, number]>();
  for (const [day, , views, clicks] of increments) {
    const known = totals.get(day) ?? [0, 0];
    totals.set(day, [known[0] + views, known[1] + clicks]);
  }
  const totalRows = [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, [views, clicks]]) => [day, views, clicks]);
  for (const part of chunk(totalRows, 3)) {
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_product_totals (day, views, clicks) VALUES ${valuesList(part.length, 3)}
       ON CONFLICT (day) DO UPDATE SET views = analytics_product_totals.views + excluded.views,
         clicks = analytics_product_totals.clicks + excluded.clicks`,
      part.flat(),
    );
  }
  const held = await heldRanges(db, transaction);
  const rows: unknown[][] = [];
  for (const period of PRODUCT_PERIODS) {
    const range = held.get(period);
    if (!range) continue;
    const sums = new Map<string, [number, number]>();
    for (const [day, productId, views, clicks] of increments) {
      if (day < range.fromDay || day >= range.toDay || !isUuid(productId)) continue;
      const known = sums.get(productId) ?? [0, 0];
      sums.set(productId, [known[0] + views, known[1] + clicks]);
    }
    for (const [productId, [views, clicks]] of [...sums.entries()].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    )) {
      rows.push([period, productId, views, clicks, views > 0 ? clicks / views : 0]);
    }
  }
  for (const part of chunk(rows, 5)) {
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_product_period (period, "productId", views, clicks, ctr)
       VALUES ${valuesList(part.length, 5)} ${PERIOD_UPSERT}`,
      part.flat(),
    );
  }
}

/** Moves the ranges on start and then every minute (a no-op until the Jakarta day turns). */
export function scheduleProductPeriods(db: Database, log: (line: string) => void): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await ensureProductPeriods(db);
    } catch (error) {
      log(`[analytics] moving the product report ranges failed: ${String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), MINUTE_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
