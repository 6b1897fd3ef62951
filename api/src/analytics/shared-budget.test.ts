import { describe, expect, it } from 'vitest';
import type { SharedCount } from '../lib/shared-limits';
import { SharedAddressBudget, type BudgetCounter } from './shared-budget';

/** One shared_limits row in memory, on a clock the test moves. */
class FakeCounter implements BudgetCounter {
  hits = 0;
  resetAt = 0;
  now = 0;
  calls = 0;
  failing = false;

  async increment(_key: string, windowMs: number, by: number): Promise<SharedCount> {
    this.calls += 1;
    if (this.failing) throw new Error('database down');
    if (this.resetAt <= this.now) {
      this.hits = 0;
      this.resetAt = this.now + windowMs;
    }
    this.hits += by;
    return { hits: this.hits, resetAt: this.resetAt, resetInMs: this.resetAt - this.now };
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Sends `count` messages one at a time, letting each reservation answer; returns the accepted. */
async function send(budget: SharedAddressBudget, count: number, now = 0): Promise<number> {
  let accepted = 0;
  for (let i = 0; i < count; i += 1) {
    if (budget.take('10.0.0.1', now) === 'ok') accepted += 1;
    await settle();
  }
  return accepted;
}

describe('SharedAddressBudget', () => {
  it('holds one limit over several processes, within a chunk of credit each', async () => {
    const counter = new FakeCounter();
    const processes = [0, 1, 2].map(
      () => new SharedAddressBudget({ counter, limit: 100, windowMs: 5000, chunk: 5 }),
    );
    for (const budget of processes) budget.open('10.0.0.1');
    const accepted = await Promise.all(processes.map((budget) => send(budget, 100)));
    const total = accepted.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total).toBeLessThanOrEqual(100 + 3 * 5);
    // One statement per chunk, not per message.
    expect(counter.calls).toBeLessThan(total / 5 + 3 * 3);
  });

  it('says wait beyond one chunk of credit until the database answers', async () => {
    const counter = new FakeCounter();
    const budget = new SharedAddressBudget({ counter, limit: 100, windowMs: 5000, chunk: 5 });
    budget.open('10.0.0.1');
    const burst = Array.from({ length: 8 }, () => budget.take('10.0.0.1', 0));
    expect(burst).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'wait', 'wait', 'wait']);
    await settle();
    expect(budget.take('10.0.0.1', 0)).toBe('ok');
  });

  it('starts over when the window ends', async () => {
    const counter = new FakeCounter();
    const budget = new SharedAddressBudget({ counter, limit: 20, windowMs: 5000, chunk: 5 });
    budget.open('10.0.0.1');
    expect(await send(budget, 40, 0)).toBeLessThanOrEqual(25);
    expect(budget.take('10.0.0.1', 1000)).toBe('refuse');
    counter.now = 5000;
    expect(await send(budget, 10, 5000)).toBeGreaterThan(0);
  });

  it("falls back on the process's own limits when the database fails", async () => {
    const counter = new FakeCounter();
    counter.failing = true;
    const budget = new SharedAddressBudget({ counter, limit: 100, windowMs: 5000, chunk: 5 });
    budget.open('10.0.0.1');
    expect(await send(budget, 20)).toBe(20);
    // And does not ask again on every message.
    expect(counter.calls).toBe(1);
  });

  it('knows nothing of an address without open sockets', () => {
    const budget = new SharedAddressBudget({
      counter: new FakeCounter(),
      limit: 100,
      windowMs: 5000,
    });
    expect(budget.take('10.0.0.9')).toBe('refuse');
  });
});
