/**
 * One computation per key however many callers wait for it: the first caller starts the load,
 * the others share its promise until it settles (success or failure; nothing is remembered).
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  run(key: K, load: () => Promise<V>): Promise<V> {
    const pending = this.flights.get(key);
    if (pending) return pending;
    const started = Promise.resolve()
      .then(load)
      .finally(() => {
        // forget() may have let a newer flight take the key meanwhile: leave that one alone.
        if (this.flights.get(key) === started) this.flights.delete(key);
      });
    this.flights.set(key, started);
    return started;
  }

  /** Later callers start loads of their own; the loads under way finish for their callers. */
  forget(): void {
    this.flights.clear();
  }

  get size(): number {
    return this.flights.size;
  }
}

export interface SwrCacheOptions<V> {
  /** How long an entry is fresh: served without a refresh. */
  ttlMs: number;
  /**
   * How long after it expires an entry may still be served while one refresh runs (the hard
   * bound on staleness: past ttlMs + staleMs a caller waits for a new load).
   */
  staleMs: number;
  maxEntries: number;
  /** Bound on the sum of sizeOf over the entries (with sizeOf). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Told when a background refresh fails (the stale entry keeps being served meanwhile). */
  onRefreshError?: (error: unknown) => void;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
  staleUntil: number;
  size: number;
}

/**
 * A bounded in-memory cache with single flight and stale-while-revalidate: a fresh entry is
 * served as it is; an expired one (within staleMs) is served while one refresh runs in the
 * background; a missing or too-stale one is loaded once, every waiting caller sharing the load.
 *
 * clear() drops every entry at once (a generation): a load that started before it is handed to
 * its own callers but never stored, and callers after it never join such a load. Least recently
 * used entries leave first when maxEntries or maxSize is reached.
 */
export class SwrCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly flights = new SingleFlight<K, V>();
  private generation = 0;
  private size = 0;
  private readonly now: () => number;

  constructor(private readonly options: SwrCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.staleUntil) return Promise.resolve(this.serve(key, entry, now, load));
    return this.load(key, load);
  }

  /**
   * get() without a promise for an entry that may be served: its value at once (a stale one
   * starts its single refresh in the background, as get() does), or undefined when the caller
   * must wait for a load (get()). The fast path of callers that answer synchronously.
   */
  getNow(key: K, load: () => Promise<V>): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    return now < entry.staleUntil ? this.serve(key, entry, now, load) : undefined;
  }

  /** The entry's value while it may be served (fresh or stale), without loading. */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key);
    return entry && this.now() < entry.staleUntil ? entry.value : undefined;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.size = 0;
    this.flights.forget();
  }

  get entryCount(): number {
    return this.entries.size;
  }

  get totalSize(): number {
    return this.size;
  }

  /** An entry that may be served: marked most recently used, refreshed once when expired. */
  private serve(key: K, entry: Entry<V>, now: number, load: () => Promise<V>): V {
    // Most recently used goes last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (now >= entry.freshUntil) {
      this.load(key, load).catch((error: unknown) => this.options.onRefreshError?.(error));
    }
    return entry.value;
  }

  private load(key: K, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    return this.flights.run(key, async () => {
      const value = await load();
      // A change heard while loading makes this result stale: hand it over, don't keep it.
      if (generation === this.generation) this.store(key, value);
      return value;
    });
  }

  private store(key: K, value: V): void {
    const { ttlMs, staleMs, maxEntries, maxSize = Infinity, sizeOf } = this.options;
    const size = sizeOf ? sizeOf(value) : 0;
    this.remove(key);
    if (size > maxSize) return;
    const now = this.now();
    this.entries.set(key, {
      value,
      freshUntil: now + ttlMs,
      staleUntil: now + ttlMs + staleMs,
      size,
    });
    this.size += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.size <= maxSize) break;
      this.remove(oldest);
    }
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }
}
