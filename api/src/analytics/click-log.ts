import type { Transaction } from 'sequelize';
import type { Database, Dialect } from '../db/database';
import { bulkInsert, chunk, execute, rowsSource, type BulkColumn } from '../db/sql';
import { CTA_CLICK_EVENT } from './cta';
import { PERIOD_UPSERT, periodProductFilter } from './product-periods';
import { METRIC, ROLLUP_VALUE_MAX } from './rollups';
import { OTHER_BROWSER } from './visitor';
import { sessionDayExpression } from './visits';

/**
 * A click through the /go redirect as the write buffer holds it until its flush: one compact
 * row of the click log (no event record, no visitor object, no eventData text). `visitorKey`
 * is visitorKey() of the click's visitor, `device` and `browser` its user agent's; the
 * product, category and platform are the link's when the click was counted.
 */
export type ClickRow = readonly [
  at: number,
  linkId: number,
  visitorKey: string,
  device: string,
  browser: string,
  productId: string,
  categoryId: string | null,
  platform: string,
  path: string | null,
];

/** A /go click joins the visitor's visit seen within this long before it (30 minutes). */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

const LOG_COLUMNS: BulkColumn[] = [
  { name: 'at', pgType: 'bigint' },
  { name: 'linkId', pgType: 'integer' },
  { name: 'visitorKey', pgType: 'text' },
  { name: 'device', pgType: 'text' },
  { name: 'browser', pgType: 'text' },
  { name: 'productId', pgType: 'text' },
  { name: 'categoryId', pgType: 'text' },
  { name: 'platform', pgType: 'text' },
  { name: 'path', pgType: 'text' },
];

const STAGED = `at, "linkId", "visitorKey", device, browser, "productId", "categoryId", platform, path`;

/** A string as JSON.stringify writes it (JSON null for NULL). */
function jsonString(dialect: Dialect, column: string): string {
  return dialect === 'postgres'
    ? `COALESCE(CAST(to_json(${column}) AS TEXT), 'null')`
    : `json_quote(${column})`;
}

/** The clicks' event rows' eventData, key for key as ClickRecorder wrote it with JSON.stringify. */
function eventDataExpression(dialect: Dialect): string {
  const q = (column: string) => jsonString(dialect, column);
  return `'{"source":"redirect","linkId":' || CAST("linkId" AS TEXT) || ',"productId":' ||
    ${q('"productId"')} || ',"platform":' || ${q('platform')} || ',"categoryId":' ||
    ${q('"categoryId"')} || ',"path":' || ${q('path')} || '}'`;
}

/** The click's time as toDbTimestamp() writes it (SQLite) or as a timestamptz, exactly. */
function createdExpression(dialect: Dialect): string {
  return dialect === 'postgres'
    ? `TIMESTAMPTZ 'epoch' + at * INTERVAL '1 millisecond'`
    : `strftime('%Y-%m-%d %H:%M:%S', at / 1000, 'unixepoch') || '.' ||
       substr('00' || (at % 1000), -3, 3) || ' +00:00'`;
}

/**
 * The statement that stages clicks from `source` (a table or subquery of the click log's
 * columns, as `c`) in click_derive, each with the visit it joins: the visitor's visit seen last
 * since VISIT_IDLE_MS before `minAt` (the earliest click's time), not a bot, else a visit of
 * its own. On PostgreSQL the visit is looked up once per click (`OFFSET 0` keeps the subquery
 * whole: pulled up, its lookup was made twice, once per use of `found`). `existed`: the visit
 * was stored before (found, or a visit of its own an earlier batch made), looked up by its key
 * click by click (as EXISTS, PostgreSQL hashed every stored visit's key to answer it).
 */
function stageStatement(dialect: Dialect, source: string, minAt: string): string {
  return `INSERT INTO click_derive (${STAGED}, sid, own, existed, hour, created)
     SELECT ${STAGED}, COALESCE(found, 'go:' || "visitorKey"), found IS NULL,
       found IS NOT NULL OR (SELECT 1 FROM analytics_sessions o
         WHERE o."sessionId" = 'go:' || x."visitorKey") IS NOT NULL,
       at / 3600000, ${createdExpression(dialect)}
     FROM (SELECT c.*, (SELECT s."sessionId" FROM analytics_sessions s
             WHERE s."visitorKey" = c."visitorKey" AND s."lastSeenMs" >= ${minAt} - ${VISIT_IDLE_MS}
               AND s.bot = FALSE
             ORDER BY s."lastSeenMs" DESC, s."sessionId" DESC LIMIT 1) AS found
           FROM ${source} c${dialect === 'postgres' ? ' OFFSET 0' : ''}) x`;
}

