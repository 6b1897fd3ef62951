import type { MissedSearches } from '@shared/types';
import type { Database } from '../../db/database';
import type { ReportRange } from '../range';
import { select, toCount } from '../../db/sql';
import { toDbTimestamp } from '../../db/timestamps';

/** The event the public search page sends when a search finds nothing ({query, path}). */
export const MISSED_SEARCH_EVENT = 'search_no_results';

/**
 * Search terms that found nothing in the range ("Pencarian tanpa hasil"), case folded and
 * trimmed: the most searched first, then the most recent. Computed in SQL over the events of
 * that one type, which the (eventType, createdAt) index finds directly.
 */
export async function getMissedSearches(
  db: Database,
  range: ReportRange,
  limit: number,
): Promise<MissedSearches> {
  const query =
    db.dialect === 'postgres'
      ? `lower(trim(("eventData"::jsonb) ->> 'query'))`
      : `lower(trim(json_extract("eventData", '$.query')))`;
  const rows = await select<{ query: string; searches: number | string; last: unknown }>(
    db,
    `SELECT term AS query, COUNT(*) AS searches, MAX("createdAt") AS last
     FROM (
       SELECT ${query} AS term, "createdAt" FROM events
       WHERE "eventType" = ? AND "createdAt" >= ? AND "createdAt" < ?
     ) AS missed
     WHERE term IS NOT NULL AND term <> ''
     GROUP BY term
     ORDER BY searches DESC, last DESC, term
     LIMIT ?`,
    [MISSED_SEARCH_EVENT, toDbTimestamp(range.fromMs), toDbTimestamp(range.toMs), limit],
  );
  return rows.map((row) => ({
    query: row.query,
    searches: toCount(row.searches),
    lastSearchedAt: toIso(row.last),
  }));
}

/** PostgreSQL gives a Date; SQLite the stored 'YYYY-MM-DD HH:MM:SS.SSS +00:00' text. */
function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const parsed = Date.parse(text.replace(' ', 'T').replace(' +00:00', 'Z'));
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : text;
}
