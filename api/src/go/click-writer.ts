import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { CTA_CLICK_EVENT } from '../analytics/cta';
import type { EventRecord } from '../analytics/records';
import { applyRollupIncrements, METRIC, RollupIncrements } from '../analytics/rollups';
import { bulkInsert, type BulkColumn } from '../analytics/sql';
import { hourOf, toDbTimestamp } from '../analytics/time';

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

const MAX_FLUSH_ATTEMPTS = 3;

/**
 * Buffers the redirect's clicks and writes them in one transaction per flush: the `events`
 * rows (which the live figures count) and the hourly rollups the CTA reports read (`event`,
 * `cta_platform`, `cta_product`), exactly as the analytics write buffer counts a `cta_click`.
 *
 * It is separate from the visitor write buffer because a redirect click belongs to no
 * tracking session: that buffer makes a visitor of every sessionId it sees, and a click
 * without JavaScript must not become a visitor or a conversion.
 */
export class ClickWriter {
  private pending: EventRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  written = 0;
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly options: ClickWriterOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  get size(): number {
    return this.pending.length;
  }

  add(record: EventRecord): boolean {
    if (this.stopped || this.pending.length >= this.options.maxBufferedRows) {
      this.dropped += 1;
      return false;
    }
    this.pending.push(record);
    if (this.pending.length >= this.options.flushRows) void this.flush();
    return true;
  }

  /** Writes everything buffered so far; a call during a flush waits for it and flushes again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.writeWithRetry(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Stops the timer, writes what is left and refuses clicks from then on. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.flushing || this.pending.length > 0) await this.flush();
    this.stopped = true;
  }

  private async writeWithRetry(batch: EventRecord[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.db.write((transaction) => this.writeBatch(transaction, batch));
        this.written += batch.length;
        return;
      } catch (error) {
        if (attempt >= MAX_FLUSH_ATTEMPTS) {
          this.dropped += batch.length;
          this.options.log(
            `[go] dropped ${batch.length} clicks after ${attempt} failed writes: ${String(error)}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
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