/** The derivation's statements (clickDeriveStatements), in three parts. */
export interface ClickDerivation {
  /** Empties click_derive (it is empty between transactions; a crash may have left rows). */
  clear: string;
  /** Stages the click log's rows in click_derive and empties the log. */
  fromLog: string[];
  /** Everything the staged clicks make, then click_derive emptied again. */
  derive: string[];
}

const cache = new Map<Dialect, ClickDerivation>();

/**
 * The derivation of the click log, one set statement per table, in the batch's transaction:
 *
 * 1. the clicks staged in click_derive with the visit each joins (stageStatement): the
 *    visitor's visit seen last (lastSeenMs, then sessionId) since VISIT_IDLE_MS before the
 *    earliest click, not a bot, else a visit of its own, `go:<visitor key>`; a batch's clicks
 *    straight from its values (deriveClickRows), rows left in the click log from the log,
 *    which is emptied (deriveClickLog);
 * 2. (PostgreSQL) the touched visits stored before (`existed`) locked in sessionId order;
 * 3. their daily and funnel rows taken out as they stand;
 * 4. the events; the visits of their own made (or found) with their clicks, the other visits'
 *    click counts raised; the hourly rollups (event, cta_platform, cta_product); the
 *    product-day clicks, the day totals and the kept report ranges; the funnel marks;
 * 5. the stored visits' daily and funnel rows put back as they stand now, and the new visits'
 *    summed from their staged clicks.
 *
 * 3 and 5 are the write buffer's by-difference rollups for what the clicks changed alone: they
 * run after its own (which cover the batch's other rows), so the two differences add up.
 * Every upsert takes its rows in key order.
 */
