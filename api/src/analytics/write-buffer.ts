import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { applyRollupIncrements, METRIC, RollupIncrements } from './rollups';
import type { EventRecord, PageMetricRecord, PageviewRecord, SessionRecord } from './records';
import { bulkInsert, chunk, execute, greatest, hourExpression, type BulkColumn } from './sql';
import { hourOf, toDbTimestamp } from './time';

export interface WriteBufferOptions {
  /** Flush at least this often (ms). */
  flushIntervalMs: number;
  /** Flush as soon as this many rows wait. */
  flushRows: number;
  /** Refuse new rows beyond this many waiting (the database is not keeping up). */
  maxBufferedRows: number;
  log: (line: string) => void;
}

interface Batch {
  sessions: SessionRecord[];
  pageviews: PageviewRecord[];
  events: EventRecord[];
  pageMetrics: PageMetricRecord[];
  /** Sessions seen in this batch: first and last message time, and the server's view of them. */
  seen: Map<string, { firstAt: number; lastAt: number; ipAddress: string | null }>;
}

function emptyBatch(): Batch {
  return { sessions: [], pageviews: [], events: [], pageMetrics: [], seen: new Map() };
}

function rowCount(batch: Batch): number {
  return batch.sessions.length + batch.pageviews.length + batch.events.length;
}

const MAX_FLUSH_ATTEMPTS = 3;

const PAGEVIEW_COLUMNS: BulkColumn[] = [
  { name: 'sessionId', pgType: 'text' },
  { name: 'path', pgType: 'text' },
  { name: 'title', pgType: 'text' },
  { name: 'duration', pgType: 'integer' },
  { name: 'createdAt', pgType: 'timestamptz' },
];

const EVENT_COLUMNS: BulkColumn[] = [
  { name: 'sessionId', pgType: 'text' },
  { name: 'eventType', pgType: 'text' },
  { name: 'eventData', pgType: 'text' },
  { name: 'productId', pgType: 'text' },
  { name: 'categoryId', pgType: 'text' },
  { name: 'platform', pgType: 'text' },
  { name: 'createdAt', pgType: 'timestamptz' },
];

/**
 * Collects tracking rows in memory and writes them in one transaction per flush: every
 * second, at `flushRows` rows, and on stop(). Sessions, page views, events, the session
 * counters and the hourly rollups of a batch commit together, so the reports never see half
 * a batch. All SQL here runs unchanged on SQLite and PostgreSQL.
 */
export class AnalyticsWriteBuffer {
  private pending = emptyBatch();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private stopped = false;
  /** Rows refused because the buffer was full; exposed for logs and benchmarks. */
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Database,
    private readonly options: WriteBufferOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  get size(): number {
    return rowCount(this.pending);
  }

  private accept(sessionId: string, at: number, ipAddress: string | null): boolean {
    if (this.stopped || this.size >= this.options.maxBufferedRows) {
      this.dropped += 1;
      return false;
    }
    const seen = this.pending.seen.get(sessionId);
    if (seen) {
      seen.firstAt = Math.min(seen.firstAt, at);
      seen.lastAt = Math.max(seen.lastAt, at);
      seen.ipAddress ??= ipAddress;
    } else {
      this.pending.seen.set(sessionId, { firstAt: at, lastAt: at, ipAddress });
    }
    return true;
  }

  private afterAdd(): void {
    if (this.size >= this.options.flushRows) void this.flush();
  }

  addSession(record: SessionRecord): boolean {
    if (!this.accept(record.sessionId, record.at, record.ipAddress)) return false;
    this.pending.sessions.push(record);
    this.afterAdd();
    return true;
  }

  addPageview(record: PageviewRecord, ipAddress: string | null): boolean {
    if (!this.accept(record.sessionId, record.at, ipAddress)) return false;
    this.pending.pageviews.push(record);
    this.afterAdd();
    return true;
  }

  addEvent(
    record: EventRecord,
    ipAddress: string | null,
    metric: PageMetricRecord | null,
  ): boolean {
    if (!this.accept(record.sessionId, record.at, ipAddress)) return false;
    this.pending.events.push(record);
    if (metric) this.pending.pageMetrics.push(metric);
    this.afterAdd();
    return true;
  }

