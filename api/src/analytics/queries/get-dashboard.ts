import type { AnalyticsDashboard } from '@shared/types';
import type { Database } from '../../db/database';
import type { ReportRange } from '../range';
import { METRIC } from '../rollups';
import { select, toCount } from '../../db/sql';
import { topValues } from './rollup-totals';
import { jakartaDayNumber } from '@shared/schemas/analytics-reports';
import { BOT_VISIT_EVENT } from '../visits';

const WEEK_HOURS = 7 * 24;
const BREAKDOWN_LIMIT = 20;
const TOP_REFERRERS = 10;

interface DashboardTotals {
  totalVisitors: number | string;
  weeklyVisitors: number | string;
  totalPageViews: number | string;
  conversionRate: number | string | null;
}

/**
 * totalVisitors and totalPageViews cover all time; weeklyVisitors the 7 days ending at the
 * range's end; conversionRate the range: sessions started in it that clicked a CTA, as a
 * percentage of the sessions started in it, rounded to one decimal (0 without sessions).
 */
export async function getDashboard(db: Database, range: ReportRange): Promise<AnalyticsDashboard> {
  const sum = (metric: string, hours: boolean) =>
    `(SELECT COALESCE(SUM(total), 0) FROM analytics_rollups WHERE metric = '${metric}'${
      hours ? ' AND hour >= ? AND hour < ?' : ''
    })`;
  const rate =
    db.dialect === 'postgres'
      ? `ROUND(CAST(100.0 * ${sum(METRIC.conversions, true)} / NULLIF(${sum(METRIC.visitors, true)}, 0) AS NUMERIC), 1)`
      : `ROUND(100.0 * ${sum(METRIC.conversions, true)} / NULLIF(${sum(METRIC.visitors, true)}, 0), 1)`;
  const { fromHour, toHour } = range;
  const fromDay = jakartaDayNumber(range.fromMs);
  const toDay = jakartaDayNumber(range.toMs - 1) + 1;
  const [totalsRow, devices, browsers, referrers, [bots], [visits]] = await Promise.all([
    select<DashboardTotals>(
      db,
      `SELECT ${sum(METRIC.visitors, false)} AS "totalVisitors",
              ${sum(METRIC.visitors, true)} AS "weeklyVisitors",
              ${sum(METRIC.pageviews, false)} AS "totalPageViews",
              ${rate} AS "conversionRate"`,
      [toHour - WEEK_HOURS, toHour, fromHour, toHour, fromHour, toHour],
    ),
    topValues(db, METRIC.device, fromHour, toHour, BREAKDOWN_LIMIT),
    topValues(db, METRIC.browser, fromHour, toHour, BREAKDOWN_LIMIT),
    topValues(db, METRIC.referrer, fromHour, toHour, TOP_REFERRERS),
    select<{ total: unknown }>(
      db,
      `SELECT SUM(total) AS total FROM analytics_rollups
       WHERE metric = ? AND value = ? AND hour >= ? AND hour < ?`,
      [METRIC.event, BOT_VISIT_EVENT, fromHour, toHour],
    ),
    select<{ visits: unknown; productViews: unknown; clicks: unknown }>(
      db,
      `SELECT SUM(visits) AS visits, SUM("productViews") AS "productViews", SUM(clicks) AS clicks
       FROM analytics_daily WHERE day >= ? AND day < ?`,
      [fromDay, toDay],
    ),
  ]);
  const totals = totalsRow[0];
  return {
    totalVisitors: toCount(totals?.totalVisitors),
    weeklyVisitors: toCount(totals?.weeklyVisitors),
    totalPageViews: toCount(totals?.totalPageViews),
    conversionRate: toCount(totals?.conversionRate),
    deviceBreakdown: devices.map(({ value, total }) => ({ device: value, count: total })),
    browserBreakdown: browsers.map(({ value, total }) => ({ browser: value, count: total })),
    topReferrers: referrers.map(({ value, total }) => ({ referrer: value, visitors: total })),
    bots: toCount(bots?.total),
    visits: toCount(visits?.visits),
    productViews: toCount(visits?.productViews),
    clicks: toCount(visits?.clicks),
  };
}