export function clickDeriveStatements(db: Database): ClickDerivation {
  const known = cache.get(db.dialect);
  if (known) return known;
  const pg = db.dialect === 'postgres';
  const day = sessionDayExpression(db, 's."createdAt"');
  // The touched visits stored before the batch: the only ones with rows to lock and take out.
  const stored = `"sessionId" IN (SELECT sid FROM click_derive WHERE existed)`;
  const dim = (expression: string) => `substr(${expression}, 1, 255)`;
  const dailyInsert = `INSERT INTO analytics_daily (day, "sourceGroup", "referrerHost",
       "utmSource", "utmMedium", "utmCampaign", device, browser, visits, "productVisits",
       "clickVisits", "productViews", clicks)`;
  const dailyUpsert = `ON CONFLICT (day, "sourceGroup", "referrerHost", "utmSource", "utmMedium",
       "utmCampaign", device, browser) DO UPDATE SET visits = analytics_daily.visits + excluded.visits,
       "productVisits" = analytics_daily."productVisits" + excluded."productVisits",
       "clickVisits" = analytics_daily."clickVisits" + excluded."clickVisits",
       "productViews" = analytics_daily."productViews" + excluded."productViews",
       clicks = analytics_daily.clicks + excluded.clicks`;
  const daily = (sign: string, visits: string) => `${dailyInsert}
     SELECT day, g, r, us, um, uc, d, b, ${sign}COUNT(*),
       ${sign}SUM(CASE WHEN pv > 0 THEN 1 ELSE 0 END), ${sign}SUM(CASE WHEN cl > 0 THEN 1 ELSE 0 END),
       ${sign}SUM(pv), ${sign}SUM(cl)
     FROM (SELECT ${day} AS day, ${dim(`COALESCE(s."sourceGroup", 'direct')`)} AS g,
             ${dim(`COALESCE(s."referrerHost", '')`)} AS r, ${dim(`COALESCE(s."utmSource", '')`)} AS us,
             ${dim(`COALESCE(s."utmMedium", '')`)} AS um, ${dim(`COALESCE(s."utmCampaign", '')`)} AS uc,
             ${dim(`COALESCE(s."visitDevice", 'desktop')`)} AS d,
             ${dim(`COALESCE(s."visitBrowser", '${OTHER_BROWSER}')`)} AS b,
             s."productViews" AS pv, s.clicks AS cl
           FROM analytics_sessions s WHERE s.${visits} AND s.bot = FALSE) v
     GROUP BY day, g, r, us, um, uc, d, b ORDER BY day, g, r, us, um, uc, d, b
     ${dailyUpsert}`;
  const funnelInsert = `INSERT INTO analytics_funnel_daily (day, kind, value, visits,
       "productVisits", "clickVisits")`;
  const funnelUpsert = `ON CONFLICT (day, kind, value) DO UPDATE SET
       visits = analytics_funnel_daily.visits + excluded.visits,
       "productVisits" = analytics_funnel_daily."productVisits" + excluded."productVisits",
       "clickVisits" = analytics_funnel_daily."clickVisits" + excluded."clickVisits"`;
  const funnel = (sign: string, visits: string) => `${funnelInsert}
     SELECT ${day}, v.kind, v.value, ${sign}COUNT(*),
       ${sign}SUM(CASE WHEN v.product > 0 THEN 1 ELSE 0 END),
       ${sign}SUM(CASE WHEN v.click > 0 THEN 1 ELSE 0 END)
     FROM analytics_visit_steps v JOIN analytics_sessions s ON s."sessionId" = v."sessionId"
     WHERE v.${visits} AND s.bot = FALSE
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
     ${funnelUpsert}`;
  const present = (column: string) => `${column} IS NOT NULL AND ${column} <> ''`;
  // The funnel marks the staged clicks give their visits (each visit's at most once).
  const marks = (
    where: string,
  ) => `SELECT sid, 'category' AS kind, substr("categoryId", 1, 64) AS value
     FROM click_derive WHERE ${where} AND ${present('"categoryId"')}
     UNION SELECT sid, 'platform', substr(platform, 1, 64) FROM click_derive
     WHERE ${where} AND ${present('platform')}`;
  // The visits this batch made (not stored before: each a visit of its own, not a bot, direct,
  // without product views): their daily and funnel rows are their staged clicks' own, summed
  // without reading back the rows just written. Its day is the visit's first click's
  // (sessionDayExpression of its createdAt, from the clicks' hours).
  const visitDay = `(MIN(hour) + 7) / 24`;
  const made = `SELECT sid, ${visitDay} AS day,
       ${dim(`COALESCE(MIN(device), 'desktop')`)} AS d,
       ${dim(`COALESCE(MIN(browser), '${OTHER_BROWSER}')`)} AS b, COUNT(*) AS n
     FROM click_derive WHERE NOT existed GROUP BY sid`;
  const dailyMade = `${dailyInsert}
     SELECT day, 'direct', '', '', '', '', d, b, COUNT(*), 0, COUNT(*), 0, SUM(n)
     FROM (${made}) v GROUP BY day, d, b ORDER BY day, d, b
     ${dailyUpsert}`;
  // The clicks' products per visit day, of visits that are not bots (a made visit's day from
  // its clicks, a stored visit's from its row); `filter` on the product (`d."productId"`).
  const productDays = (filter = 'TRUE') => `SELECT day, "productId", COUNT(*) AS n FROM (
       SELECT m.day, d."productId" FROM click_derive d JOIN (${made}) m ON m.sid = d.sid
       WHERE ${present('d."productId"')} AND ${filter}
       UNION ALL SELECT ${day}, d."productId"
       FROM click_derive d JOIN analytics_sessions s ON s."sessionId" = d.sid
       WHERE d.existed AND s.bot = FALSE AND ${present('d."productId"')} AND ${filter}) c
     GROUP BY day, "productId"`;
  const funnelMade = `${funnelInsert}
     SELECT v.day, m.kind, m.value, COUNT(*), 0, COUNT(*)
     FROM (${made}) v JOIN (${marks('NOT existed')}) m ON m.sid = v.sid
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
     ${funnelUpsert}`;
  const fromLog = pg
    ? [
        `WITH c AS (DELETE FROM click_log RETURNING *)
         ${stageStatement(db.dialect, 'c', '(SELECT MIN(at) FROM c)')}`,
      ]
    : [
        stageStatement(db.dialect, 'click_log', '(SELECT MIN(at) FROM click_log)'),
        `DELETE FROM click_log`,
      ];
  const derive = [
    ...(pg
      ? [
          `SELECT "sessionId" FROM analytics_sessions WHERE ${stored}
           ORDER BY "sessionId" FOR UPDATE`,
        ]
      : []),
    daily('-', stored),
    funnel('-', stored),
    `INSERT INTO events ("sessionId", "eventType", "eventData", "productId", "categoryId",
       platform, "createdAt")
     SELECT sid, '${CTA_CLICK_EVENT}', ${eventDataExpression(db.dialect)}, "productId",
       "categoryId", platform, created
     FROM click_derive`,
    // A visit without JavaScript: no live figures (lastSeenMs 0), its source unknown (direct).
    `INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
       "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet", clicks)
     SELECT sid, MIN(created), 0, TRUE, MIN("visitorKey"), MIN(device), MIN(browser), 'direct',
       TRUE, COUNT(*)
     FROM click_derive WHERE own GROUP BY sid ORDER BY sid
     ON CONFLICT ("sessionId") DO UPDATE SET clicks = analytics_sessions.clicks + excluded.clicks`,
    // Locked above in sessionId order (PostgreSQL).
    `UPDATE analytics_sessions SET clicks = analytics_sessions.clicks + v.n
     FROM (SELECT sid, COUNT(*) AS n FROM click_derive WHERE NOT own GROUP BY sid) v
     WHERE analytics_sessions."sessionId" = v.sid`,
    `INSERT INTO analytics_rollups (metric, hour, value, total)
     SELECT metric, hour, value, COUNT(*) FROM (
       SELECT '${METRIC.event}' AS metric, hour, '${CTA_CLICK_EVENT}' AS value FROM click_derive
       UNION ALL SELECT '${METRIC.ctaPlatform}', hour, substr(platform, 1, ${ROLLUP_VALUE_MAX})
         FROM click_derive WHERE ${present('platform')}
       UNION ALL SELECT '${METRIC.ctaProduct}', hour, substr("productId", 1, ${ROLLUP_VALUE_MAX})
         FROM click_derive WHERE ${present('"productId"')}) r
     WHERE TRUE GROUP BY metric, hour, value ORDER BY metric, hour, value
     ON CONFLICT (metric, hour, value) DO UPDATE SET total = analytics_rollups.total + excluded.total`,
    ...(pg
      ? // The clicks' products per day found once for the three tables (SQLite has no
        // data-modifying WITH).
        [
          `WITH p AS MATERIALIZED (${productDays()}),
           daily AS (INSERT INTO analytics_product_daily (day, "productId", views, clicks)
             SELECT day, "productId", 0, n FROM p ORDER BY day, "productId"
             ON CONFLICT (day, "productId") DO UPDATE SET
               clicks = analytics_product_daily.clicks + excluded.clicks),
           totals AS (INSERT INTO analytics_product_totals (day, views, clicks)
             SELECT day, 0, SUM(n) FROM p GROUP BY day ORDER BY day
             ON CONFLICT (day) DO UPDATE SET
               clicks = analytics_product_totals.clicks + excluded.clicks)
           INSERT INTO analytics_product_period (period, "productId", views, clicks, ctr)
           SELECT r.period, p."productId", 0, SUM(p.n), 0
           FROM p JOIN analytics_product_ranges r ON p.day >= r."fromDay" AND p.day < r."toDay"
           WHERE ${periodProductFilter(db, 'p."productId"')}
           GROUP BY r.period, p."productId" ORDER BY r.period, p."productId"
           ${PERIOD_UPSERT}`,
        ]
      : [
          `INSERT INTO analytics_product_daily (day, "productId", views, clicks)
           SELECT day, "productId", 0, n FROM (${productDays()}) p
           WHERE TRUE ORDER BY day, "productId"
           ON CONFLICT (day, "productId") DO UPDATE SET
             clicks = analytics_product_daily.clicks + excluded.clicks`,
          `INSERT INTO analytics_product_totals (day, views, clicks)
           SELECT day, 0, SUM(n) FROM (${productDays()}) p
           WHERE TRUE GROUP BY day ORDER BY day
           ON CONFLICT (day) DO UPDATE SET
             clicks = analytics_product_totals.clicks + excluded.clicks`,
          `INSERT INTO analytics_product_period (period, "productId", views, clicks, ctr)
           SELECT r.period, p."productId", 0, SUM(p.n), 0
           FROM (${productDays(periodProductFilter(db, 'd."productId"'))}) p
             JOIN analytics_product_ranges r ON p.day >= r."fromDay" AND p.day < r."toDay"
           WHERE TRUE GROUP BY r.period, p."productId" ORDER BY r.period, p."productId"
           ${PERIOD_UPSERT}`,
        ]),
    `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
     SELECT sid, kind, value, 0, 1 FROM (${marks('TRUE')}) m
     ORDER BY 1, 2, 3
     ON CONFLICT ("sessionId", kind, value) DO UPDATE SET click = 1`,
    daily('', stored),
    funnel('', stored),
    dailyMade,
    funnelMade,
    `DELETE FROM click_derive`,
  ];
  const statements = { clear: `DELETE FROM click_derive`, fromLog, derive };
  cache.set(db.dialect, statements);
  return statements;
}

