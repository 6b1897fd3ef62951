/**
 * PostgreSQL stopped and started under the running server, on a cluster of the test's own
 * (never the shared one): tracking messages keep coming over real WebSockets, the API answers
 * 503 with Retry-After while the database is away, /readyz says so, and once the database is
 * back every accepted message is stored and requests succeed, without a restart.
 */
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  countTrackingRows,
  openTrackingSocket,
  pageviewMessage,
  sessionMessage,
  settled,
  uniqueId,
  waitUntilWritten,
  serverOnOwnCluster,
} from './support';

const SOCKETS = 5;
/** Per socket, one page view every TICK_MS: 250 messages per second in all. */
const TICK_MS = 20;
const OUTAGE_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(250);
  }
  return false;
}

describe('PostgreSQL stopped and started during ingest', () => {
  const logs: string[] = [];

  const own = serverOnOwnCluster({
    // Small enough that the outage fills it: the sockets are paused, not dropped.
    analytics: { maxBufferedRows: 800 },
    log: (line) => logs.push(line),
  });

  it('keeps what it accepted, answers 503 meanwhile, and stores everything once the database is back', async () => {
    const { running, url, healthUrl } = own.server();
    const sockets: WebSocket[] = await Promise.all(
      Array.from({ length: SOCKETS }, () => openTrackingSocket(url)),
    );
    const ids = sockets.map(() => uniqueId('outage'));
    let sent = 0;
    sockets.forEach((ws, i) => {
      ws.send(JSON.stringify(sessionMessage(ids[i]!)));
      sent += 1;
    });
    const sender = setInterval(() => {
      sockets.forEach((ws, i) => {
        ws.send(JSON.stringify(pageviewMessage(ids[i]!, sent)));
        sent += 1;
      });
    }, TICK_MS);

    try {
      await sleep(1_500);
      expect((await fetch(`${url}/api/faqs`)).status).toBe(200);
      expect((await fetch(`${healthUrl}/readyz`)).status).toBe(200);

      own.cluster().stop();
      const stoppedAt = Date.now();

      // While it is down: a normal request gets 503 with Retry-After and a JSON message.
      const during = await fetch(`${url}/api/faqs`);
      expect(during.status).toBe(503);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await during.json()) as { message: string }).message).toMatch(/unavailable/i);
      const ready = await fetch(`${healthUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).not.toBeNull();
      expect(((await ready.json()) as { message: string }).message).toMatch(/unreachable/i);
      expect((await fetch(`${healthUrl}/healthz`)).status).toBe(200);

      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
      const stats = running.analytics.stats();
      expect(stats.buffer.unavailableSince).not.toBeNull();
      // The outage outlasted the buffer: reading was paused rather than rows refused.
      expect(stats.pauses).toBeGreaterThan(0);

      own.cluster().start();
      await sleep(1_000);
    } finally {
      clearInterval(sender);
    }

    // The paused sockets are read again; everything they sent is accepted and written.
    await Promise.all(sockets.map((ws) => settled(ws)));
    await waitUntilWritten(running);

    expect(await countTrackingRows(running.db)).toBe(sent);
    const stats = running.analytics.stats();
    expect(stats.accepted).toBe(sent);
    expect(stats.buffer.written).toBe(sent);
    expect(stats.buffer.refused + stats.buffer.rejected + stats.buffer.abandoned).toBe(0);
    expect(stats.buffer.unavailableSince).toBeNull();
    expect(logs.some((line) => line.includes('database reachable again'))).toBe(true);

    // Requests succeed again without a restart (the pool may first drop a dead connection).
    expect(
      await eventually(async () => (await fetch(`${url}/api/faqs`)).status === 200, 10_000),
    ).toBe(true);
    expect((await fetch(`${healthUrl}/readyz`)).status).toBe(200);
    for (const ws of sockets) ws.close();
  });
});
