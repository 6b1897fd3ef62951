import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { CLIENT_CTA_CLICK_EVENT } from './cta';
import { BatchWriter } from './batch-writer';
import { applyRollupIncrements, METRIC, RollupIncrements } from './rollups';
import type {
  EventRecord,
  LandingRecord,
  PageMetricRecord,
  PageviewRecord,
  SessionRecord,
  VisitorInfo,
} from './records';
import { deriveClickLog, deriveClickRows, insertClickRows, type ClickRow } from './click-log';
import {
  applyFunnelIncrements,
  FunnelIncrements,
  readSteps,
  writeSteps,
  type StepMark,
} from './funnel-steps';
import {
  applyDailyIncrements,
  applyProductIncrements,
  DailyIncrements,
  PRODUCT_VIEW_EVENT,
  ProductIncrements,
  readVisits,
  type VisitState,
} from './visits';
import { isUuid } from '../lib/params';
import {
  bulkInsert,
  chunk,
  execute,
  greatest,
  hourExpression,
  rowsSource,
  type BulkColumn,
} from '../db/sql';
import { hourOf } from './time';
import { toDbTimestamp } from '../db/timestamps';

export interface WriteBufferOptions {
  /** Flush at least this often (ms); also the most traffic a kill -9 can lose. */
  flushIntervalMs: number;
  /** Flush as soon as this many rows wait. */
  flushRows: number;
  /**
   * Backpressure: at this many rows held (waiting and being written) the buffer reports
   * itself full and the socket server stops reading from the sockets, until half of it is
   * written. Rows still arriving are taken up to a margin of a fifth (what paused sockets had
   * already sent); beyond that they are refused and counted.
   */
  maxBufferedRows: number;
  log: (line: string) => void;
}

/** What the buffer reports about itself (logs, tests, benchmarks). */
export interface WriteBufferStats {
  /** Rows held: waiting plus being written. */
  buffered: number;
  /** Rows committed to the database. */
  written: number;
  /** Rows refused at the door because the buffer was over its hard limit or stopped. */
  refused: number;
  /** Rows the database refused (a bad row, found by splitting its batch); logged one by one. */
  rejected: number;
  /** Rows given up at shutdown because the database stayed unreachable. */
  abandoned: number;
  /** Redirect clicks taken (from /go); counted in `written` once stored. */
  clicks: number;
  /** Bot visits taken (socket and /go); counted in `written` once stored. */
  bots: number;
  /** Whether the buffer asks the sockets to stop sending (backpressure). */
  full: boolean;
  /** How many times the buffer became full. */
  fullEvents: number;
  /** Since when (ms) the database has been unreachable; null when it is reachable. */
  unavailableSince: number | null;
}

/**
 * One accepted message: one row. A click through the /go redirect is its click log row itself
 * (./click-log.ts): an event row joined to the visit of the same visitor, or a visit of its own
 * when there is none (no JavaScript), derived when its batch is written.
 */
type Item =
  | ClickRow
  | { kind: 'session'; record: SessionRecord; visitor?: VisitorInfo }
  | { kind: 'pageview'; record: PageviewRecord; ipAddress: string | null; visitor?: VisitorInfo }
  | {
      kind: 'event';
      record: EventRecord;
      ipAddress: string | null;
      metric: PageMetricRecord | null;
      visitor?: VisitorInfo;
    }
  /** A bot visit (event row `bot_visit`); `session`, if stored, leaves the reports. */
  | { kind: 'bot'; record: EventRecord; session?: string };

interface Batch {
  sessions: SessionRecord[];
  pageviews: PageviewRecord[];
  events: EventRecord[];
  clicks: ClickRow[];
  bots: EventRecord[];
  /** Tracking sessions found to be bots. */
  botSessions: string[];
  pageMetrics: PageMetricRecord[];
  /** The first landing page view of each session in this batch. */
  landings: Map<string, LandingRecord>;
  /** Sessions seen in this batch: first and last message time, and the server's view of them. */
  seen: Map<
    string,
    { firstAt: number; lastAt: number; ipAddress: string | null; visitor?: VisitorInfo }
  >;
}

function isClick(item: Item): item is ClickRow {
  return Array.isArray(item);
}

