/**
 * A small in-process cache for public catalogue reads. Shoppers hammer the same few pages of
 * products; serving those from memory keeps the database free for writes and analytics.
 *
 * The process that took an admin edit clears its cache at once, and on PostgreSQL every other
 * process hears of it (catalogue-events.ts: NOTIFY catalogue_changed) and clears its own. The
 * few seconds entries live bound how stale a process can be while it cannot listen.
 */
export class ResponseCache {
  private entries = new Map<string, { body: string; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.body;
    const generation = this.generation;
    const body = JSON.stringify(await load());
    // A write that landed while loading makes this result stale: serve it, but don't keep it.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { body, expires: now + this.ttlMs });
    }
    return body;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
