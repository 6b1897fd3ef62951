import type { MappedRow, RowFailure } from './chunk';
import type { KnownItems } from './known-items';

/** Rows written per transaction: large enough to write fast, small enough to let other writes in. */
export const FEED_CHUNK_ROWS = 1_000;
/**
 * Rows read per chunk at most, written or not: a feed that changed little is read in chunks
 * of this many rows, so its run still stops (and records what it saw) every few thousand
 * rows. A chunk of rows known unchanged costs no statement (docs/decisions.md, session 42).
 */
export const FEED_CHUNK_READ_ROWS = 10 * FEED_CHUNK_ROWS;

/**
 * The rows of a feed run's next chunk, gathered as the run reads them. A row whose content
 * hashes as the run found its item at its start (known-items.ts) costs no write and no
 * look-up: only its item's id is kept (seen once the chunk has committed, seen.ts), and it
 * does not count towards the chunk's FEED_CHUNK_ROWS rows to write: a feed that changed little
 * is written in fewer, fuller transactions. Every other row is written
 * by this chunk and forgotten in `known` at once: a later row of the same sku (in this chunk's
 * successors) is matched in the database, which by then holds what this one wrote.
 */
export class RunChunk {
  /** The rows to write (matched in feed_items, then created, updated or found unchanged). */
  readonly rows: MappedRow[] = [];
  /** Items of the rows known unchanged. */
  readonly unchangedIds: number[] = [];
  readonly failures: RowFailure[] = [];
  private readonly skus = new Set<string>();
  private read = 0;

  constructor(private readonly known: Pick<KnownItems, 'unchangedId' | 'forget'> | null) {}

  get size(): number {
    return this.read;
  }

  /**
   * The pauses the run takes after this chunk's commit: one per FEED_CHUNK_ROWS rows read, so
   * the run rests as long per row read as when every chunk was 1,000 rows read (session 42: a
   * pause per thousand rows written only raised the list page's p95 during a run).
   */
  get pauses(): number {
    return Math.max(1, Math.ceil(this.read / FEED_CHUNK_ROWS));
  }

  /**
   * Whether `row` must start the next chunk: this one is full, or writes the same sku (the
   * later row must see what the earlier wrote; a sku this chunk writes is no longer known).
   */
  refuses(row: MappedRow): boolean {
    return (
      this.rows.length >= FEED_CHUNK_ROWS ||
      this.read >= FEED_CHUNK_READ_ROWS ||
      this.skus.has(row.sku)
    );
  }

  add(row: MappedRow): void {
    this.read++;
    const unchangedId = this.known?.unchangedId(row.sku, row.hash) ?? null;
    if (unchangedId !== null) {
      this.unchangedIds.push(unchangedId);
      return;
    }
    this.known?.forget(row.sku);
    this.rows.push(row);
    this.skus.add(row.sku);
  }

  fail(failure: RowFailure): void {
    this.read++;
    this.failures.push(failure);
  }
}