function toBatch(items: Item[]): Batch {
  const batch: Batch = {
    sessions: [],
    pageviews: [],
    events: [],
    clicks: [],
    bots: [],
    botSessions: [],
    pageMetrics: [],
    landings: new Map(),
    seen: new Map(),
  };
  for (const item of items) {
    if (isClick(item)) {
      batch.clicks.push(item);
      continue;
    }
    if (item.kind === 'bot') {
      batch.bots.push(item.record);
      if (item.session) batch.botSessions.push(item.session);
      continue;
    }
    const { sessionId, at } = item.record;
    const ipAddress = item.kind === 'session' ? item.record.ipAddress : item.ipAddress;
    const seen = batch.seen.get(sessionId);
    if (seen) {
      seen.firstAt = Math.min(seen.firstAt, at);
      seen.lastAt = Math.max(seen.lastAt, at);
      seen.ipAddress ??= ipAddress;
      seen.visitor ??= item.visitor;
    } else {
      batch.seen.set(sessionId, { firstAt: at, lastAt: at, ipAddress, visitor: item.visitor });
    }
    if (item.kind === 'session') batch.sessions.push(item.record);
    else if (item.kind === 'pageview') {
      batch.pageviews.push(item.record);
      const { landing } = item.record;
      if (landing && !batch.landings.has(sessionId)) batch.landings.set(sessionId, landing);
    } else {
      batch.events.push(item.record);
      if (item.metric) batch.pageMetrics.push(item.metric);
    }
  }
  return batch;
}

/** A short description of a refused row for the log (its fields may be anything). */
function describe(item: Item): string {
  const show = (value: unknown, max: number) => JSON.stringify(String(value).slice(0, max));
  if (isClick(item)) return `click on link ${show(item[1], 20)} (${show(item[7], 40)})`;
  if (item.kind === 'bot') return `bot visit ${show(item.record.sessionId, 80)}`;
  const detail =
    item.kind === 'pageview'
      ? ` path ${show(item.record.path, 80)}`
      : item.kind === 'event'
        ? ` ${show(item.record.eventType, 40)}`
        : '';
  return `${item.kind} of session ${show(item.record.sessionId, 80)}${detail}`;
}

export { VISIT_IDLE_MS, type ClickRow } from './click-log';

/**
 * PostgreSQL advisory lock ("DRan") every batch transaction takes first: the click log's
 * derivation (./click-log.ts) upserts the daily, funnel, product and rollup rows after the
 * batch's other rows upserted theirs, so two batches of two processes would not take those
 * rows in one order; one batch at a time never deadlocks. They already wait for each other on
 * the day's hot rows (the day's totals, the direct visits' daily row) until they commit.
 *
 * The same statement turns JIT compilation off for the transaction: the staging tables are
 * never analyzed while they hold rows, so the planner's estimates of their size follow their
 * dead pages and a batch's statements crossed `jit_above_cost`, compiling (with LLVM's
 * optimisation past `jit_optimize_above_cost`) for half a second what runs in milliseconds
 * (docs/decisions.md, session 41).
 */
export const ANALYTICS_BATCH_LOCK = 0x4452_616e;

/** One transaction writes at most this many rows (a backlog drains in several). */
const MAX_BATCH_ROWS = 10_000;
/** stop() gives an unreachable database this long before the rows left are given up. */
const STOP_GRACE_MS = 10_000;
/** Refusals are logged at most this often, as a count. */
const REFUSAL_LOG_MS = 5_000;

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
 * The one writer of visitor activity: collects the tracking sockets' rows and the /go
 * redirect's clicks in memory and writes them in one transaction per flush: every second, at
 * `flushRows` rows, and on stop(). Sessions, page views, events, clicks, the session counters
 * and the hourly rollups of a batch commit together, so the reports never see half a batch.
 * All SQL here runs unchanged on SQLite and PostgreSQL.
 *
 * A redirect click belongs to no tracking session: it is an event row counted in the CTA
 * rollups, and never makes a visitor or a conversion (a click without JavaScript is not a
 * visit). It is held as one click log row and derived in SQL (./click-log.ts).
 *
 * Nothing accepted is dropped silently:
 * - the buffer is bounded: at `maxBufferedRows` it reports itself full (onPressure) so the
 *   sockets stop being read, and only refuses rows (counted, logged) beyond a margin;
 * - a batch the database refuses is split in halves until the bad rows are alone; only those
 *   are refused (counted, logged);
 * - while the database is unreachable a batch is retried with backoff, for as long as it
 *   takes; the rows stay in the buffer and the sockets are paused once it is full.
 */