  /** Writes everything buffered so far; concurrent calls share one flush and run another after. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    if (this.size === 0) return Promise.resolve();
    // `finally` runs asynchronously, so `flushing` is always cleared after it was set.
    const flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    this.flushing = flushing;
    return flushing;
  }

  private async drain(): Promise<void> {
    do {
      this.flushAgain = false;
      if (this.size === 0) return;
      const batch = this.pending;
      this.pending = emptyBatch();
      await this.writeWithRetry(batch);
    } while (this.flushAgain || this.size >= this.options.flushRows);
  }

  /** Stops the timer, writes what is left, and refuses new rows from then on. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A flush in progress may have started before the last rows arrived: flush until empty.
    while (this.flushing || this.size > 0) await this.flush();
    this.stopped = true;
  }

  private async writeWithRetry(batch: Batch): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.db.write((transaction) => this.writeBatch(transaction, batch));
        this.written += rowCount(batch);
        return;
      } catch (error) {
        if (attempt >= MAX_FLUSH_ATTEMPTS) {
          this.dropped += rowCount(batch);
          this.options.log(
            `[analytics] dropped ${rowCount(batch)} rows after ${attempt} failed writes: ${String(error)}`,
          );
          return;
        }
        // Deadlocks and lost connections on PostgreSQL are retried after a short pause.
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private async writeBatch(transaction: Transaction, batch: Batch): Promise<void> {
    const { db } = this;
    const rollups = new RollupIncrements();
    const run = (sql: string, params: unknown[]) => execute(db, transaction, sql, params);
    const sessionHour = hourExpression(db.dialect, '"createdAt"');
    // Rows are visited in sessionId order so that two processes lock them in the same order.
    const seen = [...batch.seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

    // 1. Every session seen gets its row; the ones that are new count as visitors.
    for (const rows of chunk(seen, 4)) {
      const inserted = await run(
        `INSERT INTO analytics_sessions ("sessionId", "ipAddress", "createdAt", "lastSeenMs", detailed)
         VALUES ${rows.map(() => '(?, ?, ?, ?, FALSE)').join(', ')}
         ON CONFLICT ("sessionId") DO NOTHING
         RETURNING "sessionId"`,
        rows.flatMap(([sessionId, s]) => [
          sessionId,
          s.ipAddress,
          toDbTimestamp(s.firstAt),
          s.lastAt,
        ]),
      );
      for (const row of inserted) {
        const first = batch.seen.get(String(row.sessionId));
        if (first) rollups.add(METRIC.visitors, hourOf(first.firstAt));
      }
    }

    // 2. Known sessions move their last-seen time forward (never back).
    for (const rows of chunk(seen, 2)) {
      await run(
        `UPDATE analytics_sessions
         SET "lastSeenMs" = ${greatest(db.dialect, '"lastSeenMs"', 'v.column2')}
         FROM (VALUES ${rows.map(() => '(?, CAST(? AS BIGINT))').join(', ')}) AS v
         WHERE analytics_sessions."sessionId" = v.column1 AND analytics_sessions."lastSeenMs" < v.column2`,
        rows.flatMap(([sessionId, s]) => [sessionId, s.lastAt]),
      );
    }

    // 3. The first session message of a session fills in its details; later ones change nothing.
    const details = new Map<string, SessionRecord>();
    for (const record of batch.sessions) {
      if (!details.has(record.sessionId)) details.set(record.sessionId, record);
    }
    const detailRows = [...details.values()].sort((a, b) =>
      a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0,
    );
    for (const rows of chunk(detailRows, 11)) {
      const upgraded = await run(
        `INSERT INTO analytics_sessions ("sessionId", "ipAddress", "userAgent", country, city, device,
           browser, referrer, "referrerHost", "createdAt", "lastSeenMs", detailed)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE)').join(', ')}
         ON CONFLICT ("sessionId") DO UPDATE SET
           "ipAddress" = excluded."ipAddress", "userAgent" = excluded."userAgent",
           country = excluded.country, city = excluded.city, device = excluded.device,
           browser = excluded.browser, referrer = excluded.referrer,
           "referrerHost" = excluded."referrerHost", detailed = TRUE
         WHERE analytics_sessions.detailed = FALSE
         RETURNING "sessionId", ${sessionHour} AS hour`,
        rows.flatMap((r) => [
          r.sessionId,
          r.ipAddress,
          r.userAgent,
          r.country,
          r.city,
          r.device,
          r.browser,
          r.referrer,
          r.referrerHost,
          toDbTimestamp(r.at),
          r.at,
        ]),
      );
      for (const row of upgraded) {
        const record = details.get(String(row.sessionId));
        if (!record) continue;
        const hour = Number(row.hour);
        rollups.add(METRIC.country, hour, record.country);
        rollups.add(METRIC.device, hour, record.device);
        rollups.add(METRIC.browser, hour, record.browser);
        if (record.referrerHost) rollups.add(METRIC.referrer, hour, record.referrerHost);
      }
    }

    // 4. Page views.
    await bulkInsert(
      db,
      transaction,
      'page_views',
      PAGEVIEW_COLUMNS,
      batch.pageviews.map((r) => [r.sessionId, r.path, r.title, r.duration, toDbTimestamp(r.at)]),
    );
    for (const record of batch.pageviews) {
      const hour = hourOf(record.at);
      rollups.add(METRIC.pageviews, hour);
      rollups.add(METRIC.page, hour, record.path);
    }

    // 5. Events.
    await bulkInsert(
      db,
      transaction,
      'events',
      EVENT_COLUMNS,
      batch.events.map((r) => [
        r.sessionId,
        r.eventType,
        r.eventData,
        r.productId,
        r.categoryId,
        r.platform,
        toDbTimestamp(r.at),
      ]),
    );
    const ctaClicks = new Map<string, number>();
    for (const record of batch.events) {
      const hour = hourOf(record.at);
      rollups.add(METRIC.event, hour, record.eventType);
      if (record.eventType !== 'cta_click') continue;
      ctaClicks.set(record.sessionId, (ctaClicks.get(record.sessionId) ?? 0) + 1);
      if (record.platform) rollups.add(METRIC.ctaPlatform, hour, record.platform);
      if (record.productId) rollups.add(METRIC.ctaProduct, hour, record.productId);
    }

    // 6. Duration and scroll depth land on the latest view of that path in that session.
    const metrics = new Map<string, PageMetricRecord>();
    for (const metric of batch.pageMetrics) {
      const key = `${metric.sessionId}\u0000${metric.path}`;
      const known = metrics.get(key);
      metrics.set(key, {
        ...metric,
        duration: metric.duration ?? known?.duration,
        scrollDepth: Math.max(metric.scrollDepth ?? -1, known?.scrollDepth ?? -1),
      });
    }
    for (const metric of metrics.values()) {
      const depth =
        metric.scrollDepth !== undefined && metric.scrollDepth >= 0 ? metric.scrollDepth : null;
      await run(
        `UPDATE page_views SET
           duration = COALESCE(CAST(? AS INTEGER), duration),
           "scrollDepth" = ${greatest(db.dialect, 'COALESCE("scrollDepth", 0)', 'COALESCE(CAST(? AS INTEGER), 0)')}
         WHERE id = (SELECT MAX(id) FROM page_views WHERE "sessionId" = ? AND path = ?)`,
        [metric.duration ?? null, depth, metric.sessionId, metric.path],
      );
    }

    // 7. A session converts when its CTA counter leaves zero; counted at its start hour.
    const clicks = [...ctaClicks.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const rows of chunk(clicks, 2)) {
      const updated = await run(
        `UPDATE analytics_sessions
         SET "ctaClicks" = "ctaClicks" + v.column2
         FROM (VALUES ${rows.map(() => '(?, CAST(? AS INTEGER))').join(', ')}) AS v
         WHERE analytics_sessions."sessionId" = v.column1
         RETURNING analytics_sessions."sessionId", analytics_sessions."ctaClicks", ${hourExpression(db.dialect, 'analytics_sessions."createdAt"')} AS hour`,
        rows.flat(),
      );
      for (const row of updated) {
        const added = ctaClicks.get(String(row.sessionId)) ?? 0;
        if (Number(row.ctaClicks) === added) rollups.add(METRIC.conversions, Number(row.hour));
      }
    }

    // 8. The rollups of everything above, in the same transaction.
    await applyRollupIncrements(db, transaction, rollups);
  }
}
