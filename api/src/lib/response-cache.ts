/**
 * A small in-process cache for public catalogue reads. Shoppers hammer the same few pages of
 * products; serving those from memory keeps the database free for writes and analytics.
 *
 * Entries live a few seconds at most, so several processes sharing one PostgreSQL converge
 * quickly after an admin edit; the process that took the edit clears its cache at once.
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