export class AnalyticsWriteBuffer {
  private pending: Item[] = [];
  /** Rows taken out of `pending` by the flush in progress. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private stopped = false;
  private stopDeadline: number | null = null;
  private isFull = false;
  private fullEvents = 0;
  private readonly pressureListeners = new Set<(full: boolean) => void>();
  private refusedSinceLog = 0;
  private refusalLogAt = 0;
  /** Rows refused because the buffer was over its hard limit or stopped. */
  refused = 0;
  /** Redirect clicks taken. */
  private clicks = 0;
  /** Bot visits taken (rows of their own, like clicks). */
  private bots = 0;
  /** Until the first batch is written: it derives any rows found in the click log too. */
  private clickLogUnchecked = true;
  /** Writes each batch: retries through outages, splits a batch the database refuses. */
  private readonly batches: BatchWriter<Item>;

  constructor(
    private readonly db: Database,
    private readonly options: WriteBufferOptions,
  ) {
    this.batches = new BatchWriter<Item>(db, {
      name: '[analytics]',
      log: options.log,
      writeBatch: (transaction, items) => this.writeBatch(transaction, toBatch(items)),
      onRejected: (item, error) => this.logRejection(item, error),
      heldRows: () => this.size,
    });
  }

  /** Rows committed to the database. */
  get written(): number {
    return this.batches.written;
  }

  /** Rows the database refused after their batch was split. */
  get rejected(): number {
    return this.batches.rejected;
  }

  /** Rows given up at shutdown while the database was unreachable. */
  get abandoned(): number {
    return this.batches.abandoned;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
    // Rows left in the click log (a transaction committed them without their derivation).
    if (this.clickLogUnchecked) void this.flush();
  }

  /** Rows held: waiting, plus the ones being written. */
  get size(): number {
    return this.pending.length + this.inFlight;
  }

  /** True while the buffer asks its producers to stop (backpressure). */
  get full(): boolean {
    return this.isFull;
  }

  /** Beyond this many rows held, new rows are refused. */
  get hardLimit(): number {
    const max = this.options.maxBufferedRows;
    return max + Math.max(1_000, Math.ceil(max / 5));
  }

  /** Dropped rows of every kind (refused, rejected by the database, abandoned at shutdown). */
  get dropped(): number {
    return this.refused + this.rejected + this.abandoned;
  }

  /** Called with true when the buffer becomes full and with false when it has room again. */
  onPressure(listener: (full: boolean) => void): () => void {
    this.pressureListeners.add(listener);
    return () => this.pressureListeners.delete(listener);
  }

  stats(): WriteBufferStats {
    return {
      buffered: this.size,
      written: this.written,
      refused: this.refused,
      rejected: this.rejected,
      abandoned: this.abandoned,
      clicks: this.clicks,
      bots: this.bots,
      full: this.isFull,
      fullEvents: this.fullEvents,
      unavailableSince: this.batches.unavailableSince,
    };
  }

  private updatePressure(): void {
    const max = this.options.maxBufferedRows;
    // Hysteresis: full at the limit, open again at half, so sockets are not toggled per row.
    const full = this.isFull ? this.size > Math.floor(max / 2) : this.size >= max;
    if (full === this.isFull) return;
    this.isFull = full;
    if (full) {
      this.fullEvents += 1;
      this.options.log(
        `[analytics] write buffer full (${this.size} rows): pausing the tracking sockets`,
      );
    }
    for (const listener of this.pressureListeners) listener(full);
  }

  private add(item: Item): boolean {
    if (this.stopped || this.size >= this.hardLimit) {
      this.refuse(1);
      return false;
    }
    this.pending.push(item);
    this.updatePressure();
    if (this.pending.length >= this.options.flushRows) void this.flush();
    return true;
  }

