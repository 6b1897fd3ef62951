import { expect, it } from 'vitest';
import type { FunnelReport, ProductsReport } from '@shared/schemas/analytics-reports';
import { TestSocket, wsUrl } from '../../../test/analytics-support';
import { describeApi } from '../../../test/support/api';
import { select, toCount } from '../../db/sql';
import { pruneAnalytics } from '../retention';
import { rebuildAllRollups } from '../rollups';
import { DAY_MS } from '../time';

const unique = () => Math.random().toString(36).slice(2, 10);
const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.777.0 Mobile Safari/537.36';

describeApi('analytics retention: funnel marks of pruned visits', (api) => {
  it('prunes the visits with their funnel marks and keeps every report as it was', async () => {
    const db = api.server.running.db;
    const product = await api.createProduct({ title: `Retensi ${unique()}` });
    const link = await api.addLink<{ id: number }>(
      product.id,
      'Shopee',
      'https://shopee.co.id/retensi',
      'Rp 20.000',
    );
    expect(link.status).toBe(201);
    const socket = await TestSocket.open(wsUrl(api.url), { userAgent: UA });
    // A visit of /go clicks alone (no JavaScript: lastSeenMs 0), from another phone.
    const clickOnlyAgent = UA.replace('Pixel 8', `Pixel ${unique()}`);
    const clickOnly = await fetch(`${api.url}/go/${link.body.id}`, {
      redirect: 'manual',
      headers: { 'user-agent': clickOnlyAgent },
    });
    expect(clickOnly.status).toBe(302);
    const sessionId = `retensi-${unique()}`;
    socket.send({ type: 'session', sessionId, userAgent: UA, referrer: '', timestamp: Date.now() });
    socket.send({
      type: 'pageview',
      sessionId,
      path: '/',
      title: 'DiskonRadar',
      timestamp: Date.now(),
      landing: true,
    });
    socket.send({
      type: 'event',
      sessionId,
      eventType: 'product_view',
      eventData: JSON.stringify({ productId: product.id, path: `/produk/${product.id}` }),
      timestamp: Date.now(),
    });
    await socket.settled();
    const go = await fetch(`${api.url}/go/${link.body.id}`, {
      redirect: 'manual',
      headers: { 'user-agent': UA },
    });
    expect(go.status).toBe(302);
    await socket.close();
    await api.server.running.go.settle();
    await api.server.running.analytics.buffer.flush();

    const marks = async () => {
      const [row] = await select<{ n: unknown }>(
        db,
        'SELECT COUNT(*) AS n FROM analytics_visit_steps',
      );
      return toCount(row?.n);
    };
    const reports = async () => {
      const get = async <T>(path: string) => {
        const res = await api.admin.get<T>(`/api/admin/analytics/${path}`);
        expect(res.status, res.text).toBe(200);
        return res.body;
      };
      const products = await get<ProductsReport>('products?limit=100');
      return {
        category: (await get<FunnelReport>(`funnel?categoryId=${product.categoryId}`)).steps,
        platform: (await get<FunnelReport>('funnel?platform=Shopee')).steps,
        site: (await get<FunnelReport>('funnel')).steps,
        product: products.products.find((p) => p.id === product.id),
        totals: products.totals,
      };
    };
    expect(await marks()).toBeGreaterThan(0);
    const before = await reports();
    expect(before.category.map((s) => s.count)).toEqual([2, 1, 2]);
    expect(before.product).toMatchObject({ views: 1, clicks: 2 });
    const clickOnlyVisits = async () => {
      const [row] = await select<{ n: unknown }>(
        db,
        `SELECT COUNT(*) AS n FROM analytics_sessions WHERE "lastSeenMs" = 0 AND "sessionId" LIKE 'go:%'`,
      );
      return toCount(row?.n);
    };
    expect(await clickOnlyVisits()).toBe(1);

    // Within the retention nothing goes, the click-only visit included.
    expect(await pruneAnalytics(db, 1)).toEqual({
      pageViews: 0,
      events: 0,
      sessions: 0,
      visitSteps: 0,
    });
    expect(await clickOnlyVisits()).toBe(1);

    // Two days on with a one-day retention: every raw row of the visit goes, marks included.
    const pruned = await pruneAnalytics(db, 1, Date.now() + 2 * DAY_MS);
    expect(pruned.sessions).toBeGreaterThan(0);
    expect(pruned.visitSteps).toBeGreaterThan(0);
    expect(await marks()).toBe(0);
    const [sessions] = await select<{ n: unknown }>(
      db,
      'SELECT COUNT(*) AS n FROM analytics_sessions WHERE "sessionId" = ?',
      [sessionId],
    );
    expect(toCount(sessions?.n)).toBe(0);
    expect(await clickOnlyVisits()).toBe(0);
    // The rollups keep the history: every report as before, and after a rebuild too.
    expect(await reports()).toEqual(before);
    await rebuildAllRollups(db);
    expect(await reports()).toEqual(before);
  }, 180_000);
});
