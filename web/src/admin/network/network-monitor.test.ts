import { describe, expect, it } from 'vitest';
import { UNREACHABLE_HEADER } from '@shared/unreachable';
import {
  backoffDelay,
  NetworkMonitor,
  observeNetwork,
  ServerUnreachableError,
} from './network-monitor';

/** Timers the test fires by hand, so backoff is checked without waiting. */
function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      pending.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const at = pending.indexOf(timer as (typeof pending)[number]);
      if (at >= 0) pending.splice(at, 1);
    },
    async fire() {
      const timer = pending.shift();
      if (!timer) throw new Error('no timer pending');
      timer.run();
      // Let the probe's promise settle.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return timer.ms;
    },
  };
}

describe('backoffDelay', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('NetworkMonitor', () => {
  it('probes with growing delays while unreachable, and reconnects once the server answers', async () => {
    const timers = manualTimers();
    let serverUp = false;
    let reconnects = 0;
    let now = 1_000;
    const monitor = new NetworkMonitor({
      probe: () => (serverUp ? Promise.resolve() : Promise.reject(new Error('down'))),
      onReconnect: () => (reconnects += 1),
      now: () => now,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    monitor.reportAnswer();
    expect(monitor.getSnapshot()).toMatchObject({ reachable: true, lastAnswerAt: 1_000 });

    now = 5_000;
    monitor.reportUnreachable();
    monitor.reportUnreachable(); // a second failing request does not restart the backoff
    expect(monitor.getSnapshot()).toMatchObject({
      reachable: false,
      lastAnswerAt: 1_000,
      nextRetryAt: 6_000,
    });
    expect(await timers.fire()).toBe(1000);
    expect(await timers.fire()).toBe(2000);
    expect(await timers.fire()).toBe(4000);
    expect(timers.pending.map((t) => t.ms)).toEqual([8000]);
    expect(reconnects).toBe(0);

    serverUp = true;
    now = 9_000;
    await timers.fire();
    expect(monitor.getSnapshot()).toMatchObject({ reachable: true, lastAnswerAt: 9_000 });
    expect(timers.pending).toEqual([]);
    expect(reconnects).toBe(1);
  });

  it('"Coba sekarang" probes at once, and a failed try starts the next wait', async () => {
    const timers = manualTimers();
    const monitor = new NetworkMonitor({
      probe: () => Promise.reject(new Error('down')),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    monitor.reportUnreachable();
    expect(timers.pending.map((t) => t.ms)).toEqual([1000]);
    monitor.retryNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers.pending.map((t) => t.ms)).toEqual([2000]);
    expect(monitor.getSnapshot().reachable).toBe(false);
  });
});

describe('observeNetwork', () => {
  const monitorWith = () => {
    const timers = manualTimers();
    return new NetworkMonitor({
      probe: () => Promise.resolve(),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
  };

  it('counts any HTTP answer as reachable and a failed fetch as not', async () => {
    const monitor = monitorWith();
    const answers = observeNetwork(async () => new Response('{}', { status: 500 }), monitor);
    expect((await answers('/api/x')).status).toBe(500);
    expect(monitor.getSnapshot().reachable).toBe(true);

    const fails = observeNetwork(async () => {
      throw new TypeError('Failed to fetch');
    }, monitor);
    await expect(fails('/api/x')).rejects.toBeInstanceOf(ServerUnreachableError);
    expect(monitor.getSnapshot().reachable).toBe(false);
  });

  it("treats the desktop proxy's marked 502 as unreachable, and a server's own 502 as an answer", async () => {
    const monitor = monitorWith();
    const proxied = observeNetwork(
      async () => new Response('{}', { status: 502, headers: { [UNREACHABLE_HEADER]: '1' } }),
      monitor,
    );
    await expect(proxied('/api/x')).rejects.toThrow('Tidak dapat terhubung ke server.');
    expect(monitor.getSnapshot().reachable).toBe(false);

    const serverOwn = observeNetwork(async () => new Response('{}', { status: 502 }), monitor);
    expect((await serverOwn('/api/x')).status).toBe(502);
    expect(monitor.getSnapshot().reachable).toBe(true);
  });

  it('ignores an aborted request', async () => {
    const monitor = monitorWith();
    const controller = new AbortController();
    controller.abort();
    const aborted = observeNetwork(async () => {
      throw new DOMException('aborted', 'AbortError');
    }, monitor);
    await expect(aborted('/api/x', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(monitor.getSnapshot().reachable).toBe(true);
  });
});
