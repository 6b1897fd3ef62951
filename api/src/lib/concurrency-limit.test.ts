import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';

/** A task the test finishes by hand. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('ConcurrencyLimit', () => {
  it('runs at most its limit at once and the rest in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, () => gate());
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.queued]).toEqual([2, 3]);
    gates[1]!.open();
    await expect(results[1]).resolves.toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    gates[4]!.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([limit.running, limit.queued]).toEqual([0, 0]);
  });

  it('frees the slot of a task that failed', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = gate();
    const first = limit.run(() => failing.promise);
    const second = limit.run(() => 'next');
    failing.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe('next');
    expect(limit.running).toBe(0);
  });
});