/** Appends a batch's clicks to the click log (one statement per few thousand rows). */
export async function insertClickRows(
  db: Database,
  transaction: Transaction,
  rows: ClickRow[],
): Promise<void> {
  await bulkInsert(db, transaction, 'click_log', LOG_COLUMNS, rows as unknown as unknown[][]);
}

/** Derives every row of the click log (clickDeriveStatements) and empties it. */
export async function deriveClickLog(db: Database, transaction: Transaction): Promise<void> {
  const { clear, fromLog, derive } = clickDeriveStatements(db);
  for (const sql of [clear, ...fromLog, ...derive]) await execute(db, transaction, sql);
}

/**
 * Stages a batch's clicks in click_derive straight from their values (one statement on
 * PostgreSQL, `unnest` of one array per column; VALUES lists on SQLite), as the log's rows
 * would have been staged.
 */
export async function stageClickRows(
  db: Database,
  transaction: Transaction,
  rows: ClickRow[],
): Promise<void> {
  if (rows.length === 0) return;
  let minAt = rows[0]![0];
  for (const row of rows) if (row[0] < minAt) minAt = row[0];
  // SQLite binds a number as a REAL: the integers are cast as the log's columns would store them.
  const columns = LOG_COLUMNS.map(({ name, pgType }, index) =>
    db.dialect === 'sqlite' && pgType !== 'text'
      ? `CAST(v.column${index + 1} AS INTEGER) AS "${name}"`
      : `v.column${index + 1} AS "${name}"`,
  );
  const pgTypes = LOG_COLUMNS.map(({ pgType }) => pgType);
  const parts = db.dialect === 'postgres' ? [rows] : chunk(rows, LOG_COLUMNS.length);
  for (const part of parts) {
    const source = rowsSource(db.dialect, part as unknown as unknown[][], pgTypes);
    const minAtParam = db.dialect === 'postgres' ? 'CAST(? AS BIGINT)' : 'CAST(? AS INTEGER)';
    await execute(
      db,
      transaction,
      stageStatement(db.dialect, `(SELECT ${columns.join(', ')} FROM ${source.sql})`, minAtParam),
      [minAt, ...source.params],
    );
  }
}

/**
 * Derives a batch's clicks without the click log: staged from their values (stageClickRows),
 * then everything they make (clickDeriveStatements), in the batch's transaction. A click never
 * outlives its transaction in the log, so the log is written only when rows may be waiting
 * in it (the first batch after start: insertClickRows, then deriveClickLog).
 */
export async function deriveClickRows(
  db: Database,
  transaction: Transaction,
  rows: ClickRow[],
): Promise<void> {
  const { clear, derive } = clickDeriveStatements(db);
  await execute(db, transaction, clear);
  await stageClickRows(db, transaction, rows);
  for (const sql of derive) await execute(db, transaction, sql);
}
