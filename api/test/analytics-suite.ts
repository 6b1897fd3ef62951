import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsDashboard,
  CtaPerformance,
  RealtimeStats,
  TopPages,
  TrafficByCountry,
} from '@shared/types';
import { realtimeStatsMessageSchema } from '@shared/schemas/realtime-stats';
import { rebuildRollups } from '../src/analytics/rollups';
import { loadConfig } from '../src/config';
import {
  BOT_UA,
  DESKTOP_UA,
  eventMessage,
  eventually,
  pageviewMessage,
  sessionMessage,
  spawnServer,
  TestSocket,
  wsUrl,
} from './analytics-support';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDialect } from './support/databases';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from './support/server';

const unique = () => Math.random().toString(36).slice(2, 10);

/** Test-speed settings: fast stats, a small per-socket budget to flood, a small frame cap. */
const analyticsSettings = {
  ...loadConfig({ SESSION_SECRET: 'unused' }).analytics,
  realtimeIntervalMs: 200,
  socketMessagesPerSecond: 20,
  maxPayloadBytes: 8 * 1024,
};

interface Reports {
  dashboard: AnalyticsDashboard;
  countries: TrafficByCountry;
  pages: TopPages;
  cta: CtaPerformance;
  realtime: RealtimeStats;
}

export function defineAnalyticsSuite(dialect: TestDialect) {
  describe(`visitor analytics over /ws (${dialect})`, () => {
    let server: TestServer;
    let admin: TestClient;

    const readReports = async (query = ''): Promise<Reports> => {
      const get = async <T>(name: string) => {
        const response = await admin.get<T>(`/api/admin/analytics/${name}${query}`);
        expect(response.status, `${name}: ${response.text}`).toBe(200);
        return response.body;
      };
      return {
        dashboard: await get<AnalyticsDashboard>('dashboard'),
        countries: await get<TrafficByCountry>('traffic-by-country'),
        pages: await get<TopPages>('top-pages'),
        cta: await get<CtaPerformance>('cta-performance'),
        realtime: await get<RealtimeStats>('realtime'),
      };
    };

    /** Waits until the server has read what the socket sent, then writes its buffer. */
    const store = async (socket: TestSocket) => {
      await socket.settled();
      await server.running.analytics.buffer.flush();
    };

    const countRows = async (sessionId: string) => {
      const [rows] = await server.running.db.sequelize.query(
        `SELECT
           (SELECT COUNT(*) FROM analytics_sessions WHERE "sessionId" = :id) AS sessions,
           (SELECT COUNT(*) FROM page_views WHERE "sessionId" = :id) AS views,
           (SELECT COUNT(*) FROM events WHERE "sessionId" = :id) AS events`,
        { replacements: { id: sessionId } },
      );
      const row = (rows as Array<Record<string, unknown>>)[0] ?? {};
      return {
        sessions: Number(row.sessions),
        views: Number(row.views),
        events: Number(row.events),
      };
    };

    beforeAll(async () => {
      server = await startTestServer(dialect, { seedDemo: false, analytics: analyticsSettings });
      admin = new TestClient(server.url);
      const login = await admin.post('/api/admin/login', {
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
      });
      expect(login.status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
    });

    it('computes the conversion rate over the range, and ranges exclude other days', async () => {
      // Runs first, on the empty database, so that the rate is exactly this test's.
      const socket = await TestSocket.open(wsUrl(server.url));
      const ids = ['a', 'b', 'c'].map((letter) => `conv-${letter}-${unique()}`);
      for (const id of ids) socket.send(sessionMessage(id));
      socket.send(
        eventMessage(ids[0]!, 'cta_click', { productId: 'x', platform: 'Lazada', path: '/' }),
      );
      socket.send(
        eventMessage(ids[0]!, 'cta_click', { productId: 'x', platform: 'Lazada', path: '/' }),
      );
      await store(socket);
      await socket.close();
      const dashboard = await admin.get<AnalyticsDashboard>('/api/admin/analytics/dashboard');
      expect(dashboard.body).toMatchObject({
        totalVisitors: 3,
        weeklyVisitors: 3,
        conversionRate: 33.3,
      });

      const past = await admin.get<AnalyticsDashboard>(
        '/api/admin/analytics/dashboard?from=2020-01-01&to=2020-01-31',
      );
      expect(past.status).toBe(200);
      expect(past.body).toMatchObject({ totalVisitors: 3, weeklyVisitors: 0, conversionRate: 0 });
      const pastCta = await admin.get<CtaPerformance>(
        '/api/admin/analytics/cta-performance?from=2020-01-01&to=2020-01-31',
      );
      expect(pastCta.body).toEqual({ platformPerformance: [], topProducts: [] });
      // The routes' own checks (sessions, ranges, limits) are tested beside them:
      // api/src/analytics/routes.test.ts.
    });

    it('shows what a visitor socket sent in every report', async () => {
      const category = await admin.post<{ id: number }>('/api/admin/categories', {
        name: `Kategori ${unique()}`,
        slug: `kategori-${unique()}`,
        icon: 'ShirtIcon',
        color: 'text-pink-500',
        group: 'Fashion & Beauty',
      });
      expect(category.status).toBe(201);
      const productTitle = `Sepatu Lari ${unique()}`;
      const product = await admin.post<{ id: string }>('/api/admin/products', {
        categoryId: String(category.body.id),
        title: productTitle,
        description: 'Sepatu lari ringan',
        imageUrl: 'https://example.com/sepatu.webp',
        imageUrls: [],
        videoUrl: '',
        mediaType: 'image',
        discountPercentage: 40,
        badgeText: '',
        badgeColor: 'green',
        platforms: ['Shopee'],
        isActive: true,
      });
      expect(product.status, product.text).toBe(201);
      const link = await admin.post<{ id: string }>('/api/admin/platform-links', {
        productId: product.body.id,
        platform: 'Shopee',
        affiliateUrl: 'https://shopee.co.id/sepatu-lari',
        price: 'Rp 349.000',
      });
      expect(link.status, link.text).toBe(201);

      const before = await readReports();
      const country = `Negeri ${unique()}`;
      const promoPath = `/promo-${unique()}`;
      const homePath = `/home-${unique()}`;
      const buyer = `buyer-${unique()}`;
      const browser = `browser-${unique()}`;

      const socket = await TestSocket.open(wsUrl(server.url), { origin: server.url });
      // The page view arrives before its session message, as it can in a browser.
      socket.send(pageviewMessage(buyer, promoPath));
      socket.send(sessionMessage(buyer, { country, device: 'Mobile' }));
      // A repeated session message changes nothing.
      socket.send(sessionMessage(buyer, { country: 'Malaysia', device: 'Desktop' }));
      socket.send(pageviewMessage(buyer, promoPath));
      socket.send(pageviewMessage(buyer, homePath));
      socket.send(
        eventMessage(buyer, 'cta_click', {
          productId: product.body.id,
          platform: 'Shopee',
          categoryId: String(category.body.id),
          path: promoPath,
        }),
      );
      socket.send(eventMessage(buyer, 'search', { query: 'sepatu', path: homePath }));
      socket.send(eventMessage(buyer, 'scroll_depth', { depth: 40, path: promoPath }));
      socket.send(eventMessage(buyer, 'scroll_depth', { depth: 75, path: promoPath }));
      socket.send(eventMessage(buyer, 'page_duration', { duration: 15_000, path: promoPath }));
      socket.send(
        sessionMessage(browser, {
          country,
          device: 'Desktop',
          userAgent: DESKTOP_UA,
          referrer: '',
        }),
      );
      socket.send(pageviewMessage(browser, homePath));
      await store(socket);
      await socket.close();
      // The click itself is counted by the redirect the platform button goes through; the
      // socket's cta_click above only tells the session's journey (not counted twice).
      const go = await fetch(`${server.url}/go/${link.body.id}`, {
        redirect: 'manual',
        headers: { 'user-agent': DESKTOP_UA, referer: `${server.url}${promoPath}` },
      });
      expect(go.status).toBe(302);
      expect(go.headers.get('location')).toBe('https://shopee.co.id/sepatu-lari');
      await server.running.go.settle();
      await server.running.analytics.buffer.flush();

      const after = await readReports();
      expect(after.dashboard.totalVisitors - before.dashboard.totalVisitors).toBe(2);
      expect(after.dashboard.weeklyVisitors - before.dashboard.weeklyVisitors).toBe(2);
      expect(after.dashboard.totalPageViews - before.dashboard.totalPageViews).toBe(4);
      const count = (list: Array<{ count: number; device?: string }>, device: string) =>
        list.find((entry) => entry.device === device)?.count ?? 0;
      expect(
        count(after.dashboard.deviceBreakdown, 'Mobile') -
          count(before.dashboard.deviceBreakdown, 'Mobile'),
      ).toBe(1);
      expect(
        count(after.dashboard.deviceBreakdown, 'Desktop') -
          count(before.dashboard.deviceBreakdown, 'Desktop'),
      ).toBe(1);
      const google = (d: AnalyticsDashboard) =>
        d.topReferrers.find((r) => r.referrer === 'google.com')?.visitors ?? 0;
      expect(google(after.dashboard) - google(before.dashboard)).toBe(1);

      expect(after.countries).toContainEqual({ country, visitors: 2 });
      expect(after.countries.find((c) => c.country === 'Malaysia')).toBeUndefined();
      expect(after.pages).toContainEqual({ path: promoPath, views: 2 });
      expect(after.pages).toContainEqual({ path: homePath, views: 2 });
      expect(after.cta.topProducts).toContainEqual({ product: productTitle, clicks: 1 });
      const shopee = (c: CtaPerformance) =>
        c.platformPerformance.find((p) => p.platform === 'Shopee')?.clicks ?? 0;
      expect(shopee(after.cta) - shopee(before.cta)).toBe(1);

      expect(after.realtime.currentVisitors - before.realtime.currentVisitors).toBe(2);
      expect(after.realtime.todayVisitors - before.realtime.todayVisitors).toBe(2);
      expect(after.realtime.pageViewsLastHour - before.realtime.pageViewsLastHour).toBe(4);
      expect(after.realtime.ctaClicksLastHour - before.realtime.ctaClicksLastHour).toBe(1);
      expect(after.realtime.searchesLastHour - before.realtime.searchesLastHour).toBe(1);
      expect(after.realtime.topCountries).toContainEqual({ country, count: 2 });
      expect(after.realtime.topPages).toContainEqual({ path: promoPath, views: 2 });

      // The stored rows: the server's own view of the address, anonymised; page metrics kept.
      const [sessions] = await server.running.db.sequelize.query(
        `SELECT "ipAddress", country, device, "ctaClicks" FROM analytics_sessions WHERE "sessionId" = :id`,
        { replacements: { id: buyer } },
      );
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ ipAddress: '127.0.0.0', country, device: 'Mobile' });
      const [views] = await server.running.db.sequelize.query(
        `SELECT duration, "scrollDepth" FROM page_views WHERE "sessionId" = :id AND path = :path ORDER BY id`,
        { replacements: { id: buyer, path: promoPath } },
      );
      expect(views).toEqual([
        { duration: null, scrollDepth: null },
        { duration: 15_000, scrollDepth: 75 },
      ]);
    });

    it('keeps the rollups equal to a recount of the raw rows', async () => {
      const read = async () =>
        (
          await server.running.db.sequelize.query(
            'SELECT metric, hour, value, total FROM analytics_rollups ORDER BY metric, hour, value',
          )
        )[0];
      const incremental = await read();
      expect(incremental.length).toBeGreaterThan(0);
      await rebuildRollups(server.running.db);
      expect(await read()).toEqual(incremental);
    });

    it('sends realtime_stats to admin sockets only, on connect and when figures change', async () => {
      const anonymous = await TestSocket.open(wsUrl(server.url), { origin: server.url });
      const adminSocket = await TestSocket.open(wsUrl(server.url), {
        origin: server.url,
        cookie: admin.cookieHeader,
      });
      await adminSocket.until(() => adminSocket.stats().length >= 1);
      const first = adminSocket.stats()[0]!;

      const visitor = `live-${unique()}`;
      anonymous.send(sessionMessage(visitor));
      anonymous.send(pageviewMessage(visitor, '/live'));
      await store(anonymous);
      await adminSocket.until(() =>
        adminSocket.stats().some((s) => s.currentVisitors === first.currentVisitors + 1),
      );
      const latest = adminSocket.stats().at(-1)!;
      expect(latest.pageViewsLastHour).toBe(first.pageViewsLastHour + 1);
      // What the server sends is what the admin screen and the desktop app accept.
      for (const message of adminSocket.received) {
        expect(realtimeStatsMessageSchema.parse(message)).toEqual(message);
      }
      // Stats went out to admins; the anonymous socket, open all along, got none.
      expect(anonymous.received).toEqual([]);

      // A forged cookie is just an anonymous visitor.
      const forged = await TestSocket.open(wsUrl(server.url), {
        cookie: 'dr_session=eyJ1aWQiOjF9; dr_session.sig=forged',
      });
      forged.send(pageviewMessage(visitor, '/forged'));
      await store(forged);
      await adminSocket.until(() =>
        adminSocket.stats().some((s) => s.topPages.some((p) => p.path === '/forged')),
      );
      expect(forged.received).toEqual([]);
      await Promise.all([anonymous.close(), adminSocket.close(), forged.close()]);
    });

    it('refuses sockets from foreign origins, admin cookie or not', async () => {
      await expect(
        TestSocket.open(wsUrl(server.url), { origin: 'https://evil.example' }),
      ).rejects.toThrow('403');
      await expect(
        TestSocket.open(wsUrl(server.url), {
          origin: 'https://evil.example',
          cookie: admin.cookieHeader,
        }),
      ).rejects.toThrow('403');
      const noOrigin = await TestSocket.open(wsUrl(server.url));
      await noOrigin.close();
    });

    it('drops malformed input and keeps serving', async () => {
      const socket = await TestSocket.open(wsUrl(server.url), { origin: server.url });
      const id = `messy-${unique()}`;
      socket.send('{not json');
      socket.send(JSON.stringify({ type: 'delete_everything', sessionId: id }));
      socket.send(
        JSON.stringify({ type: 'pageview', sessionId: id, path: 'no-slash', timestamp: 1 }),
      );
      socket.send(
        JSON.stringify({ type: 'event', sessionId: id, eventType: 'search', eventData: '{bad' }),
      );
      socket.send(JSON.stringify({ type: 'session', sessionId: "'; DROP TABLE events; --" }));
      socket.send(JSON.stringify([1, 2, 3]));
      socket.ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
      socket.send(pageviewMessage(id, '/after-garbage'));
      await store(socket);
      expect(await countRows(id)).toEqual({ sessions: 1, views: 1, events: 0 });

      // An oversize frame closes that socket only (1009 message too big).
      const big = await TestSocket.open(wsUrl(server.url));
      big.send(eventMessage(id, 'search', { query: 'x'.repeat(20_000) }));
      await big.until(() => big.closeCode !== null);
      expect(big.closeCode).toBe(1009);

      socket.send(pageviewMessage(id, '/still-open'));
      await store(socket);
      expect((await countRows(id)).views).toBe(2);
      expect((await admin.get('/api/admin/analytics/realtime')).status).toBe(200);
      await socket.close();
    });

    it('drops a flood beyond the per-socket rate and closes the flooding socket', async () => {
      const flooder = await TestSocket.open(wsUrl(server.url));
      const id = `flood-${unique()}`;
      const sent = 2000;
      for (let i = 0; i < sent; i += 1) flooder.send(pageviewMessage(id, '/flood'));
      await flooder.until(() => flooder.closeCode !== null);
      expect(flooder.closeCode).toBe(1008);
      await server.running.analytics.buffer.flush();
      const stored = (await countRows(id)).views;
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(sent / 2);

      // Everyone else is still served.
      const other = await TestSocket.open(wsUrl(server.url));
      const otherId = `calm-${unique()}`;
      other.send(pageviewMessage(otherId, '/calm'));
      await store(other);
      expect((await countRows(otherId)).views).toBe(1);
      await other.close();
    });

    it('does not count bots', async () => {
      const crawler = await TestSocket.open(wsUrl(server.url), { userAgent: BOT_UA });
      const crawlerId = `bot-${unique()}`;
      crawler.send(sessionMessage(crawlerId, { userAgent: BOT_UA }));
      crawler.send(pageviewMessage(crawlerId, '/bot'));
      await store(crawler);
      expect(await countRows(crawlerId)).toEqual({ sessions: 0, views: 0, events: 0 });

      // A browser-looking socket whose session message announces a crawler.
      const headless = await TestSocket.open(wsUrl(server.url));
      const headlessId = `headless-${unique()}`;
      headless.send(
        sessionMessage(headlessId, {
          userAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/124.0 Safari/537.36',
        }),
      );
      headless.send(pageviewMessage(headlessId, '/headless'));
      headless.send(
        eventMessage(headlessId, 'cta_click', { platform: 'Shopee', path: '/headless' }),
      );
      await store(headless);
      expect(await countRows(headlessId)).toEqual({ sessions: 0, views: 0, events: 0 });
      await Promise.all([crawler.close(), headless.close()]);
    });

    it('writes every buffered message before exiting on SIGTERM', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const env: Record<string, string> = {
          DATA_DIR: database.dataDir,
          // Nothing is flushed on a timer or by size before the signal.
          ANALYTICS_FLUSH_MS: '3600000',
          ANALYTICS_FLUSH_ROWS: '1000000',
          ANALYTICS_SOCKET_RATE: '100000',
        };
        if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
        const child = await spawnServer(env);
        const socket = await TestSocket.open(wsUrl(child.url));
        const id = `sigterm-${unique()}`;
        socket.send(sessionMessage(id));
        for (let i = 0; i < 300; i += 1) socket.send(pageviewMessage(id, `/p${i % 7}`));
        for (let i = 0; i < 199; i += 1)
          socket.send(eventMessage(id, 'product_view', { productId: 'p', path: '/' }));
        await socket.settled();
        child.child.kill('SIGTERM');
        expect(await child.exited).toBe(0);
        expect(child.output()).toContain('Stopped cleanly');
        await socket.until(() => socket.closeCode !== null);
        expect(socket.closeCode).toBe(1001);

        const counts = await countDirect(dialect, database, id);
        expect(counts).toEqual({ sessions: 1, views: 300, events: 199 });
      } finally {
        await database.drop();
      }
    }, 90_000);
  });
}

