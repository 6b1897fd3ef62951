/**
 * PostgreSQL stopped under a burst of /go clicks, on a cluster of the test's own: the links the
 * server has cached keep redirecting (an uncached one answers 503, the database being away), every click whose 302 was sent waits (in the click queue
 * and the write buffer, the shared claim failing) and is stored once the database is back; a
 * redirect that could not be taken is answered 503 before any 302 and is not counted.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { select } from '../../src/db/sql';
import { serverOnOwnCluster, waitUntilWritten } from './support';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Clicks per wave, and waves sent while the database is away. */
const WAVE = 40;
const WAVES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function clickCount(own: ReturnType<typeof serverOnOwnCluster>): Promise<number> {
  const rows = await select<{ n: number | string }>(
    own.server().running.db,
    `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`,
  );
  return Number(rows[0]!.n);
}

describe('PostgreSQL stopped during a burst of /go clicks', () => {
  const own = serverOnOwnCluster({
    // Small, so that the outage fills the write buffer and the click queue holds the rest.
    analytics: { maxBufferedRows: 60 },
  });

  it('stores every click it redirected once the database is back, and says no before any 302 otherwise', async () => {
    const { running, url } = own.server();
    const [link] = await select<{ id: number }>(
      running.db,
      `SELECT l.id FROM platform_links l JOIN products p ON p.id = l."productId"
       WHERE p."isActive" = ? ORDER BY l.id LIMIT 1`,
      [true],
    );
    let n = 0;
    // A connection per click (no keep-alive): a reused socket closed by the server in between
    // would fail a request the server never saw.
    const click = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${url}/go/${link!.id}`,
          { agent: false, headers: { 'user-agent': `${CHROME} outage${(n += 1)}` } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
      });
    // The link is looked up (and cached) while the database is there.
    expect(await click()).toBe(302);
    // The click is in the go queue first, then in the write buffer.
    await running.go.settle();
    await waitUntilWritten(running);
    const before = await clickCount(own);

    own.cluster().stop();
    const statuses: number[] = [];
    try {
      for (let wave = 0; wave < WAVES; wave += 1) {
        statuses.push(...(await Promise.all(Array.from({ length: WAVE }, click))));
        await sleep(200);
      }
    } finally {
      own.cluster().start();
    }
    const redirected = statuses.filter((status) => status === 302).length;
    // Only 302 (taken) or 503 (said no first): nothing else.
    expect(statuses.filter((status) => status !== 302 && status !== 503)).toEqual([]);
    expect(redirected).toBeGreaterThan(0);

    await running.go.settle();
    await waitUntilWritten(running);
    expect((await clickCount(own)) - before).toBe(redirected);
    const stats = running.analytics.stats();
    expect(stats.buffer.refused + stats.buffer.rejected + stats.buffer.abandoned).toBe(0);
  });
});