  private refuse(rows: number): void {
    this.refused += rows;
    this.refusedSinceLog += rows;
    const now = Date.now();
    if (now - this.refusalLogAt >= REFUSAL_LOG_MS) {
      this.options.log(
        `[analytics] refused ${this.refusedSinceLog} tracking rows: ` +
          (this.stopped ? 'shutting down' : `write buffer over ${this.hardLimit} rows`),
      );
      this.refusalLogAt = now;
      this.refusedSinceLog = 0;
    }
  }

  private rejectionsLogged = 0;
  private rejectionLogAt = 0;

  /** Each refused row is logged, up to 20 every 5 s; the rest as a count in the next window. */
  private logRejection(item: Item, error: unknown): void {
    const now = Date.now();
    if (now - this.rejectionLogAt >= REFUSAL_LOG_MS) {
      if (this.rejectionsLogged > 20) {
        this.options.log(
          `[analytics] ... and ${this.rejectionsLogged - 20} more rows refused by the database`,
        );
      }
      this.rejectionLogAt = now;
      this.rejectionsLogged = 0;
    }
    this.rejectionsLogged += 1;
    if (this.rejectionsLogged <= 20) {
      this.options.log(`[analytics] the database refused a ${describe(item)}: ${String(error)}`);
    }
  }

  addSession(record: SessionRecord, visitor?: VisitorInfo): boolean {
    return this.add({ kind: 'session', record, visitor });
  }

  addPageview(record: PageviewRecord, ipAddress: string | null, visitor?: VisitorInfo): boolean {
    return this.add({ kind: 'pageview', record, ipAddress, visitor });
  }

  addEvent(
    record: EventRecord,
    ipAddress: string | null,
    metric: PageMetricRecord | null,
    visitor?: VisitorInfo,
  ): boolean {
    return this.add({ kind: 'event', record, ipAddress, metric, visitor });
  }

  /** A click through the /go redirect, as its click log row (ClickRecorder's sink). */
  addClick(row: ClickRow): boolean {
    const taken = this.add(row);
    if (taken) this.clicks += 1;
    return taken;
  }

  /** A bot visit (socket or /go): counted in `bots`, its session left out of every report. */
  addBot(record: EventRecord, session?: string): boolean {
    const taken = this.add({ kind: 'bot', record, session });
    if (taken) this.bots += 1;
    return taken;
  }

