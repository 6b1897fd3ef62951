import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { chunk, execute, hourExpression, inList, rowsSource, valuesList } from '../db/sql';
import { applyPeriodIncrements } from './product-periods';
import { OTHER_BROWSER } from './visitor';

/**
 * The daily rollups of visits (analytics_daily) and products (analytics_product_daily) that
 * the staff reports read (./reports). A session row is a visit; every figure of a visit
 * (the visit, its product views and /go clicks, whether it reached each funnel step) is
 * counted at the Asia/Jakarta day the visit started, under the visit's dimensions (source
 * group, referrer host, utm_*, device, browser), so every report shows the same numbers.
 *
 * The ingest keeps them in step in the batch's transaction by difference: it reads the
 * touched sessions before and after the batch's writes and adds what changed (a visit whose
 * details or source arrive later moves from one row to another; a visit found to be a bot
 * leaves them). `rebuildVisitStatements` recomputes them from the raw rows.
 */

const DAILY_KEY = [
  'day',
  'sourceGroup',
  'referrerHost',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'device',
  'browser',
] as const;
const DAILY_VALUES = ['visits', 'productVisits', 'clickVisits', 'productViews', 'clicks'] as const;

export interface VisitState {
  sessionId: string;
  day: number;
  bot: boolean;
  key: string[];
  productViews: number;
  clicks: number;
}

/** SQL: the Asia/Jakarta day number of a session's start (hours since the epoch, UTC+7). */
export function sessionDayExpression(db: Database, column = '"createdAt"'): string {
  // Hours since the epoch are positive: integer division floors on both engines.
  return `((${hourExpression(db.dialect, column)} + 7) / 24)`;
}

/** The dimension columns of a visit as the daily rows key them ('' for none). */
function dimensionColumns(db: Database): string {
  return `${sessionDayExpression(db)} AS day,
    COALESCE("sourceGroup", 'direct') AS "sourceGroup",
    COALESCE("referrerHost", '') AS "referrerHost",
    COALESCE("utmSource", '') AS "utmSource",
    COALESCE("utmMedium", '') AS "utmMedium",
    COALESCE("utmCampaign", '') AS "utmCampaign",
    COALESCE("visitDevice", 'desktop') AS device,
    COALESCE("visitBrowser", '${OTHER_BROWSER}') AS browser`;
}

/** Reads the visits of `sessionIds` (locked on PostgreSQL until the transaction ends). */
export async function readVisits(
  db: Database,
  transaction: Transaction,
  sessionIds: string[],
): Promise<Map<string, VisitState>> {
  const visits = new Map<string, VisitState>();
  const sorted = [...new Set(sessionIds)].sort();
  for (const ids of chunk(sorted, 1)) {
    if (ids.length === 0) continue;
    const where = inList(db.dialect, '"sessionId"', ids);
    const rows = await execute(
      db,
      transaction,
      `SELECT "sessionId", bot, "productViews", clicks, ${dimensionColumns(db)}
       FROM analytics_sessions WHERE ${where.sql}
       ORDER BY "sessionId"${db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
      where.params,
    );
    for (const row of rows) {
      const day = Number(row.day);
      visits.set(String(row.sessionId), {
        sessionId: String(row.sessionId),
        day,
        bot: row.bot === true || row.bot === 1,
        key: [
          String(day),
          ...DAILY_KEY.slice(1).map((column) => String(row[column] ?? '').slice(0, 255)),
        ],
        productViews: Number(row.productViews ?? 0),
        clicks: Number(row.clicks ?? 0),
      });
    }
  }
  return visits;
}

/** Increments of the daily rows, keyed by their dimensions. */
export class DailyIncrements {
  private readonly rows = new Map<string, number[]>();

  private add(visit: VisitState | undefined, sign: 1 | -1): void {
    if (!visit || visit.bot) return;
    const values = [
      1,
      visit.productViews > 0 ? 1 : 0,
      visit.clicks > 0 ? 1 : 0,
      visit.productViews,
      visit.clicks,
    ];
    const id = visit.key.join('\u0000');
    const known = this.rows.get(id) ?? [0, 0, 0, 0, 0];
    this.rows.set(
      id,
      known.map((value, index) => value + sign * (values[index] ?? 0)),
    );
  }

  /** What changed for one visit between before (undefined: new) and after. */
  change(before: VisitState | undefined, after: VisitState | undefined): void {
    this.add(before, -1);
    this.add(after, 1);
  }

  /** Non-zero rows sorted by key, so concurrent writers lock them in one order. */
  list(): Array<[string[], number[]]> {
    return [...this.rows.entries()]
      .filter(([, values]) => values.some((value) => value !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, values]) => [id.split('\u0000'), values]);
  }
}

export async function applyDailyIncrements(
  db: Database,
  transaction: Transaction,
  increments: DailyIncrements,
): Promise<void> {
  const columns = [...DAILY_KEY, ...DAILY_VALUES];
  const rows = increments
    .list()
    .map(([key, values]) => [Number(key[0]), ...key.slice(1), ...values]);
  for (const part of chunk(rows, columns.length)) {
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_daily (${columns.map((c) => `"${c}"`).join(', ')})
       VALUES ${valuesList(part.length, columns.length)}
       ON CONFLICT (${DAILY_KEY.map((c) => `"${c}"`).join(', ')}) DO UPDATE SET
       ${DAILY_VALUES.map((c) => `"${c}" = analytics_daily."${c}" + excluded."${c}"`).join(', ')}`,
      part.flat(),
    );
  }
}

