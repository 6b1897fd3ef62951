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

/**
 * One bucket per client address, shared by all of that address's sockets and forgotten when
 * its last socket closes, so the map never outgrows the open connections.
 */
export class AddressLimiter {
  private readonly entries = new Map<string, { bucket: TokenBucket; sockets: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {}

  open(address: string): void {
    const entry = this.entries.get(address);
    if (entry) entry.sockets += 1;
    else
      this.entries.set(address, {
        bucket: new TokenBucket(this.ratePerSecond, this.burst),
        sockets: 1,
      });
  }

  close(address: string): void {
    const entry = this.entries.get(address);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets <= 0) this.entries.delete(address);
  }

  take(address: string, now = Date.now()): boolean {
    return this.entries.get(address)?.bucket.take(now) ?? false;
  }

  sockets(address: string): number {
    return this.entries.get(address)?.sockets ?? 0;
  }
}
