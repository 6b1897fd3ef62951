import { SwrCache } from './swr-cache';

/**
 * A small in-process cache for public catalogue reads. Shoppers hammer the same few pages of
 * products; serving those from memory keeps the database free for writes and analytics.
 *
 * Each key is computed once however many requests wait for it (single flight), and an expired
 * body is served while one refresh runs (stale-while-revalidate), so a crowd never recomputes
 * an entry on every connection when it expires. No body is older than ttlMs + staleMs.
 *
 * The process that took an admin edit clears its cache at once, and on PostgreSQL every other
 * process hears of it (catalogue-events.ts: NOTIFY catalogue_changed) and clears its own. A
 * load that started before a clear is served to its own callers but not kept. The few seconds
 * entries live bound how stale a process can be while it cannot listen.
 */
export class ResponseCache {
  private readonly cache: SwrCache<string, string>;

  constructor(ttlMs = 5_000, maxEntries = 500, staleMs = 10_000, now: () => number = Date.now) {
    this.cache = new SwrCache<string, string>({
      ttlMs,
      staleMs,
      maxEntries,
      // About 16 MB of JSON at most (string length, UTF-16 code units).
      maxSize: 8_000_000,
      sizeOf: (body) => body.length,
      now,
    });
  }

  get(key: string, load: () => Promise<unknown>): Promise<string> {
    return this.cache.get(key, async () => JSON.stringify(await load()));
  }

  clear(): void {
    this.cache.clear();
  }
}