/** Per product per visit day: views and clicks. */
export class ProductIncrements {
  private readonly rows = new Map<string, [number, number]>();

  add(day: number, productId: string, views: number, clicks: number): void {
    const id = `${day}\u0000${productId}`;
    const known = this.rows.get(id) ?? [0, 0];
    this.rows.set(id, [known[0] + views, known[1] + clicks]);
  }

  list(): Array<[number, string, number, number]> {
    return [...this.rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, [views, clicks]]) => {
        const [day = '0', productId = ''] = id.split('\u0000');
        return [Number(day), productId, views, clicks];
      });
  }
}

export async function applyProductIncrements(
  db: Database,
  transaction: Transaction,
  increments: ProductIncrements,
): Promise<void> {
  const list = increments.list();
  for (const part of chunk(list, 4)) {
    const source = rowsSource(db.dialect, part, ['integer', 'text', 'integer', 'integer']);
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_product_daily (day, "productId", views, clicks)
       SELECT v.column1, v.column2, v.column3, v.column4 FROM ${source.sql} WHERE TRUE
       ON CONFLICT (day, "productId") DO UPDATE SET
         views = analytics_product_daily.views + excluded.views,
         clicks = analytics_product_daily.clicks + excluded.clicks`,
      source.params,
    );
  }
  // The day totals and the kept report ranges (./product-periods.ts), after the daily rows.
  await applyPeriodIncrements(db, transaction, list);
}

/** A day after every stored one: with no visit stored, a rebuild deletes no daily row. */
export const NO_DAY = 2_000_000_000;

/** The event a visitor's product page sends (tracking client), with eventData.productId. */
export const PRODUCT_VIEW_EVENT = 'product_view';
/** A bot visit: one row per bot socket or bot /go visitor; `bots` on the dashboard. */
export const BOT_VISIT_EVENT = 'bot_visit';

/**
 * Recomputes the visits' counters, the bot flags and both daily rollups from the raw rows
 * (`npm run analytics:rebuild`; idempotent). Days before the oldest stored session (pruned by
 * retention) keep their rollups.
 */
export function rebuildVisitStatements(db: Database): string[] {
  const day = sessionDayExpression(db, 's."createdAt"');
  const firstDay = `(SELECT MIN(${sessionDayExpression(db)}) FROM analytics_sessions)`;
  return [
    // The bot flag is kept: it is what the socket saw, not in the raw rows.
    `UPDATE analytics_sessions SET "productViews" = 0, clicks = 0`,
    `UPDATE analytics_sessions SET "productViews" = c.n
     FROM (SELECT "sessionId", COUNT(*) AS n FROM events
           WHERE "eventType" = '${PRODUCT_VIEW_EVENT}' AND "productId" IS NOT NULL
           GROUP BY "sessionId") c
     WHERE analytics_sessions."sessionId" = c."sessionId"`,
    `UPDATE analytics_sessions SET clicks = c.n
     FROM (SELECT "sessionId", COUNT(*) AS n FROM events
           WHERE "eventType" = 'cta_click' GROUP BY "sessionId") c
     WHERE analytics_sessions."sessionId" = c."sessionId"`,
    `DELETE FROM analytics_daily WHERE day >= COALESCE(${firstDay}, ${NO_DAY})`,
    `INSERT INTO analytics_daily (${[...DAILY_KEY, ...DAILY_VALUES].map((c) => `"${c}"`).join(', ')})
     SELECT day, "sourceGroup", "referrerHost", "utmSource", "utmMedium", "utmCampaign", device,
       browser, COUNT(*), SUM(CASE WHEN "productViews" > 0 THEN 1 ELSE 0 END),
       SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END), SUM("productViews"), SUM(clicks)
     FROM (SELECT ${dimensionColumns(db)}, "productViews", clicks
           FROM analytics_sessions WHERE bot = FALSE) v
     GROUP BY day, "sourceGroup", "referrerHost", "utmSource", "utmMedium", "utmCampaign",
       device, browser`,
    `DELETE FROM analytics_product_daily WHERE day >= COALESCE(${firstDay}, ${NO_DAY})`,
    `INSERT INTO analytics_product_daily (day, "productId", views, clicks)
     SELECT ${day}, e."productId",
       SUM(CASE WHEN e."eventType" = '${PRODUCT_VIEW_EVENT}' THEN 1 ELSE 0 END),
       SUM(CASE WHEN e."eventType" = 'cta_click' THEN 1 ELSE 0 END)
     FROM events e JOIN analytics_sessions s ON s."sessionId" = e."sessionId"
     WHERE s.bot = FALSE AND e."productId" IS NOT NULL
       AND e."eventType" IN ('${PRODUCT_VIEW_EVENT}', 'cta_click')
     GROUP BY ${day}, e."productId"`,
    `DELETE FROM analytics_product_totals WHERE day >= COALESCE(${firstDay}, ${NO_DAY})`,
    `INSERT INTO analytics_product_totals (day, views, clicks)
     SELECT day, SUM(views), SUM(clicks) FROM analytics_product_daily
     WHERE day >= COALESCE(${firstDay}, ${NO_DAY}) GROUP BY day`,
  ];
}
