/**
 * The /go click queue (api/src/go/queue.ts) over real HTTP and a real database, both engines:
 * a burst larger than the queue's cap waits for room and every 302 is stored; past the wait the
 * server says 503 before any 302 and counts nothing; the bound holds; dedupe, 404, 410, HEAD
 * and bots behave as before; close() hands every queued click to the write buffer.
 */
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsWriteBuffer } from '../src/analytics';
import { createGo, type Go } from '../src/go';
import {
  insertCategory,
  insertLink,
  insertProduct,
  listen,
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from './support/catalogue-fixtures';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(['sqlite', 'postgres'] as const)('/go click queue on %s', (dialect) => {
  let fixture: FixtureDatabase;
  let active: number;
  let inactive: number;
  const running: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    const { db } = fixture;
    const categoryId = await insertCategory(db);
    const productId = await insertProduct(db, { categoryId, title: 'Sepatu Lari' });
    active = await insertLink(db, { productId, platform: 'Shopee' });
    const off = await insertProduct(db, { categoryId, isActive: false });
    inactive = await insertLink(db, { productId: off, platform: 'Lazada' });
  }, 60_000);

  afterEach(async () => {
    for (const item of running.splice(0)) await item.close();
    await fixture.db.sequelize.query('DELETE FROM events');
    await fixture.db.sequelize.query('DELETE FROM analytics_rollups');
    if (dialect === 'postgres') await fixture.db.sequelize.query('DELETE FROM shared_limits');
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** A go module over a write buffer that holds at most `bufferRows` (no timer: tests flush). */
  async function start(queue: Parameters<typeof createGo>[0]['queue'], bufferRows = 10_000) {
    const writer = new AnalyticsWriteBuffer(fixture.db, {
      flushIntervalMs: 60_000,
      flushRows: 100_000,
      maxBufferedRows: bufferRows,
      log: () => undefined,
    });
    const go: Go = createGo({
      config: { sessionSecret: 'queue-test-secret' },
      db: fixture.db,
      log: () => undefined,
      clicks: writer,
      queue,
    });
    const app = express();
    app.set('trust proxy', true);
    app.use('/go', go.router);
    // As the server serves it (app.ts requestListener): a cached link's 302 before Express; a
    // click that must wait is handed to the router, which answers 302 or 503.
    const front = go.router.redirect({}, app.get('trust proxy fn'));
    const server = await listen((req, res) => front(req, res, () => app(req, res)));
    running.push({
      close: async () => {
        await server.close();
        await go.close();
        await writer.stop();
      },
    });
    const request = (
      linkId: number,
      userAgent: string = CHROME,
      method = 'GET',
      address = '203.0.113.9',
    ) =>
      fetch(`${server.url}/go/${linkId}`, {
        method,
        redirect: 'manual',
        headers: {
          'user-agent': userAgent,
          'x-forwarded-for': address,
        },
      });
    const stored = async () => {
      // The queue drains as the buffer is written (its backpressure), then the rest is written.
      while (go.queue.size > 0) {
        await writer.flush();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await go.settle();
      await writer.flush();
      const rows = await selectRows<{ n: number | string }>(
        fixture.db,
        `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`,
      );
      return Number(rows[0]!.n);
    };
    return { go, writer, request, stored };
  }

  it('holds a burst larger than its cap: the redirects wait, none is lost, the bound holds', async () => {
    // The write buffer is full at 10 rows and only written when the test says: the queue
    // (cap 20 clicks) fills and the rest of the burst waits for room.
    const { go, writer, request, stored } = await start(
      { maxQueued: 20, batchSize: 5, maxWaitMs: 20_000, maxWaiting: 500 },
      10,
    );
    const BURST = 120;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, go.queue.stats().queued);
    }, 5);
    const flusher = setInterval(() => void writer.flush(), 50);
    try {
      const statuses = await Promise.all(
        Array.from({ length: BURST }, (_, i) => request(active, `${CHROME} burst${i}`)).map((p) =>
          p.then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status === 302)).toHaveLength(BURST);
    } finally {
      clearInterval(sampler);
      clearInterval(flusher);
    }
    const stats = go.queue.stats();
    expect(stats.waited).toBeGreaterThan(0);
    expect(stats.refused).toBe(0);
    expect(stats.peakQueued).toBeLessThanOrEqual(20);
    expect(peak).toBeLessThanOrEqual(20);
    expect(await stored()).toBe(BURST);
    expect(writer.dropped).toBe(0);
  });

  it('answers 503 with Retry-After before any 302 when full past the wait, and counts only the 302s', async () => {
    // Nothing is written during the burst: 4 rows in the buffer, 3 in the queue, then 503.
    const { go, writer, request, stored } = await start(
      { maxQueued: 3, batchSize: 2, maxWaitMs: 300 },
      4,
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(active, `${CHROME} full${i}`)),
    );
    const busy = responses.filter((response) => response.status === 503);
    const redirected = responses.filter((response) => response.status === 302);
    expect(busy.length + redirected.length).toBe(20);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers.get('retry-after')).toBe('2');
    expect(busy[0]!.headers.get('location')).toBeNull();
    expect(await busy[0]!.text()).toContain('Sedang ramai');
    expect(go.queue.stats().refused).toBe(busy.length);
    expect(await stored()).toBe(redirected.length);
    // A refused visitor retrying later is counted: the 503 left no trace in the dedupe.
    const index = responses.findIndex((response) => response.status === 503);
    expect((await request(active, `${CHROME} full${index}`)).status).toBe(302);
    expect(await stored()).toBe(redirected.length + 1);
    expect(writer.dropped).toBe(0);
  });

  it('keeps the dedupe, 404, 410, and counts neither HEAD nor bots as clicks', async () => {
    const { request, stored } = await start({ maxQueued: 5, batchSize: 2 });
    expect((await request(active)).status).toBe(302);
    expect((await request(active)).status).toBe(302);
    expect((await request(active, CHROME, 'GET', '198.51.100.7')).status).toBe(302);
    expect((await request(active, CHROME, 'HEAD', '198.51.100.8')).status).toBe(302);
    expect((await request(active, GOOGLEBOT)).status).toBe(302);
    expect((await request(999_999)).status).toBe(404);
    expect((await request(inactive)).status).toBe(410);
    // Two visitors, once each; the bot is a bot visit, not a click.
    expect(await stored()).toBe(2);
    const bots = await selectRows<{ n: number | string }>(
      fixture.db,
      `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'bot_visit'`,
    );
    expect(Number(bots[0]!.n)).toBe(1);
  });

  it('claims a batch once it is full (PostgreSQL), not a few clicks at a time, and close() does not wait', async () => {
    // A gathering window no test reaches: only a full batch or close() ends it.
    const { go, writer, request, stored } = await start({ batchSize: 5, claimGatherMs: 600_000 });
    for (let i = 0; i < 3; i += 1) {
      expect((await request(active, `${CHROME} gather${i}`)).status).toBe(302);
    }
    expect(go.queue.stats().claims).toBe(0);
    for (let i = 3; i < 5; i += 1) {
      expect((await request(active, `${CHROME} gather${i}`)).status).toBe(302);
    }
    expect(await stored()).toBe(5);
    expect(go.queue.stats().claims).toBe(dialect === 'postgres' ? 1 : 0);
    // Two more, then the shutdown: claimed and stored at once.
    for (let i = 5; i < 7; i += 1) {
      expect((await request(active, `${CHROME} gather${i}`)).status).toBe(302);
    }
    writer.start();
    await go.close();
    await writer.stop();
    const rows = await selectRows<{ n: number | string }>(
      fixture.db,
      `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`,
    );
    expect(Number(rows[0]!.n)).toBe(7);
    expect(go.queue.stats().claims).toBe(dialect === 'postgres' ? 2 : 0);
  });

  it('close() hands every queued click to the write buffer, which stores them', async () => {
    // The buffer is full at 5 rows: 25 clicks wait in the queue until close() drains them.
    const { go, writer, request } = await start({ maxQueued: 50, batchSize: 10 }, 5);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(active, `${CHROME} close${i}`).then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 302)).toBe(true);
    expect(go.queue.stats().queued).toBeGreaterThan(0);
    // As on shutdown: the buffer keeps flushing while the queue closes, then stops.
    writer.start();
    const flusher = setInterval(() => void writer.flush(), 20);
    try {
      await go.close();
    } finally {
      clearInterval(flusher);
    }
    await writer.stop();
    const rows = await selectRows<{ n: number | string }>(
      fixture.db,
      `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`,
    );
    expect(Number(rows[0]!.n)).toBe(30);
    expect(writer.dropped).toBe(0);
  });
});