/** Counts rows with a client of our own: the server process is gone. */
async function countDirect(
  dialect: TestDialect,
  database: { dataDir: string; databaseUrl: string | null },
  sessionId: string,
) {
  const sql = `SELECT
     (SELECT COUNT(*) FROM analytics_sessions WHERE "sessionId" = $1) AS sessions,
     (SELECT COUNT(*) FROM page_views WHERE "sessionId" = $1) AS views,
     (SELECT COUNT(*) FROM events WHERE "sessionId" = $1) AS events`;
  let row: Record<string, unknown> = {};
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    row = (await client.query(sql, [sessionId])).rows[0] ?? {};
    await client.end();
  } else {
    const file = path.join(database.dataDir, 'diskonradar.sqlite');
    const db = new sqlite3.Database(file);
    row = await new Promise((resolve, reject) =>
      db.get(sql.replaceAll('$1', '?1'), [sessionId], (error, result: Record<string, unknown>) =>
        error ? reject(error) : resolve(result),
      ),
    );
    await new Promise((resolve) => db.close(resolve));
  }
  return { sessions: Number(row.sessions), views: Number(row.views), events: Number(row.events) };
}

/** Two server processes sharing one PostgreSQL database report the same live figures. */
export function defineSharedDatabaseSuite() {
  describe('two server processes on one PostgreSQL', () => {
    it('report the same live figures, and admins on either see visitors of both', async () => {
      const database = await createTestDatabase('postgres');
      const dataDirB = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-b-'));
      const env = (dataDir: string) => ({
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl!,
        ANALYTICS_FLUSH_MS: '200',
        ANALYTICS_REALTIME_MS: '300',
      });
      // One at a time: the first one migrates and creates the admin.
      const first = await spawnServer(env(database.dataDir));
      const second = await spawnServer(env(dataDirB));
      try {
        const clients = [new TestClient(first.url), new TestClient(second.url)];
        for (const client of clients) {
          const login = await client.post('/api/admin/login', {
            username: 'admin',
            password: 'admin12345',
          });
          expect(login.status).toBe(200);
        }
        const adminOnSecond = await TestSocket.open(wsUrl(second.url), {
          cookie: clients[1]!.cookieHeader,
        });
        await adminOnSecond.until(() => adminOnSecond.stats().length >= 1);

        const visitorOnFirst = await TestSocket.open(wsUrl(first.url));
        const visitorOnSecond = await TestSocket.open(wsUrl(second.url));
        for (let i = 0; i < 3; i += 1) {
          const id = `shared-a${i}-${unique()}`;
          visitorOnFirst.send(sessionMessage(id, { country: 'Indonesia' }));
          visitorOnFirst.send(pageviewMessage(id, '/shared'));
          visitorOnFirst.send(eventMessage(id, 'search', { query: 'tas', path: '/shared' }));
        }
        const idB = `shared-b-${unique()}`;
        visitorOnSecond.send(sessionMessage(idB, { country: 'Malaysia' }));
        visitorOnSecond.send(pageviewMessage(idB, '/shared'));
        await Promise.all([visitorOnFirst.settled(), visitorOnSecond.settled()]);

        const read = (client: TestClient) =>
          client.get<RealtimeStats>('/api/admin/analytics/realtime').then((r) => r.body);
        const fromFirst = await eventually(
          () => read(clients[0]!),
          (stats) => stats.currentVisitors === 4 && stats.pageViewsLastHour === 4,
        );
        const fromSecond = await read(clients[1]!);
        expect(fromSecond).toEqual(fromFirst);
        expect(fromFirst).toMatchObject({
          currentVisitors: 4,
          todayVisitors: 4,
          pageViewsLastHour: 4,
          searchesLastHour: 3,
          topCountries: [
            { country: 'Indonesia', count: 3 },
            { country: 'Malaysia', count: 1 },
          ],
          topPages: [{ path: '/shared', views: 4 }],
        });
        // The admin socket on the second process saw the first process's visitors arrive.
        await adminOnSecond.until(() => adminOnSecond.stats().some((s) => s.currentVisitors === 4));

        const dashboards = await Promise.all(
          clients.map((client) =>
            client.get<AnalyticsDashboard>('/api/admin/analytics/dashboard').then((r) => r.body),
          ),
        );
        expect(dashboards[0]).toEqual(dashboards[1]);
        expect(dashboards[0]).toMatchObject({ totalVisitors: 4, totalPageViews: 4 });
        await Promise.all([adminOnSecond.close(), visitorOnFirst.close(), visitorOnSecond.close()]);
      } finally {
        first.child.kill('SIGTERM');
        second.child.kill('SIGTERM');
        await Promise.all([first.exited, second.exited]);
        await database.drop();
        rmSync(dataDirB, { recursive: true, force: true });
      }
    }, 120_000);
  });
}
