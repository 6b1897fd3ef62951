import type { Database } from '../db/database';
import { execute } from '../db/sql';
import { DAY_MS, HOUR_MS } from './time';
import { toDbTimestamp } from '../db/timestamps';

const DELETE_CHUNK = 5000;

export interface PruneResult {
  pageViews: number;
  events: number;
  sessions: number;
}

/**
 * Deletes raw analytics rows older than the retention; the hourly rollups, and with them
 * every range report and total, are kept. Deletes run in small transactions so the ingest
 * (one writer on SQLite) is never held up for long.
 */
export async function pruneAnalytics(
  db: Database,
  retentionDays: number,
  now = Date.now(),
): Promise<PruneResult> {
  const cutoffMs = now - retentionDays * DAY_MS;
  const cutoff = toDbTimestamp(cutoffMs);
  const prune = async (table: string, condition: string, bound: string | number) => {
    let total = 0;
    for (;;) {
      const deleted = await db.write((transaction) =>
        execute(
          db,
          transaction,
          `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${condition} LIMIT ${DELETE_CHUNK}) RETURNING id`,
          [bound],
        ),
      );
      total += deleted.length;
      if (deleted.length < DELETE_CHUNK) return total;
    }
  };
  return {
    pageViews: await prune('page_views', '"createdAt" < ?', cutoff),
    events: await prune('events', '"createdAt" < ?', cutoff),
    sessions: await prune('analytics_sessions', '"lastSeenMs" < ?', cutoffMs),
  };
}

/** Prunes shortly after start and then every hour; every process may run it (idempotent). */
export function scheduleRetention(
  db: Database,
  retentionDays: number | null,
  log: (line: string) => void,
): () => void {
  if (!retentionDays) return () => undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await pruneAnalytics(db, retentionDays);
      const total = result.pageViews + result.events + result.sessions;
      if (total > 0) log(`[analytics] pruned ${total} raw rows older than ${retentionDays} days`);
    } catch (error) {
      log(`[analytics] pruning failed: ${String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 30_000);
  const hourly = setInterval(() => void run(), HOUR_MS);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
