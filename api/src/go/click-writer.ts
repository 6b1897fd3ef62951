import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { BatchWriter } from '../analytics/batch-writer';
import { CTA_CLICK_EVENT } from '../analytics/cta';
import type { EventRecord } from '../analytics/records';
import { applyRollupIncrements, METRIC, RollupIncrements } from '../analytics/rollups';
import { bulkInsert, type BulkColumn } from '../db/sql';
import { hourOf } from '../analytics/time';
import { toDbTimestamp } from '../db/timestamps';

export interface ClickWriterOptions {
  /** Flush at least this often (ms). */
  flushIntervalMs: number;
  /** Flush as soon as this many clicks wait. */
  flushRows: number;
  /** Refuse clicks beyond this many waiting (the database is not keeping up). */
  maxBufferedRows: number;
  log: (line: string) => void;
}

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
 * stop() gives an unreachable database this long before the clicks left are given up; short,
 * because it runs after the analytics buffer's own grace within the shutdown deadline.
 */
const STOP_GRACE_MS = 2_000;
/** Refused clicks are logged one by one, at most this many per writer. */
const MAX_REJECTIONS_LOGGED = 20;

/**
 * Buffers the redirect's clicks and writes them in one transaction per flush: the `events`
 * rows (which the live figures count) and the hourly rollups the CTA reports read (`event`,
 * `cta_platform`, `cta_product`), exactly as the analytics write buffer counts a `cta_click`.
 *
 * It is separate from the visitor write buffer because a redirect click belongs to no
 * tracking session: that buffer makes a visitor of every sessionId it sees, and a click
 * without JavaScript must not become a visitor or a conversion. Both write through a
 * BatchWriter: a batch survives an outage, and only a click the database refuses is lost.
 */
export class ClickWriter {
  private pending: EventRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  /** Clicks refused because the buffer was full or the writer stopped. */
  private refused = 0;
  private readonly batches: BatchWriter<EventRecord>;

  constructor(
    private readonly db: Database,
    private readonly options: ClickWriterOptions,
  ) {
    this.batches = new BatchWriter<EventRecord>(db, {
      name: '[go]',
      log: options.log,
      writeBatch: (transaction, batch) => this.writeBatch(transaction, batch),
      onRejected: (record, error) => {
        if (this.batches.rejected <= MAX_REJECTIONS_LOGGED) {
          options.log(`[go] the database refused a click on ${record.platform}: ${String(error)}`);
        }
      },
      heldRows: () => this.size,
    });
  }

  /** Clicks committed to the database. */
  get written(): number {
    return this.batches.written;
  }

  /** Clicks lost: refused at the door, refused by the database, or given up at shutdown. */
  get dropped(): number {
    return this.refused + this.batches.rejected + this.batches.abandoned;
  }

  start(): void {
    this.timer ??= setInterval(() => this.flushSoon(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  get size(): number {
    return this.pending.length;
  }

  add(record: EventRecord): boolean {
    if (this.stopped || this.pending.length >= this.options.maxBufferedRows) {
      this.refused += 1;
      return false;
    }
    this.pending.push(record);
    if (this.pending.length >= this.options.flushRows) this.flushSoon();
    return true;
  }

  /**
   * Starts a flush unless one is running: a flush can wait out a database outage, and clicks
   * and timer ticks must not queue a waiter each meanwhile. A flush that ends with a full
   * batch waiting starts the next one itself.
   */
  private flushSoon(): void {
    if (!this.flushing) void this.flush();
  }

  /** Writes everything buffered so far; a call during a flush waits for it and flushes again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.batches.write(batch).finally(() => {
      this.flushing = null;
      if (this.pending.length >= this.options.flushRows) this.flushSoon();
    });
    await this.flushing;
  }

  /** Stops the timer, writes what is left and refuses clicks from then on. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.batches.stopDeadline = Date.now() + graceMs;
    while (this.flushing || this.pending.length > 0) await this.flush();
    this.stopped = true;
  }

  private async writeBatch(transaction: Transaction, batch: EventRecord[]): Promise<void> {
    await bulkInsert(
      this.db,
      transaction,
      'events',
      EVENT_COLUMNS,
      batch.map((r) => [
        r.sessionId,
        r.eventType,
        r.eventData,
        r.productId,
        r.categoryId,
        r.platform,
        toDbTimestamp(r.at),
      ]),
    );
    const rollups = new RollupIncrements();
    for (const record of batch) {
      const hour = hourOf(record.at);
      rollups.add(METRIC.event, hour, record.eventType);
      if (record.eventType !== CTA_CLICK_EVENT) continue;
      if (record.platform) rollups.add(METRIC.ctaPlatform, hour, record.platform);
      if (record.productId) rollups.add(METRIC.ctaProduct, hour, record.productId);
    }
    await applyRollupIncrements(this.db, transaction, rollups);
  }
}
