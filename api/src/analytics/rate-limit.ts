/** A token bucket: `ratePerSecond` sustained, bursts of up to `burst`. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  take(now = Date.now()): boolean {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface AddressLimiterOptions {
  /** Most addresses remembered; past it the least recently seen is forgotten. */
  maxEntries?: number;
  /**
   * An address unseen for this long (ms) is forgotten. Never less than the time its bucket
   * takes to refill, so forgetting one gives it nothing it would not have had anyway.
   */
  idleMs?: number;
}

/**
 * One bucket per client key (clientKey: an IPv4 address or an IPv6 /64), shared by all of
 * that client's sockets and kept after they close: reconnecting does not refill it. The map
 * is bounded: least recently seen first out, and entries idle longer than their refill time
 * are dropped as new messages arrive.
 */
export class AddressLimiter {
  private readonly entries = new Map<string, { bucket: TokenBucket; seenAt: number }>();
  private readonly maxEntries: number;
  private readonly idleMs: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    options: AddressLimiterOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 100_000;
    const refillMs = Math.ceil((burst / ratePerSecond) * 1000);
    this.idleMs = Math.max(options.idleMs ?? 60_000, refillMs);
  }

  take(key: string, now = Date.now()): boolean {
    let entry = this.entries.get(key);
    if (entry) {
      // Re-inserted: the map's order is least recently seen first.
      this.entries.delete(key);
    } else {
      entry = { bucket: new TokenBucket(this.ratePerSecond, this.burst, now), seenAt: now };
    }
    entry.seenAt = now;
    this.entries.set(key, entry);
    this.prune(now);
    return entry.bucket.take(now);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && now - entry.seenAt < this.idleMs) break;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
