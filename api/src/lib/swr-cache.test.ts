import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';
import { SingleFlight, SwrCache } from './swr-cache';

/** A load the test finishes by hand. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('SingleFlight', () => {
  it('runs a key once for every caller waiting, and again once it settled', async () => {
    const flights = new SingleFlight<string, number>();
    let loads = 0;
    const load = gate<number>();
    const callers = Array.from({ length: 50 }, () =>
      flights.run('k', () => {
        loads += 1;
        return load.promise;
      }),
    );
    load.open(7);
    expect(await Promise.all(callers)).toEqual(Array(50).fill(7));
    expect(loads).toBe(1);
    expect(flights.size).toBe(0);
    await flights.run('k', async () => (loads += 1));
    expect(loads).toBe(2);
  });

  it('shares a failure with its waiters and remembers nothing', async () => {
    const flights = new SingleFlight<string, number>();
    const load = gate<number>();
    const a = flights.run('k', () => load.promise);
    const b = flights.run('k', () => Promise.resolve(1));
    load.fail(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    expect(await flights.run('k', () => Promise.resolve(2))).toBe(2);
  });
});

describe('SwrCache', () => {
  const make = (
    now: { t: number },
    options: Partial<{ maxEntries: number; maxSize: number }> = {},
  ) =>
    new SwrCache<string, string>({
      ttlMs: 100,
      staleMs: 1_000,
      maxEntries: options.maxEntries ?? 10,
      maxSize: options.maxSize,
      sizeOf: (value) => value.length,
      now: () => now.t,
    });

  it('serves an expired value while one refresh runs, then the new one', async () => {
    const now = { t: 0 };
    const cache = make(now);
    expect(await cache.get('k', async () => 'old')).toBe('old');
    now.t = 150;
    const refresh = gate<string>();
    let refreshes = 0;
    const load = () => {
      refreshes += 1;
      return refresh.promise;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['old', 'old']);
    expect(refreshes).toBe(1);
    refresh.open('new');
    await refresh.promise;
    await Promise.resolve();
    expect(await cache.get('k', load)).toBe('new');
    expect(refreshes).toBe(1);
  });

  it('waits for a new value past the hard bound on staleness', async () => {
    const now = { t: 0 };
    const cache = make(now);
    await cache.get('k', async () => 'old');
    now.t = 100 + 1_000;
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('never keeps a load that started before a clear, nor lets later callers join it', async () => {
    const now = { t: 0 };
    const cache = make(now);
    const before = gate<string>();
    const early = cache.get('k', () => before.promise);
    cache.clear();
    const late = cache.get('k', async () => 'after');
    before.open('before');
    expect(await early).toBe('before');
    expect(await late).toBe('after');
    expect(await cache.get('k', async () => 'unused')).toBe('after');
  });

  it('drops the least recently used entries past its count and size bounds', async () => {
    const now = { t: 0 };
    const cache = make(now, { maxEntries: 2, maxSize: 10 });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', async () => 'unused'); // a is now the most recent
    await cache.get('c', async () => 'cccc');
    expect(cache.peek('a')).toBe('aaaa');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.entryCount).toBe(2);
    await cache.get('d', async () => 'dddddddd');
    expect(cache.totalSize).toBeLessThanOrEqual(10);
    expect(cache.peek('d')).toBe('dddddddd');
  });
});

describe('ResponseCache', () => {
  it('computes a key once for a crowd of concurrent requests', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = gate<unknown>();
    const bodies = Array.from({ length: 20 }, () =>
      cache.get('products:1', () => {
        loads += 1;
        return load.promise;
      }),
    );
    load.open({ items: [1, 2] });
    expect(new Set(await Promise.all(bodies))).toEqual(new Set(['{"items":[1,2]}']));
    expect(loads).toBe(1);
  });
});
