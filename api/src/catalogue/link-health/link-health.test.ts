import { createServer, type Server as HttpServer } from 'node:http';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbTimestamp } from '../../db/timestamps';
import { errorHandler } from '../../middleware/errors';
import {
  insertCategory,
  insertLink,
  insertProduct,
  listen,
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../../test/support/catalogue-fixtures';
import { checkLinks, checkUrl } from './checker';
import { linkHealthAdminRoutes } from './routes';
import {
  firstRunDelayMs,
  linkCheckIntervalHours,
  OVERDUE_RUN_DELAY_MS,
  startLinkHealthSchedule,
} from './schedule';

/** A pretend marketplace on 127.0.0.1: the checker never visits a real site in tests. */
function fakeMarketplace() {
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const handler: http.RequestListener = (req, res) => {
    const path = req.url ?? '/';
    requests.push(`${req.method} ${path}`);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html', ...headers });
      res.end(req.method === 'HEAD' ? undefined : `<p>${status}</p>`);
    };
    if (path === '/ok') return send(200);
    if (path === '/missing') return send(404);
    if (path === '/moved') return send(301, { location: '/ok' });
    if (path === '/moved-to-missing') return send(302, { location: '/missing' });
    if (path === '/loop') return send(302, { location: '/loop' });
    if (path === '/to-script') return send(302, { location: 'javascript:alert(1)' });
    if (path === '/head-405') return req.method === 'HEAD' ? send(405) : send(200);
    if (path === '/blocked') return send(403);
    if (path === '/error') return send(503);
    if (path === '/slow') return void setTimeout(() => send(200), 3_000).unref();
    if (path.startsWith('/steady')) return void setTimeout(() => send(200), 60).unref();
    return send(404);
  };
  return {
    handler,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    reset() {
      requests.length = 0;
      maxInFlight = 0;
    },
  };
}

const TIMEOUT_MS = 400;

describe('checkUrl against a fake marketplace', () => {
  const market = fakeMarketplace();
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await listen(market.handler);
  });
  afterAll(() => server?.close());

  const check = (path: string) =>
    checkUrl(`${server.url}${path}`, { timeoutMs: TIMEOUT_MS, allowPrivate: true });

  it('reads 200 as working with a single HEAD', async () => {
    market.reset();
    expect(await check('/ok')).toEqual({ status: 200, error: null, verdict: 'ok' });
    expect(market.requests).toEqual(['HEAD /ok']);
  });

  it('flags 404, follows redirects to their end, and falls back to GET when HEAD is refused', async () => {
    expect(await check('/missing')).toEqual({ status: 404, error: 'HTTP 404', verdict: 'broken' });
    expect(await check('/moved')).toEqual({ status: 200, error: null, verdict: 'ok' });
    expect(await check('/moved-to-missing')).toMatchObject({ status: 404, verdict: 'broken' });
    market.reset();
    expect(await check('/head-405')).toEqual({ status: 200, error: null, verdict: 'ok' });
    expect(market.requests).toEqual(['HEAD /head-405', 'GET /head-405']);
  });

  it('gives up on slow pages, redirect loops and non-http targets', async () => {
    const started = Date.now();
    expect(await check('/slow')).toEqual({ status: null, error: 'timeout', verdict: 'broken' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await check('/loop')).toEqual({
      status: null,
      error: 'too many redirects',
      verdict: 'broken',
    });
    expect(await check('/to-script')).toMatchObject({ verdict: 'broken', status: null });
    expect(await checkUrl('javascript:alert(1)')).toMatchObject({ verdict: 'broken' });
  });

  it('does not flag pages that only refuse robots', async () => {
    expect(await check('/blocked')).toEqual({ status: 403, error: 'HTTP 403', verdict: 'blocked' });
    expect(await check('/error')).toEqual({ status: 503, error: 'HTTP 503', verdict: 'broken' });
  });
});

