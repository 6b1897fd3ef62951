import { hash as digest } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AnalyticsWriteBuffer,
  getCtaPerformance,
  getRealtimeStats,
  parseRange,
} from '../analytics';
import {
  insertCategory,
  insertLink,
  insertProduct,
  listen,
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../test/support/catalogue-fixtures';
import { fixedSecurityHeaders, securityHeaders } from '../middleware/security';
import { ClickRecorder, dedupeKey } from './recorder';
import { clientAddress, goRoutes, linkReader, type GoRouter } from './routes';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(['sqlite', 'postgres'] as const)('/go on %s', (dialect) => {
  let fixture: FixtureDatabase;
  let server: { url: string; close(): Promise<void> };
  let writer: AnalyticsWriteBuffer;
  let recorder: ClickRecorder;
  let router: GoRouter;
  let productId: string;
  let categoryId: number;
  const links: Record<string, number> = {};
  const logged: string[] = [];

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    const { db } = fixture;
    categoryId = await insertCategory(db);
    productId = await insertProduct(db, { categoryId, title: 'Headphone Nirkabel' });
    links.shopee = await insertLink(db, {
      productId,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/product/1?aff=dr&q=headphone%20murah',
    });
    links.lazada = await insertLink(db, {
      productId,
      platform: 'Lazada',
      affiliateUrl: 'https://www.lazada.co.id/products/x.html',
    });
    links.script = await insertLink(db, {
      productId,
      platform: 'Blibli',
      affiliateUrl: 'javascript:alert(1)',
    });
    links.deleted = await insertLink(db, { productId, platform: 'Tokopedia' });
    await db.sequelize.query('DELETE FROM platform_links WHERE id = ?', {
      replacements: [links.deleted],
    });
    const inactive = await insertProduct(db, { categoryId, isActive: false });
    links.inactive = await insertLink(db, { productId: inactive, platform: 'Shopee' });
    const removed = await insertProduct(db, { categoryId });
    links.removedProduct = await insertLink(db, { productId: removed, platform: 'Shopee' });
    await db.sequelize.query('DELETE FROM products WHERE id = ?', { replacements: [removed] });

    const app = express();
    // Lets the test play visitors at several addresses.
    app.set('trust proxy', true);
    router = goRoutes({
      db,
      recordClick: (click) => void recorder.record(click),
      log: (line) => logged.push(line),
    });
    // As app.ts and server.ts serve it: the fast 302 of a known link first, before Express
    // (requestListener), the router behind the site's middleware for everything else.
    app.use(securityHeaders());
    app.use('/go', router);
    const front = router.redirect(fixedSecurityHeaders(), app.get('trust proxy fn'));
    server = await listen((req, res) => front(req, res, () => app(req, res)));
  }, 60_000);

  beforeEach(async () => {
    // A fresh buffer (no timer: the test flushes) and dedupe per test, and no clicks stored.
    writer = new AnalyticsWriteBuffer(fixture.db, {
      flushIntervalMs: 60_000,
      flushRows: 10_000,
      maxBufferedRows: 10_000,
      log: () => undefined,
    });
    recorder = new ClickRecorder({ secret: 'test-secret', sink: writer });
    await fixture.db.sequelize.query('DELETE FROM events');
    await fixture.db.sequelize.query('DELETE FROM analytics_rollups');
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  const go = (
    linkId: number | string,
    headers: Record<string, string> = { 'user-agent': CHROME },
    method = 'GET',
  ) => fetch(`${server.url}/go/${linkId}`, { method, headers, redirect: 'manual' });

  const storedClicks = async () => {
    await writer.flush();
    return selectRows<{
      productId: string;
      platform: string;
      sessionId: string;
      eventData: string;
    }>(
      fixture.db,
      `SELECT "productId", platform, "sessionId", "eventData" FROM events WHERE "eventType" = 'cta_click' ORDER BY id`,
    );
  };

  it('redirects to the affiliate URL with no-store and noindex, before the click is written', async () => {
    const response = await go(links.shopee!);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      'https://shopee.co.id/product/1?aff=dr&q=headphone%20murah',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toBe('');
    // Answered while the click still waits in the buffer.
    expect(writer.size).toBe(1);
    expect(
      await selectRows(fixture.db, `SELECT id FROM events WHERE "eventType" = 'cta_click'`),
    ).toHaveLength(0);
    const clicks = await storedClicks();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ productId, platform: 'Shopee' });
    expect(JSON.parse(clicks[0]!.eventData)).toMatchObject({
      source: 'redirect',
      linkId: links.shopee,
      productId,
      platform: 'Shopee',
      categoryId: String(categoryId),
    });
  });

  it('counts one click per visitor and link per hour, and never stores the address', async () => {
    const visitor = (ip: string, ua = CHROME) => ({ 'user-agent': ua, 'x-forwarded-for': ip });
    await go(links.shopee!, visitor('203.0.113.7'));
    await go(links.shopee!, visitor('203.0.113.7')); // same visitor, same link
    await go(links.shopee!, visitor('203.0.113.99')); // same /24 and browser: same visitor
    await go(links.lazada!, visitor('203.0.113.7')); // another link
    await go(links.shopee!, visitor('203.0.113.7', FIREFOX)); // another browser
    await go(links.shopee!, visitor('198.51.100.4')); // another network
    await go(links.shopee!, visitor('2001:db8:1:2::5')); // IPv6
    await go(links.shopee!, visitor('2001:db8:1:9::6')); // same /48
    const clicks = await storedClicks();
    expect(clicks.map((c) => c.platform)).toEqual([
      'Shopee',
      'Lazada',
      'Shopee',
      'Shopee',
      'Shopee',
    ]);
    expect(recorder.duplicates).toBe(3);
    const stored = JSON.stringify(await selectRows(fixture.db, 'SELECT * FROM events'));
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('198.51.100');
    expect(stored).not.toContain('2001:db8');
    expect(clicks[0]!.sessionId).toMatch(/^go:[0-9a-f]{32}$/);
  });

  it('does not count HEAD, bots, prefetches or requests without a user agent', async () => {
    const head = await go(links.shopee!, { 'user-agent': CHROME }, 'HEAD');
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toContain('shopee.co.id');
    const bot = await go(links.shopee!, {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.status).toBe(302);
    const preview = await go(links.shopee!, { 'user-agent': 'WhatsApp/2.23.20.0' });
    expect(preview.status).toBe(302);
    const prefetch = await go(links.shopee!, { 'user-agent': CHROME, 'sec-purpose': 'prefetch' });
    expect(prefetch.status).toBe(302);
    const anonymous = await go(links.shopee!, {});
    expect(anonymous.status).toBe(302);
    expect(await storedClicks()).toHaveLength(0);
    // The same visitor's real click afterwards still counts.
    await go(links.shopee!);
    expect(await storedClicks()).toHaveLength(1);
  });

  it('feeds the CTA report and the live figures, and makes no live visitor of a click', async () => {
    const now = Date.now();
    await go(links.shopee!, { 'user-agent': CHROME, 'x-forwarded-for': '10.1.1.1' });
    await go(links.shopee!, { 'user-agent': CHROME, 'x-forwarded-for': '10.2.2.2' });
    await go(links.lazada!, { 'user-agent': CHROME, 'x-forwarded-for': '10.1.1.1' });
    await writer.flush();
    const cta = await getCtaPerformance(fixture.db, parseRange({}));
    expect(cta.platformPerformance).toEqual([
      { platform: 'Shopee', clicks: 2 },
      { platform: 'Lazada', clicks: 1 },
    ]);
    expect(cta.topProducts).toEqual([{ product: 'Headphone Nirkabel', clicks: 3 }]);
    const live = await getRealtimeStats(fixture.db, now + 1000);
    expect(live.ctaClicksLastHour).toBe(3);
    expect(live.currentVisitors).toBe(0);
    // A click without a tracked visit makes a visit of its own (go:<visitor key>) for the staff
    // reports, never a live or tracked visitor.
    const sessions = await selectRows<{ sessionId: string; lastSeenMs: unknown }>(
      fixture.db,
      'SELECT "sessionId", "lastSeenMs" FROM analytics_sessions',
    );
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.sessionId).toMatch(/^go:[0-9a-f]{32}$/);
      expect(Number(session.lastSeenMs)).toBe(0);
    }
  });

  it('answers 404 for unknown links and 410 for gone ones, with a page that leads home', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999', '1.5']) {
      const response = await go(id);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('Tautan tidak ditemukan');
    }
    for (const id of [links.inactive, links.deleted, links.removedProduct]) {
      const response = await go(id!);
      expect(response.status, String(id)).toBe(410);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<html lang="id">');
      expect(html).toContain('Penawaran ini sudah tidak tersedia');
      expect(html).toContain('<a href="/">Kembali ke beranda</a>');
    }
    expect(await storedClicks()).toHaveLength(0);
  });

  it('reuses a looked-up link for a few seconds and forgets it on clearCache()', async () => {
    const { db } = fixture;
    const product = await insertProduct(db, { categoryId });
    const id = await insertLink(db, { productId: product, platform: 'Shopee' });
    expect((await go(id)).status).toBe(302);
    await db.sequelize.query('UPDATE products SET "isActive" = ? WHERE id = ?', {
      replacements: [false, product],
    });
    expect((await go(id)).status).toBe(302); // still cached (10 s by default)
    router.clearCache();
    expect((await go(id)).status).toBe(410);
  });

  it('answers a known link at once with the fixed security headers, counting its click', async () => {
    const first = await go(links.lazada!, { 'user-agent': FIREFOX });
    expect(first.status).toBe(302);
    // Looked up now: the second is the fast path's, with the same answer and headers.
    const second = await go(links.lazada!, { 'user-agent': CHROME });
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toBe('https://www.lazada.co.id/products/x.html');
    for (const name of [
      'cache-control',
      'x-robots-tag',
      'referrer-policy',
      'x-content-type-options',
    ]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get('strict-transport-security')).toMatch(/max-age=/);
    // Ahead of the request-id middleware, it gives its answer an id itself (a proxy's is kept).
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await second.text()).toBe('');
    const offered = await go(`${links.lazada!}/?utm_source=wa`, {
      'user-agent': SAFARI,
      'x-request-id': 'proxy-id-12345',
    });
    expect(offered.status).toBe(302);
    expect(offered.headers.get('location')).toBe('https://www.lazada.co.id/products/x.html');
    expect(offered.headers.get('x-request-id')).toBe('proxy-id-12345');
    expect(await storedClicks()).toHaveLength(3);
  });

  it('keeps redirecting a known link past its lifetime while one lookup refreshes it', async () => {
    const { db } = fixture;
    const product = await insertProduct(db, { categoryId });
    const id = await insertLink(db, {
      productId: product,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/old',
    });
    const lookups: string[] = [];
    const quick = goRoutes({
      db,
      recordClick: () => true,
      cacheTtlMs: 50,
      log: (line) => lookups.push(line),
    });
    const app = express();
    app.use('/go', quick);
    const front = quick.redirect({}, () => false);
    const own = await listen((req, res) => front(req, res, () => app(req, res)));
    try {
      const at = (path: string) => fetch(`${own.url}${path}`, { redirect: 'manual' });
      expect((await at(`/go/${id}`)).headers.get('location')).toBe('https://shopee.co.id/old');
      await db.sequelize.query('UPDATE platform_links SET "affiliateUrl" = ? WHERE id = ?', {
        replacements: ['https://shopee.co.id/new', id],
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Expired: served as it was while the refresh runs, then the refreshed link.
      expect((await at(`/go/${id}`)).headers.get('location')).toBe('https://shopee.co.id/old');
      await expect
        .poll(async () => (await at(`/go/${id}`)).headers.get('location'))
        .toBe('https://shopee.co.id/new');
      // A change is seen at once after clearCache().
      await db.sequelize.query('UPDATE products SET "isActive" = ? WHERE id = ?', {
        replacements: [false, product],
      });
      quick.clearCache();
      expect((await at(`/go/${id}`)).status).toBe(410);
      expect(lookups).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('reads the links asked for in one turn with one statement, the missing ones with one more', async () => {
    const { db } = fixture;
    const product = await insertProduct(db, { categoryId, title: 'Sepatu Lari' });
    const other = await insertProduct(db, { categoryId, isActive: false });
    const a = await insertLink(db, {
      productId: product,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/lari',
    });
    const b = await insertLink(db, { productId: other, platform: 'Lazada' });
    const statements: string[] = [];
    const count = (_options: unknown, query: object) => {
      const { sql } = query as { sql?: string };
      if (sql && /platform_links|retired_links/.test(sql)) statements.push(sql);
    };
    db.sequelize.addHook('afterQuery', 'countLinkReads', count);
    try {
      const read = linkReader(db);
      const [first, again, second, gone, unknown, script] = await Promise.all([
        read(a),
        read(a),
        read(b),
        read(links.deleted!),
        read(2_000_000_000),
        read(links.script!),
      ]);
      expect(statements).toHaveLength(2);
      expect(first).toEqual({
        link: {
          affiliateUrl: 'https://shopee.co.id/lari',
          platform: 'Shopee',
          productId: product,
          categoryId: expect.anything() as unknown,
          isActive: expect.anything() as unknown,
        },
        target: 'https://shopee.co.id/lari',
        retired: false,
      });
      expect(String(first!.link!.categoryId)).toBe(String(categoryId));
      expect(Boolean(first!.link!.isActive)).toBe(true);
      expect(again).toBe(first);
      expect(second!.link?.platform).toBe('Lazada');
      expect(Boolean(second!.link?.isActive)).toBe(false);
      expect(gone).toEqual({ link: null, target: null, retired: true });
      expect(unknown).toEqual({ link: null, target: null, retired: false });
      expect(script!.target).toBeNull();
      // Every link found: no second statement.
      statements.length = 0;
      await Promise.all([read(a), read(b)]);
      expect(statements).toHaveLength(1);
    } finally {
      db.sequelize.removeHook('afterQuery', 'countLinkReads');
    }
  });

  it('never redirects to a URL that is not http(s)', async () => {
    const response = await go(links.script!);
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(await storedClicks()).toHaveLength(0);
    expect(logged).toContain(`[go] link ${links.script} has no http(s) affiliate URL`);
  });
});

describe('clientAddress (the fast redirect, before Express)', () => {
  it("reads the client's address as Express's req.ip does, for every trust proxy setting", async () => {
    const forwardedFor = [
      undefined,
      '203.0.113.7',
      '198.51.100.1, 10.1.2.3',
      ' 198.51.100.1 ,10.1.2.3 ',
      '1.1.1.1, 2.2.2.2, 3.3.3.3',
      '2001:db8::1, 10.0.0.2',
      'not-an-address, 10.0.0.1',
      ',, ,',
      '',
    ];
    const settings: unknown[] = [
      false,
      true,
      'loopback',
      1,
      2,
      '10.0.0.0/8',
      'loopback, 10.0.0.0/8',
    ];
    for (const setting of settings) {
      const app = express();
      app.set('trust proxy', setting);
      const trust = app.get('trust proxy fn') as (
        address: string | undefined,
        hop: number,
      ) => boolean;
      app.get('/ip', (req, res) => {
        res.json({ express: req.ip ?? null, fast: clientAddress(req, trust) ?? null });
      });
      const own = await listen(app);
      try {
        for (const header of forwardedFor) {
          const response = await fetch(`${own.url}/ip`, {
            headers: header === undefined ? {} : { 'x-forwarded-for': header },
          });
          const body = (await response.json()) as { express: string; fast: string };
          expect(body.fast, `${String(setting)} / ${String(header)}`).toBe(body.express);
        }
      } finally {
        await own.close();
      }
    }
  });
});

describe('ClickRecorder', () => {
  const sink = () => {
    const records: unknown[] = [];
    return { records, addClick: (record: unknown) => records.push(record) > 0 };
  };
  const click = (at: number, linkId = 1) => ({
    linkId,
    productId: 'p',
    categoryId: '1',
    platform: 'Shopee',
    ip: '192.0.2.10',
    userAgent: CHROME,
    at,
  });

  it('counts the same visitor and link again once the hour has passed', () => {
    const target = sink();
    const recorder = new ClickRecorder({ secret: 's', sink: target });
    const t0 = Date.UTC(2026, 0, 1, 10);
    expect(recorder.record(click(t0))).toBe('counted');
    expect(recorder.record(click(t0 + 59 * 60_000))).toBe('duplicate');
    expect(recorder.record(click(t0 + 60 * 60_000))).toBe('counted');
    expect(target.records).toHaveLength(2);
  });

  it('keeps its memory bounded, forgetting the oldest visitors first', () => {
    const recorder = new ClickRecorder({ secret: 's', sink: sink(), maxEntries: 100 });
    const t0 = Date.UTC(2026, 0, 1, 10);
    for (let link = 1; link <= 1000; link += 1) recorder.record(click(t0 + link, link));
    expect(recorder.trackedVisitors).toBeLessThanOrEqual(100);
    expect(recorder.record(click(t0 + 2000, 1000))).toBe('duplicate');
    expect(recorder.record(click(t0 + 2000, 1))).toBe('counted');
  });

  it('keys its dedupe by the visitor hash and link as one flat string of about 100 bytes', () => {
    const hash = digest('sha256', 'visitor', 'hex');
    expect(dedupeKey(hash, ':42')).toBe(`${hash.slice(0, 32)}:42`);
    expect(dedupeKey(hash, ':bot')).toBe(`${hash.slice(0, 32)}:bot`);
    // The memory a full dedupe holds, per entry (a key built as a slice of the hash and a
    // suffix keeps the whole hash: about 230 bytes).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const entries = 20_000;
    const at = Date.UTC(2026, 0, 1, 10);
    const recorder = new ClickRecorder({ secret: 's', sink: sink(), maxEntries: entries });
    const seen = (recorder as unknown as { seen: Map<string, number> }).seen;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < entries; i += 1) {
      seen.set(dedupeKey(digest('sha256', `v${i}`, 'hex'), `:${i % 600}`), at + i);
    }
    gc();
    const perEntry = (process.memoryUsage().heapUsed - before) / entries;
    expect(seen.size).toBe(entries);
    expect(perEntry).toBeLessThan(160);
  });

  it('reports a click the full buffer refused', () => {
    const recorder = new ClickRecorder({ secret: 's', sink: { addClick: () => false } });
    expect(recorder.record(click(Date.now()))).toBe('dropped');
    // Not remembered: the next click of that visitor is tried again.
    expect(recorder.record(click(Date.now()))).toBe('dropped');
  });
});
