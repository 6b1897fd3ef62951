import { QueryTypes } from 'sequelize';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '../db/database';

/** Milliseconds since the epoch on the database's clock (one clock for every process). */
const NOW_MS = `CAST(extract(epoch from now()) * 1000 AS bigint)`;
/** Expired rows are deleted at most this often by each process, after one of its writes. */
const PRUNE_EVERY_MS = 60_000;

export interface SharedCount {
  /** Hits in the current window, this increment included. */
  hits: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
  /** The window's end on the database clock: the same for every process counting in it. */
  resetAt: number;
}

/**
 * Fixed-window counters in the shared_limits table of PostgreSQL, so that every process behind
 * the load balancer counts against one limit. Each operation is one atomic statement: an
 * UPSERT either starts a new window (the row is missing or its window has ended) or adds to
 * the current one, and returns the result, so concurrent processes never lose a hit.
 */
export class SharedCounters {
  private lastPrune = Date.now();

  constructor(private readonly db: Database) {
    if (db.dialect !== 'postgres') throw new Error('Shared counters need PostgreSQL');
  }

  async increment(key: string, windowMs: number, by = 1): Promise<SharedCount> {
    const [row] = await this.db.sequelize.query<{
      hits: number;
      resetAt: string;
      resetInMs: string;
    }>(
      `INSERT INTO shared_limits (key, hits, "resetAt")
       VALUES (:key, :by, ${NOW_MS} + :windowMs)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN shared_limits."resetAt" <= ${NOW_MS} THEN excluded.hits
                     ELSE shared_limits.hits + excluded.hits END,
         "resetAt" = CASE WHEN shared_limits."resetAt" <= ${NOW_MS} THEN excluded."resetAt"
                          ELSE shared_limits."resetAt" END
       RETURNING hits, "resetAt", "resetAt" - ${NOW_MS} AS "resetInMs"`,
      { replacements: { key, by, windowMs: Math.round(windowMs) }, type: QueryTypes.SELECT },
    );
    this.maybePrune();
    return {
      hits: Number(row!.hits),
      resetAt: Number(row!.resetAt),
      resetInMs: Number(row!.resetInMs),
    };
  }

  /**
   * Claims `key` for `windowMs` unless a live claim exists: true for the first caller in any
   * process, false for everyone else until the window ends.
   */
  async claim(key: string, windowMs: number): Promise<boolean> {
    const rows = await this.db.sequelize.query(
      `INSERT INTO shared_limits (key, hits, "resetAt")
       VALUES (:key, 1, ${NOW_MS} + :windowMs)
       ON CONFLICT (key) DO UPDATE SET hits = 1, "resetAt" = excluded."resetAt"
         WHERE shared_limits."resetAt" <= ${NOW_MS}
       RETURNING hits`,
      { replacements: { key, windowMs: Math.round(windowMs) }, type: QueryTypes.SELECT },
    );
    this.maybePrune();
    return rows.length > 0;
  }

  /**
   * claim() for many keys in one statement (the /go queue claims a batch of clicks at once):
   * the keys this caller claimed. Keys are made distinct and sorted, so that two processes
   * claiming overlapping batches lock the rows in the same order.
   */
  async claimMany(keys: string[], windowMs: number): Promise<Set<string>> {
    const distinct = [...new Set(keys)].sort();
    if (distinct.length === 0) return new Set();
    const rows = await this.db.sequelize.query<{ key: string }>(
      `INSERT INTO shared_limits (key, hits, "resetAt")
       SELECT k, 1, ${NOW_MS} + CAST($2 AS bigint) FROM unnest(CAST($1 AS text[])) AS k
       ON CONFLICT (key) DO UPDATE SET hits = 1, "resetAt" = excluded."resetAt"
         WHERE shared_limits."resetAt" <= ${NOW_MS}
       RETURNING key`,
      { bind: [distinct, Math.round(windowMs)], type: QueryTypes.SELECT },
    );
    this.maybePrune();
    return new Set(rows.map((row) => row.key));
  }

  async decrement(key: string): Promise<void> {
    await this.db.sequelize.query(
      `UPDATE shared_limits SET hits = GREATEST(hits - 1, 0)
       WHERE key = :key AND "resetAt" > ${NOW_MS}`,
      { replacements: { key } },
    );
  }

  async get(key: string): Promise<SharedCount | undefined> {
    const [row] = await this.db.sequelize.query<{
      hits: number;
      resetAt: string;
      resetInMs: string;
    }>(
      `SELECT hits, "resetAt", "resetAt" - ${NOW_MS} AS "resetInMs" FROM shared_limits
       WHERE key = :key AND "resetAt" > ${NOW_MS}`,
      { replacements: { key }, type: QueryTypes.SELECT },
    );
    return row
      ? { hits: Number(row.hits), resetAt: Number(row.resetAt), resetInMs: Number(row.resetInMs) }
      : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.sequelize.query('DELETE FROM shared_limits WHERE key = :key', {
      replacements: { key },
    });
  }

  /** Deletes ended windows (a minute late, so a slow statement never races a fresh row). */
  async prune(): Promise<void> {
    await this.db.sequelize.query(
      `DELETE FROM shared_limits WHERE "resetAt" < ${NOW_MS} - ${PRUNE_EVERY_MS}`,
    );
  }

  private maybePrune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    // Housekeeping only: a failure is retried a minute later.
    this.prune().catch(() => undefined);
  }
}

/**
 * An express-rate-limit store over SharedCounters: the login limits hold across every process
 * sharing the database. `prefix` keeps the limiters' keys apart.
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly counters: SharedCounters,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private info(count: SharedCount): ClientRateLimitInfo {
    return { totalHits: count.hits, resetTime: new Date(Date.now() + count.resetInMs) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.info(await this.counters.increment(this.prefix + key, this.windowMs));
  }

  async decrement(key: string): Promise<void> {
    await this.counters.decrement(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.reset(this.prefix + key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await this.counters.get(this.prefix + key);
    return count && this.info(count);
  }
}