describe.each(['sqlite', 'postgres'] as const)('checkLinks on %s', (dialect) => {
  const market = fakeMarketplace();
  let server: { url: string; close(): Promise<void> };
  let fixture: FixtureDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await listen(market.handler);
    fixture = await openMigratedDatabase(dialect);
    const categoryId = await insertCategory(fixture.db);
    const paths = {
      ok: '/ok',
      missing: '/missing',
      moved: '/moved',
      head405: '/head-405',
      slow: '/slow',
      blocked: '/blocked',
    };
    for (const [name, path] of Object.entries(paths)) {
      const productId = await insertProduct(fixture.db, { categoryId, title: `Produk ${name}` });
      ids[name] = await insertLink(fixture.db, {
        productId,
        platform: 'Shopee',
        affiliateUrl: `${server.url}${path}`,
        priceValue: 10_000,
      });
    }
    // A port nobody listens on: the connection is refused.
    const closed = await listen(() => undefined);
    await closed.close();
    const refusedProduct = await insertProduct(fixture.db, { categoryId, title: 'Produk refused' });
    ids.refused = await insertLink(fixture.db, {
      productId: refusedProduct,
      platform: 'Lazada',
      affiliateUrl: `${closed.url}/gone`,
    });
    for (let i = 0; i < 6; i += 1) {
      const productId = await insertProduct(fixture.db, { categoryId });
      await insertLink(fixture.db, {
        productId,
        platform: 'Blibli',
        affiliateUrl: `${server.url}/steady/${i}`,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
    await server?.close();
  });

  it('stores what each link answered, flags the broken ones and keeps to its concurrency', async () => {
    const points = async () => (await selectRows(fixture.db, 'SELECT id FROM price_points')).length;
    const pointsBefore = await points();
    market.reset();
    const summary = await checkLinks(fixture.db, {
      concurrency: 2,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: true,
    });
    // The network works (most links answered): an unreachable link is flagged only when it
    // was unreachable on the previous run too, so this first run flags the 404 alone.
    expect(summary).toMatchObject({
      checked: 13,
      ok: 9,
      blocked: 1,
      broken: 1,
      unreachable: 2,
      networkDown: false,
    });
    expect(market.maxInFlight).toBeLessThanOrEqual(2);
    const firstRun = await selectRows<{ id: number | string; isBroken: boolean | number }>(
      fixture.db,
      'SELECT id, "isBroken" FROM platform_links WHERE id IN (?, ?)',
      [ids.slow, ids.refused],
    );
    expect(firstRun.map((row) => Boolean(row.isBroken))).toEqual([false, false]);
    const secondRun = await checkLinks(fixture.db, {
      concurrency: 2,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: true,
    });
    expect(secondRun).toMatchObject({ checked: 13, broken: 3, unreachable: 0 });

    const rows = await selectRows<{
      id: number | string;
      lastStatus: number | string | null;
      lastError: string | null;
      isBroken: boolean | number;
      lastCheckedAt: unknown;
    }>(
      fixture.db,
      'SELECT id, "lastStatus", "lastError", "isBroken", "lastCheckedAt" FROM platform_links',
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const state = (name: string) => {
      const row = byId.get(ids[name]!)!;
      return {
        status: row.lastStatus === null ? null : Number(row.lastStatus),
        error: row.lastError,
        broken: Boolean(row.isBroken),
      };
    };
    expect(state('ok')).toEqual({ status: 200, error: null, broken: false });
    expect(state('moved')).toEqual({ status: 200, error: null, broken: false });
    expect(state('head405')).toEqual({ status: 200, error: null, broken: false });
    expect(state('blocked')).toEqual({ status: 403, error: 'HTTP 403', broken: false });
    expect(state('missing')).toEqual({ status: 404, error: 'HTTP 404', broken: true });
    expect(state('slow')).toEqual({ status: null, error: 'timeout', broken: true });
    expect(state('refused')).toEqual({ status: null, error: 'ECONNREFUSED', broken: true });
    expect(rows.every((row) => row.lastCheckedAt !== null)).toBe(true);
    // Health is not a price change.
    expect(await points()).toBe(pointsBefore);
  });

  it('serves the broken count and the broken links to the admin', async () => {
    const app = express();
    app.use('/api/admin/link-health', linkHealthAdminRoutes({ db: fixture.db }));
    app.use(errorHandler);
    const admin = await listen(app);
    try {
      const summary = (await (await fetch(`${admin.url}/api/admin/link-health`)).json()) as {
        total: number;
        broken: number;
        checked: number;
        lastCheckedAt: string;
      };
      expect(summary).toMatchObject({ total: 13, checked: 13, broken: 3 });
      expect(Date.parse(summary.lastCheckedAt)).toBeGreaterThan(Date.now() - 60_000);
      const page = (await (
        await fetch(`${admin.url}/api/admin/link-health/broken?page=1&limit=2`)
      ).json()) as {
        links: Array<{ productTitle: string }>;
        totalCount: number;
        totalPages: number;
      };
      expect(page.totalCount).toBe(3);
      expect(page.totalPages).toBe(2);
      expect(page.links).toHaveLength(2);
      const all = (await (
        await fetch(`${admin.url}/api/admin/link-health/broken?limit=100`)
      ).json()) as { links: Array<{ productTitle: string }> };
      expect(all.links.map((link) => link.productTitle).sort()).toEqual([
        'Produk missing',
        'Produk refused',
        'Produk slow',
      ]);
      expect((await fetch(`${admin.url}/api/admin/link-health/broken?limit=0`)).status).toBe(400);
    } finally {
      await admin.close();
    }
  });

  it('repairs the flag once the link works again', async () => {
    await fixture.db.sequelize.query('UPDATE platform_links SET "affiliateUrl" = ? WHERE id = ?', {
      replacements: [`${server.url}/ok`, ids.missing],
    });
    await checkLinks(fixture.db, { timeoutMs: TIMEOUT_MS, allowPrivate: true });
    const [row] = await selectRows<{ isBroken: boolean | number }>(
      fixture.db,
      'SELECT "isBroken" FROM platform_links WHERE id = ?',
      [ids.missing],
    );
    expect(Boolean(row!.isBroken)).toBe(false);
  });

  it('runs on a schedule only when asked to in tests, and stops', async () => {
    const logs: string[] = [];
    expect(linkCheckIntervalHours({})).toBe(24);
    expect(linkCheckIntervalHours({ LINK_CHECK_INTERVAL_HOURS: '0' })).toBe(0);
    expect(linkCheckIntervalHours({ LINK_CHECK_INTERVAL_HOURS: '6' })).toBe(6);
    expect(() => linkCheckIntervalHours({ LINK_CHECK_INTERVAL_HOURS: '-1' })).toThrow();
    expect(() => linkCheckIntervalHours({ LINK_CHECK_INTERVAL_HOURS: 'daily' })).toThrow();

    const off = startLinkHealthSchedule(fixture.db, 0, (line) => logs.push(line));
    expect(logs).toEqual(['[links] link checks are off (LINK_CHECK_INTERVAL_HOURS=0)']);
    await off();

    market.reset();
    const idle = startLinkHealthSchedule(fixture.db, 1, () => undefined, { initialDelayMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await idle();
    expect(market.requests).toEqual([]); // NODE_ENV=test

    const runs: number[] = [];
    const stop = startLinkHealthSchedule(fixture.db, 1, () => undefined, {
      initialDelayMs: 0,
      runInTests: true,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: true,
      onRun: (summary) => runs.push(summary.checked),
    });
    await expect.poll(() => runs, { timeout: 10_000 }).toEqual([13]);
    await stop();
  });

  it('never checks at start-up: the first run is due an interval after the last check', async () => {
    const HOUR = 60 * 60_000;
    await fixture.db.sequelize.query('UPDATE platform_links SET "lastCheckedAt" = NULL');
    // Never checked (a fresh demo catalogue): a whole interval from now.
    expect(await firstRunDelayMs(fixture.db, 24)).toBe(24 * HOUR);
    const now = Date.now();
    await fixture.db.sequelize.query('UPDATE platform_links SET "lastCheckedAt" = ?', {
      replacements: [toDbTimestamp(now - HOUR)],
    });
    const due = await firstRunDelayMs(fixture.db, 24, now);
    expect(Math.abs(due - 23 * HOUR)).toBeLessThan(1000);
    // Overdue (the server was down): soon, but not during the start itself.
    expect(await firstRunDelayMs(fixture.db, 0.5, now)).toBe(OVERDUE_RUN_DELAY_MS);

    // The schedule itself, with a 2 s interval: nothing at start, one run once it is due.
    await fixture.db.sequelize.query('UPDATE platform_links SET "lastCheckedAt" = NULL');
    market.reset();
    const runs: number[] = [];
    const started = Date.now();
    const stop = startLinkHealthSchedule(fixture.db, 2 / 3600, () => undefined, {
      runInTests: true,
      timeoutMs: TIMEOUT_MS,
      onRun: (summary) => runs.push(summary.checked),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(market.requests).toEqual([]);
      await expect.poll(() => runs, { timeout: 10_000 }).toEqual([13]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    } finally {
      await stop();
    }
  });

  it('abandons a run in progress when stopped, storing nothing half checked', async () => {
    await fixture.db.sequelize.query('UPDATE platform_links SET "lastCheckedAt" = NULL');
    const stop = startLinkHealthSchedule(fixture.db, 1, () => undefined, {
      initialDelayMs: 0,
      runInTests: true,
      allowPrivate: true,
      timeoutMs: 30_000, // the slow link would hold the run for 3 s
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    const checked = await selectRows(
      fixture.db,
      'SELECT id FROM platform_links WHERE "lastCheckedAt" IS NOT NULL',
    );
    expect(checked).toHaveLength(0);
  });
});

describe.each(['sqlite', 'postgres'] as const)('a check run without network on %s', (dialect) => {
  const market = fakeMarketplace();
  let server: { url: string; close(): Promise<void> };
  let fixture: FixtureDatabase;
  let unreachableUrl: string;
  let categoryId: number;

  type Row = {
    id: number | string;
    lastStatus: number | string | null;
    lastError: string | null;
    isBroken: boolean | number;
    lastCheckedAt: unknown;
  };
  const snapshot = async () =>
    (
      await selectRows<Row>(
        fixture.db,
        'SELECT id, "lastStatus", "lastError", "isBroken", "lastCheckedAt" FROM platform_links ORDER BY id',
      )
    ).map((row) => ({
      id: Number(row.id),
      status: row.lastStatus === null ? null : Number(row.lastStatus),
      error: row.lastError,
      broken: Boolean(row.isBroken),
      checkedAt: row.lastCheckedAt === null ? null : String(row.lastCheckedAt),
    }));

  /** A check of every link, with the warnings it would print. */
  async function runWithWarnings() {
    const warnings: string[] = [];
    const summary = await checkLinks(fixture.db, {
      timeoutMs: TIMEOUT_MS,
      allowPrivate: true,
      warn: (line) => warnings.push(line),
    });
    return { summary, warnings };
  }

  /** `count` links to a loopback port nobody listens on, with a state from an earlier run. */
  async function unreachableLinks(count: number) {
    const linkIds: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const productId = await insertProduct(fixture.db, { categoryId, title: `Offline ${i}` });
      linkIds.push(
        await insertLink(fixture.db, {
          productId,
          platform: 'Tokopedia',
          affiliateUrl: `${unreachableUrl}/produk/${i}`,
        }),
      );
    }
    // Earlier runs: every third link was flagged (404), the others worked.
    for (const [index, id] of linkIds.entries()) {
      await fixture.db.sequelize.query(
        `UPDATE platform_links SET "lastCheckedAt" = ?, "lastStatus" = ?, "lastError" = ?,
          "isBroken" = ? WHERE id = ?`,
        {
          replacements:
            index % 3 === 0
              ? ['2026-01-01 00:00:00.000 +00:00', 404, 'HTTP 404', true, id]
              : ['2026-01-01 00:00:00.000 +00:00', 200, null, false, id],
        },
      );
    }
    return linkIds;
  }

  beforeAll(async () => {
    server = await listen(market.handler);
    // A loopback port that was just closed: every connection is refused, as offline.
    const closed = await listen(() => undefined);
    await closed.close();
    unreachableUrl = closed.url;
    fixture = await openMigratedDatabase(dialect);
    categoryId = await insertCategory(fixture.db);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
    await server?.close();
  });

  it('flags nothing, keeps every previous state and warns when no link answers', async () => {
    await unreachableLinks(6);
    const before = await snapshot();
    const { summary, warnings } = await runWithWarnings();
    expect(summary).toMatchObject({ checked: 6, broken: 0, unreachable: 6, networkDown: true });
    expect(await snapshot()).toEqual(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/6 of 6 links gave no answer \(ECONNREFUSED\)/);
    expect(warnings[0]).toMatch(/no link was flagged/);
    // A second offline run does not turn "unreachable twice" into broken either.
    await runWithWarnings();
    expect(await snapshot()).toEqual(before);
  });

  it('still stores the few HTTP answers of a run where nearly every link is unreachable', async () => {
    await unreachableLinks(6);
    const productId = await insertProduct(fixture.db, { categoryId, title: 'Masih dijawab' });
    const answering = await insertLink(fixture.db, {
      productId,
      platform: 'Shopee',
      affiliateUrl: `${server.url}/missing`,
    });
    const before = await snapshot();
    // 12 unreachable of 13: over 90% gave no answer.
    const { summary, warnings } = await runWithWarnings();
    expect(summary).toMatchObject({ checked: 13, broken: 1, unreachable: 12, networkDown: true });
    expect(warnings).toHaveLength(1);
    const after = await snapshot();
    expect(after.find((row) => row.id === answering)).toMatchObject({
      status: 404,
      error: 'HTTP 404',
      broken: true,
    });
    expect(after.filter((row) => row.id !== answering)).toEqual(
      before.filter((row) => row.id !== answering),
    );
  });
});

describe.each(['sqlite', 'postgres'] as const)(
  'checkLinks on %s never visits an address inside the network',
  (dialect) => {
    /** An internal service on loopback that counts every TCP connection it accepts. */
    let internal: HttpServer;
    let internalPort = 0;
    let connections = 0;
    /** Stands in for a public shop (127.0.0.2 is let through) whose page redirects inside. */
    let outside: { url: string; close(): Promise<void> };
    let fixture: FixtureDatabase;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      internal = createServer((_req, res) => res.end('internal'));
      internal.on('connection', () => (connections += 1));
      await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
      internalPort = (internal.address() as AddressInfo).port;
      const outsideServer = createServer((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/admin` }).end();
      });
      await new Promise<void>((resolve) => outsideServer.listen(0, '127.0.0.2', resolve));
      outside = {
        url: `http://127.0.0.2:${(outsideServer.address() as AddressInfo).port}`,
        close: () => new Promise<void>((resolve) => outsideServer.close(() => resolve())),
      };
      fixture = await openMigratedDatabase(dialect);
      const categoryId = await insertCategory(fixture.db);
      const targets = {
        loopback: `http://127.0.0.1:${internalPort}/`,
        decimal: `http://2130706433:${internalPort}/`,
        hex: `http://0x7f.1:${internalPort}/`,
        name: `http://localhost:${internalPort}/`,
        ipv6: `http://[::1]:${internalPort}/`,
        metadata: 'http://169.254.169.254/latest/meta-data/',
        redirect: `${outside.url}/shop`,
      };
      for (const [name, affiliateUrl] of Object.entries(targets)) {
        const productId = await insertProduct(fixture.db, { categoryId, title: `Produk ${name}` });
        ids[name] = await insertLink(fixture.db, { productId, platform: 'Shopee', affiliateUrl });
      }
    }, 60_000);
    afterAll(async () => {
      await fixture?.close();
      await outside?.close();
      internal?.closeAllConnections();
      await new Promise<void>((resolve) =>
        internal ? internal.close(() => resolve()) : resolve(),
      );
    });

    it('stores a blocked outcome, no status, and opens no connection', async () => {
      const summary = await checkLinks(fixture.db, {
        timeoutMs: TIMEOUT_MS,
        allowPrivate: false,
        addressAllowed: (address) => address === '127.0.0.2',
      });
      expect(connections).toBe(0);
      expect(summary).toMatchObject({ checked: 7, broken: 7, unreachable: 0, networkDown: false });
      const rows = await selectRows<{
        id: number | string;
        lastStatus: number | null;
        lastError: string | null;
        isBroken: boolean | number;
      }>(fixture.db, 'SELECT id, "lastStatus", "lastError", "isBroken" FROM platform_links');
      for (const id of Object.values(ids)) {
        const row = rows.find((candidate) => Number(candidate.id) === id)!;
        expect(row.lastStatus).toBeNull();
        expect(row.lastError).toMatch(/^blocked: .* is not a public address$/);
        expect(Boolean(row.isBroken)).toBe(true);
      }
    });

    it('refuses them the same way in a single check', async () => {
      expect(await checkUrl(`http://2130706433:${internalPort}/`)).toEqual({
        status: null,
        error: 'blocked: 127.0.0.1 is not a public address',
        verdict: 'broken',
      });
      expect(connections).toBe(0);
    });
  },
);
