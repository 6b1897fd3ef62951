import type { Database } from '../db/database';
import { chunk, execute } from '../db/sql';
import { DAY_MS, HOUR_MS } from './time';
import { toDbTimestamp } from '../db/timestamps';

const DELETE_CHUNK = 5000;

export interface PruneResult {
  pageViews: number;
  events: number;
  sessions: number;
  /** Funnel marks of the pruned visits (analytics_visit_steps). */
  visitSteps: number;
}

/**
 * Deletes raw analytics rows older than the retention (page views, events, visits and the
 * visits' funnel marks); the rollups (hourly, daily, per product, per funnel value, the
 * Produk report's ranges) are keyed by hour or day and kept, so every range report and total
 * stays as it was, and `npm run analytics:rebuild` leaves the days before the oldest stored
 * visit alone. Deletes run in small transactions so the ingest
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
  // A visit's funnel marks (analytics_visit_steps, ./funnel-steps.ts) go with its session row,
  // in the same transaction.
  const pruneSessions = async () => {
    let total = 0;
    let steps = 0;
    for (;;) {
      const deleted = await db.write(async (transaction) => {
        const rows = await execute(
          db,
          transaction,
          // A visit made by /go clicks alone has no live figures (lastSeenMs 0): its age is its
          // start's.
          `DELETE FROM analytics_sessions WHERE id IN (SELECT id FROM analytics_sessions
             WHERE ("lastSeenMs" > 0 AND "lastSeenMs" < ?) OR ("lastSeenMs" = 0 AND "createdAt" < ?)
             LIMIT ${DELETE_CHUNK}) RETURNING "sessionId"`,
          [cutoffMs, cutoff],
        );
        for (const ids of chunk(rows.map((row) => String(row.sessionId)).sort(), 1)) {
          const gone = await execute(
            db,
            transaction,
            `DELETE FROM analytics_visit_steps
             WHERE "sessionId" IN (${ids.map(() => '?').join(', ')}) RETURNING "sessionId"`,
            ids,
          );
          steps += gone.length;
        }
        return rows.length;
      });
      total += deleted;
      if (deleted < DELETE_CHUNK) return { sessions: total, visitSteps: steps };
    }
  };
  const pageViews = await prune('page_views', '"createdAt" < ?', cutoff);
  const events = await prune('events', '"createdAt" < ?', cutoff);
  return { pageViews, events, ...(await pruneSessions()) };
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
      const total = result.pageViews + result.events + result.sessions + result.visitSteps;
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
