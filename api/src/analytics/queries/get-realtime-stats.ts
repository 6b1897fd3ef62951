import type { RealtimeStats } from '@shared/types';
import type { Database } from '../../db/database';
import { UNKNOWN } from '../rollups';
import { select, toCount } from '../../db/sql';
import { HOUR_MS, jakartaDayStart, MINUTE_MS } from '../time';
import { toDbTimestamp } from '../../db/timestamps';

export const CURRENT_VISITOR_WINDOW_MS = 5 * MINUTE_MS;
const TOP_LIMIT = 10;
const WEEK_MS = 7 * 24 * HOUR_MS;

interface RealtimeCounts {
  currentVisitors: number | string;
  todayVisitors: number | string;
  pageViewsLastHour: number | string;
  ctaClicksLastHour: number | string;
  searchesLastHour: number | string;
  ctaClicksSameHourLastWeek: number | string;
}

/**
 * Live figures from the raw rows, so every process sharing the database reports the same:
 * current visitors sent anything in the last 5 minutes; today's visitors sent anything since
 * 00:00 Asia/Jakarta; the rest covers the last 60 minutes (top countries: visitors active in
 * it; top pages: its page views); ctaClicksSameHourLastWeek the same 60 minutes a week ago.
 */
export async function getRealtimeStats(db: Database, now = Date.now()): Promise<RealtimeStats> {
  const hourAgo = toDbTimestamp(now - HOUR_MS);
  const [countsRows, countries, pages] = await Promise.all([
    select<RealtimeCounts>(
      db,
      `SELECT
         (SELECT COUNT(*) FROM analytics_sessions WHERE "lastSeenMs" >= ?) AS "currentVisitors",
         (SELECT COUNT(*) FROM analytics_sessions WHERE "lastSeenMs" >= ?) AS "todayVisitors",
         (SELECT COUNT(*) FROM page_views WHERE "createdAt" >= ?) AS "pageViewsLastHour",
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'cta_click' AND "createdAt" >= ?) AS "ctaClicksLastHour",
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'search' AND "createdAt" >= ?) AS "searchesLastHour",
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'cta_click'
            AND "createdAt" >= ? AND "createdAt" < ?) AS "ctaClicksSameHourLastWeek"`,
      [
        now - CURRENT_VISITOR_WINDOW_MS,
        jakartaDayStart(now),
        hourAgo,
        hourAgo,
        hourAgo,
        toDbTimestamp(now - WEEK_MS - HOUR_MS),
        toDbTimestamp(now - WEEK_MS),
      ],
    ),
    select<{ country: string; visitors: number | string }>(
      db,
      `SELECT COALESCE(NULLIF(country, ''), '${UNKNOWN}') AS country, COUNT(*) AS visitors
       FROM analytics_sessions
       WHERE "lastSeenMs" >= ?
       GROUP BY COALESCE(NULLIF(country, ''), '${UNKNOWN}')
       ORDER BY visitors DESC, country
       LIMIT ?`,
      [now - HOUR_MS, TOP_LIMIT],
    ),
    select<{ path: string; views: number | string }>(
      db,
      `SELECT path, COUNT(*) AS views
       FROM page_views
       WHERE "createdAt" >= ?
       GROUP BY path
       ORDER BY views DESC, path
       LIMIT ?`,
      [hourAgo, TOP_LIMIT],
    ),
  ]);
  const counts = countsRows[0];
  return {
    currentVisitors: toCount(counts?.currentVisitors),
    todayVisitors: toCount(counts?.todayVisitors),
    pageViewsLastHour: toCount(counts?.pageViewsLastHour),
    ctaClicksLastHour: toCount(counts?.ctaClicksLastHour),
    searchesLastHour: toCount(counts?.searchesLastHour),
    ctaClicksSameHourLastWeek: toCount(counts?.ctaClicksSameHourLastWeek),
    topCountries: countries.map((row) => ({ country: row.country, count: toCount(row.visitors) })),
    topPages: pages.map((row) => ({ path: row.path, views: toCount(row.views) })),
  };
}
