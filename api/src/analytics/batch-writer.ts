import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { isDatabaseUnavailable, isTransientWriteError } from '../db/unavailable';

/** Deadlocks and serialization failures are retried this many times before a batch is split. */
const MAX_TRANSIENT_ATTEMPTS = 3;
/** While the database is unreachable, retries back off from the first to the last delay. */
const OUTAGE_RETRY_FIRST_MS = 100;
const OUTAGE_RETRY_MAX_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BatchWriterOptions<T> {
  /** The log lines' prefix, e.g. `[analytics]`. */
  name: string;
  log(line: string): void;
  /** Writes one batch inside `transaction` (all of it commits, or none). */
  writeBatch(transaction: Transaction, items: T[]): Promise<void>;
  /** A row the database refused on its own, once its batch was split down to it. */
  onRejected(item: T, error: unknown): void;
  /** Rows the owner holds, for the outage log line. */
  heldRows(): number;
}

/**
 * Writes batches of buffered rows, each in one transaction, so that nothing accepted is lost
 * on the way to the database (docs/contracts.md#analytics):
 * - while the database is unreachable a batch is retried with backoff for as long as it
 *   takes, until `stopDeadline` (set by the owner's stop) has passed; then it is abandoned;
 * - deadlocks and serialization failures are retried a few times;
 * - a batch the database refuses is split in halves until the bad rows are alone; only those
 *   are rejected.
 * The analytics write buffer (visitor rows and /go clicks alike) writes through it.
 */
export class BatchWriter<T> {
  /** Rows committed to the database. */
  written = 0;
  /** Rows the database refused (a bad row, found by splitting its batch). */
  rejected = 0;
  /** Rows given up at shutdown because the database stayed unreachable. */
  abandoned = 0;
  /** Since when (ms) the database has been unreachable; null when it is reachable. */
  unavailableSince: number | null = null;
  /** Past this time (ms), an unreachable database gets no more retries. */
  stopDeadline: number | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: BatchWriterOptions<T>,
  ) {}

  /** Writes `items` in one transaction, retrying and splitting as described above. */
  async write(items: T[]): Promise<void> {
    const { name, log } = this.options;
    let transient = 0;
    let delay = OUTAGE_RETRY_FIRST_MS;
    let failure: unknown;
    for (;;) {
      try {
        await this.db.write((transaction) => this.options.writeBatch(transaction, items));
        this.written += items.length;
        if (this.unavailableSince !== null) {
          const seconds = ((Date.now() - this.unavailableSince) / 1000).toFixed(1);
          log(`${name} database reachable again after ${seconds} s`);
          this.unavailableSince = null;
        }
        return;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          if (this.unavailableSince === null) {
            this.unavailableSince = Date.now();
            log(
              `${name} database unreachable, keeping ${this.options.heldRows()} rows and retrying: ${String(error)}`,
            );
          }
          if (this.stopDeadline !== null && Date.now() >= this.stopDeadline) {
            this.abandoned += items.length;
            log(
              `${name} gave up ${items.length} rows at shutdown: the database stayed unreachable`,
            );
            return;
          }
          await sleep(delay);
          delay = Math.min(delay * 2, OUTAGE_RETRY_MAX_MS);
          continue;
        }
        if (isTransientWriteError(error) && transient < MAX_TRANSIENT_ATTEMPTS) {
          transient += 1;
          await sleep(50 * transient);
          continue;
        }
        failure = error;
        break;
      }
    }
    if (items.length === 0) {
      // A batch of no rows (the write buffer's first look at its click log) has none to split.
      log(`${name} a batch of no rows failed: ${String(failure)}`);
      return;
    }
    if (items.length === 1) {
      this.rejected += 1;
      this.options.onRejected(items[0]!, failure);
      return;
    }
    const half = Math.ceil(items.length / 2);
    await this.write(items.slice(0, half));
    await this.write(items.slice(half));
  }
}