  /** Writes everything buffered so far; concurrent calls share one flush and run another after. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    if (this.pending.length === 0 && !this.clickLogUnchecked) return Promise.resolve();
    // `finally` runs asynchronously, so `flushing` is always cleared after it was set.
    const flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    this.flushing = flushing;
    return flushing;
  }

  private async drain(): Promise<void> {
    if (this.clickLogUnchecked && this.pending.length === 0) {
      await this.batches.write([]);
      this.clickLogUnchecked = false;
    }
    do {
      this.flushAgain = false;
      while (this.pending.length > 0) {
        const items = this.pending.splice(0, MAX_BATCH_ROWS);
        this.inFlight = items.length;
        try {
          await this.batches.write(items);
          this.clickLogUnchecked = false;
        } finally {
          this.inFlight = 0;
          this.updatePressure();
        }
        // A backlog drains batch after batch; a trickle waits for the timer or flushRows.
        if (this.pending.length < this.options.flushRows && !this.flushAgain && !this.stopDeadline)
          break;
      }
    } while (this.flushAgain && this.pending.length > 0);
  }

  /** Stops the timer, writes what is left, and refuses new rows from then on. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopDeadline = Date.now() + graceMs;
    this.batches.stopDeadline = this.stopDeadline;
    // A flush in progress may have started before the last rows arrived: flush until empty.
    while (this.flushing || this.pending.length > 0) await this.flush();
    this.stopped = true;
  }

  private async writeBatch(transaction: Transaction, batch: Batch): Promise<void> {
    const { db } = this;
    const rollups = new RollupIncrements();
    const run = (sql: string, params: unknown[]) => execute(db, transaction, sql, params);
    const sessionHour = hourExpression(db.dialect, '"createdAt"');
    // Rows are visited in sessionId order so that two processes lock them in the same order.
    const seen = [...batch.seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (db.dialect === 'postgres') {
      // No JIT compilation in this transaction (see ANALYTICS_BATCH_LOCK).
      await run(`SELECT pg_advisory_xact_lock(?), set_config('jit', 'off', TRUE)`, [
        ANALYTICS_BATCH_LOCK,
      ]);
    }

    // 0. The visits this batch touches, as they stand before it (./visits.ts).
    const before = await readVisits(db, transaction, [...batch.seen.keys(), ...batch.botSessions]);

    // 1. Every session seen gets its row; the ones that are new count as visitors.
    for (const rows of chunk(seen, 7)) {
      const inserted = await run(
        `INSERT INTO analytics_sessions ("sessionId", "ipAddress", "createdAt", "lastSeenMs", detailed,
           "visitorKey", "visitDevice", "visitBrowser")
         VALUES ${rows.map(() => '(?, ?, ?, ?, FALSE, ?, ?, ?)').join(', ')}
         ON CONFLICT ("sessionId") DO NOTHING
         RETURNING "sessionId"`,
        rows.flatMap(([sessionId, s]) => [
          sessionId,
          s.ipAddress,
          toDbTimestamp(s.firstAt),
          s.lastAt,
          s.visitor?.key ?? null,
          s.visitor?.device ?? null,
          s.visitor?.browser ?? null,
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
    for (const rows of chunk(detailRows, 12)) {
      const upgraded = await run(
        `INSERT INTO analytics_sessions ("sessionId", "ipAddress", "userAgent", country, city, device,
           browser, referrer, "referrerHost", "sourceGroup", "createdAt", "lastSeenMs", detailed)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE)').join(', ')}
         ON CONFLICT ("sessionId") DO UPDATE SET
           "ipAddress" = excluded."ipAddress", "userAgent" = excluded."userAgent",
           country = excluded.country, city = excluded.city, device = excluded.device,
           browser = excluded.browser, referrer = excluded.referrer,
           "referrerHost" = CASE WHEN analytics_sessions."sourceSet"
             THEN analytics_sessions."referrerHost" ELSE excluded."referrerHost" END,
           "sourceGroup" = CASE WHEN analytics_sessions."sourceSet"
             THEN analytics_sessions."sourceGroup" ELSE excluded."sourceGroup" END,
           detailed = TRUE
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
          r.sourceGroup,
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

    // 3b. The visit's source, product views and bots (./visits.ts).
    await this.writeVisits(transaction, batch);

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

    // 5. Events (the /go clicks' are derived in step 9). A product view carries its product's
    // category (the client sends only the product), for the funnel per category.
    await this.fillProductCategories(transaction, batch.events);
    await bulkInsert(
      db,
      transaction,
      'events',
      EVENT_COLUMNS,
      [...batch.events, ...batch.bots].map((r) => [
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
      // The visitor's own CTA click makes its session a conversion; the click itself is
      // counted (cta_platform, cta_product, live figures) by the /go redirect (api/src/go).
      if (record.eventType !== CLIENT_CTA_CLICK_EVENT) continue;
      ctaClicks.set(record.sessionId, (ctaClicks.get(record.sessionId) ?? 0) + 1);
    }
    for (const bot of batch.bots) rollups.add(METRIC.event, hourOf(bot.at), bot.eventType);

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
    await this.applyVisitRollups(transaction, batch, before);

    // 9. The /go clicks: what they make, derived in SQL (./click-log.ts), by difference from
    // the visits as the steps above left them. Until a batch has been written, rows left in
    // the click log are derived with the batch's (which go through the log); then a batch's
    // clicks are staged straight from their values.
    if (this.clickLogUnchecked) {
      await insertClickRows(db, transaction, batch.clicks);
      await deriveClickLog(db, transaction);
    } else if (batch.clicks.length > 0) {
      await deriveClickRows(db, transaction, batch.clicks);
    }
  }

  /**
   * Writes what the staff reports need: the landing page view's source (once per visit), the
   * bot flag and the product view counters. The /go clicks' visits are the click log's
   * (./click-log.ts).
   */
  private async writeVisits(transaction: Transaction, batch: Batch): Promise<void> {
    const { db } = this;
    const run = (sql: string, params: unknown[]) => execute(db, transaction, sql, params);
    const landings = [...batch.landings.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [sessionId, landing] of landings) {
      await run(
        `UPDATE analytics_sessions SET "sourceGroup" = ?, "referrerHost" = ?, "utmSource" = ?,
           "utmMedium" = ?, "utmCampaign" = ?, "sourceSet" = TRUE
         WHERE "sessionId" = ? AND "sourceSet" = FALSE`,
        [
          landing.sourceGroup,
          landing.referrerHost,
          landing.utmSource,
          landing.utmMedium,
          landing.utmCampaign,
          sessionId,
        ],
      );
    }
    const bots = [...new Set(batch.botSessions)].sort();
    for (const ids of chunk(bots, 1)) {
      await run(
        `UPDATE analytics_sessions SET bot = TRUE WHERE "sessionId" IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    }
    const views = new Map<string, number>();
    for (const event of batch.events) {
      if (event.eventType === PRODUCT_VIEW_EVENT && event.productId) {
        views.set(event.sessionId, (views.get(event.sessionId) ?? 0) + 1);
      }
    }
    await this.addToCounter(transaction, '"productViews"', views);
  }

  private async addToCounter(
    transaction: Transaction,
    column: string,
    counts: Map<string, number>,
  ): Promise<void> {
    const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const part of chunk(rows, 2)) {
      const source = rowsSource(this.db.dialect, part, ['text', 'integer']);
      await execute(
        this.db,
        transaction,
        `UPDATE analytics_sessions SET ${column} = ${column} + v.column2
         FROM ${source.sql}
         WHERE analytics_sessions."sessionId" = v.column1`,
        source.params,
      );
    }
  }

  /** The daily rollups: what changed for every touched visit, and per product per visit day. */
  private async applyVisitRollups(
    transaction: Transaction,
    batch: Batch,
    before: Map<string, VisitState>,
  ): Promise<void> {
    const ids = [...new Set([...before.keys(), ...batch.seen.keys()])];
    const after = await readVisits(this.db, transaction, ids);
    const daily = new DailyIncrements();
    for (const id of ids) daily.change(before.get(id), after.get(id));
    await applyDailyIncrements(this.db, transaction, daily);
    const products = new ProductIncrements();
    for (const event of batch.events) {
      if (event.eventType !== PRODUCT_VIEW_EVENT || !event.productId) continue;
      const visit = after.get(event.sessionId);
      if (visit && !visit.bot) products.add(visit.day, event.productId, 1, 0);
    }
    await applyProductIncrements(this.db, transaction, products);

    // The funnel per category and platform (./funnel-steps.ts), by difference too.
    const marks: StepMark[] = [];
    for (const event of batch.events) {
      if (event.eventType === PRODUCT_VIEW_EVENT && event.productId && event.categoryId) {
        marks.push({
          sessionId: event.sessionId,
          kind: 'category',
          value: event.categoryId,
          product: 1,
          click: 0,
        });
      }
    }
    const stepIds = [...new Set([...ids, ...marks.map((m) => m.sessionId)])];
    const stepsBefore = await readSteps(this.db, transaction, stepIds);
    await writeSteps(this.db, transaction, marks);
    const stepsAfter = await readSteps(this.db, transaction, stepIds);
    const funnel = new FunnelIncrements();
    for (const id of stepIds) {
      funnel.change(before.get(id), stepsBefore.get(id), after.get(id), stepsAfter.get(id));
    }
    await applyFunnelIncrements(this.db, transaction, funnel);
  }

  /** Sets the category of product views that came without one, from the products table. */
  private async fillProductCategories(
    transaction: Transaction,
    events: EventRecord[],
  ): Promise<void> {
    const missing = events.filter(
      (e) => e.eventType === PRODUCT_VIEW_EVENT && e.productId && !e.categoryId,
    );
    // Only well-formed ids are looked up, by the primary key itself (a cast would read every row).
    const productIds = [...new Set(missing.map((e) => e.productId ?? ''))].filter(isUuid).sort();
    const categories = new Map<string, string>();
    for (const ids of chunk(productIds, 1)) {
      if (ids.length === 0) continue;
      const rows = await execute(
        this.db,
        transaction,
        `SELECT id, "categoryId" FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      for (const row of rows) {
        if (row.categoryId) categories.set(String(row.id), String(row.categoryId));
      }
    }
    for (const event of missing) event.categoryId = categories.get(event.productId ?? '') ?? null;
  }
}
