import { expect, it } from 'vitest';
import {
  dayNumberDate,
  jakartaDayNumber,
  type ProductsReport,
} from '@shared/schemas/analytics-reports';
import { BOT_UA, TestSocket, wsUrl } from '../../../test/analytics-support';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { select, toCount } from '../../db/sql';
import { DAY_MS } from '../time';
import {
  buildPeriodStatements,
  ensureProductPeriods,
  matchingPeriod,
  PRODUCT_PERIODS,
  periodDays,
} from '../product-periods';
import { rebuildAllRollups } from '../rollups';

const unique = () => Math.random().toString(36).slice(2, 10);
let version = 300;
const ua = () =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.${version++}.0 Mobile Safari/537.36`;

interface Figures {
  views: number;
  clicks: number;
}

/** The Produk report's figures per product, from the raw rows (bots left out). */
async function fromRawRows(api: ApiFixture, ids: string[]): Promise<Map<string, Figures>> {
  const rows = await select<{ productId: string; views: unknown; clicks: unknown }>(
    api.server.running.db,
    `SELECT e."productId" AS "productId",
       SUM(CASE WHEN e."eventType" = 'product_view' THEN 1 ELSE 0 END) AS views,
       SUM(CASE WHEN e."eventType" = 'cta_click' THEN 1 ELSE 0 END) AS clicks
     FROM events e JOIN analytics_sessions s ON s."sessionId" = e."sessionId"
     WHERE s.bot = FALSE AND e."productId" IN (${ids.map(() => '?').join(', ')})
     GROUP BY e."productId"`,
    ids,
  );
  const figures = new Map<string, Figures>(ids.map((id) => [id, { views: 0, clicks: 0 }]));
  for (const row of rows) {
    figures.set(row.productId, { views: toCount(row.views), clicks: toCount(row.clicks) });
  }
  return figures;
}

/** Every page of the report for [from, to] (Jakarta dates) in one list. */
async function readReport(api: ApiFixture, from: string, to: string, sort: string) {
  const products: ProductsReport['products'] = [];
  let totals: ProductsReport['totals'] | null = null;
  for (let page = 1; ; page += 1) {
    const res = await api.admin.get<ProductsReport>(
      `/api/admin/analytics/products?from=${from}&to=${to}&sort=${sort}&limit=2&page=${page}`,
    );
    expect(res.status, res.text).toBe(200);
    products.push(...res.body.products);
    totals ??= res.body.totals;
    if (page >= res.body.totalPages) break;
  }
  return { products, totals: totals! };
}

/** What the report must show for `ids` in `sort` order (ties by id), from `figures`. */
function expectedOrder(figures: Map<string, Figures>, sort: 'views' | 'clicks') {
  return [...figures.entries()]
    .filter(([, f]) => f.views > 0 || f.clicks > 0)
    .sort(([a, fa], [b, fb]) => fb[sort] - fa[sort] || (a < b ? -1 : 1))
    .map(([id, f]) => ({ id, views: f.views, clicks: f.clicks }));
}

describeApi('analytics Produk report at size: kept ranges', (api) => {
  const ids: string[] = [];
  const links: number[] = [];
  const today = () => jakartaDayNumber(Date.now());

  const setUp = async () => {
    if (ids.length > 0) return;
    const category = await api.createCategory('Periode', unique());
    for (let i = 0; i < 4; i += 1) {
      const product = await api.createProduct({
        title: `Periode ${i} ${unique()}`,
        categoryId: category.id,
      });
      ids.push(product.id);
      const link = await api.addLink<{ id: number }>(
        product.id,
        'Shopee',
        `https://shopee.co.id/periode-${i}`,
        'Rp 10.000',
      );
      expect(link.status).toBe(201);
      links.push(link.body.id);
    }
  };

  const flush = async () => {
    await api.server.running.go.settle();
    await api.server.running.analytics.buffer.flush();
  };

  /** A visit that opens `views` (product indexes) and clicks through `clicks` (link indexes). */
  const visit = async (userAgent: string, views: number[], clicks: number[]) => {
    const socket = await TestSocket.open(wsUrl(api.url), { userAgent });
    const sessionId = `periode-${unique()}`;
    socket.send({ type: 'session', sessionId, userAgent, referrer: '', timestamp: Date.now() });
    socket.send({
      type: 'pageview',
      sessionId,
      path: '/',
      title: 'DiskonRadar',
      timestamp: Date.now(),
      landing: true,
    });
    for (const index of views) {
      socket.send({
        type: 'event',
        sessionId,
        eventType: 'product_view',
        eventData: JSON.stringify({ productId: ids[index], path: `/produk/${ids[index]}` }),
        timestamp: Date.now(),
      });
    }
    await socket.settled();
    for (const index of clicks) {
      const res = await fetch(`${api.url}/go/${links[index]}`, {
        redirect: 'manual',
        headers: { 'user-agent': userAgent },
      });
      expect(res.status).toBe(302);
    }
    await socket.close();
  };

  /** The report over 30 days (a kept range) and over 31 days (summed daily rows) vs raw rows. */
  const expectAgreement = async () => {
    const db = api.server.running.db;
    const raw = await fromRawRows(api, ids);
    const to = dayNumberDate(today());
    const kept = dayNumberDate(today() - 29);
    const summed = dayNumberDate(today() - 30);
    expect(await matchingPeriod(db, { fromDay: today() - 29, toDay: today() + 1 })).toBe('30d');
    expect(await matchingPeriod(db, { fromDay: today() - 30, toDay: today() + 1 })).toBeNull();
    for (const sort of ['views', 'clicks'] as const) {
      for (const from of [kept, summed]) {
        const report = await readReport(api, from, to, sort);
        const ours = report.products
          .filter((p) => ids.includes(p.id))
          .map((p) => ({ id: p.id, views: p.views, clicks: p.clicks }));
        // Products without figures come last, each with zeros.
        const expected = expectedOrder(raw, sort);
        expect(ours.slice(0, expected.length), `${sort} from ${from}`).toEqual(expected);
        expect(ours.slice(expected.length).every((p) => p.views === 0 && p.clicks === 0)).toBe(
          true,
        );
        expect(ours).toHaveLength(ids.length);
      }
    }
    return raw;
  };

  it('agrees with the raw rows after the ingest and after a rebuild, bots left out', async () => {
    await setUp();
    await ensureProductPeriods(api.server.running.db);
    const first = ua();
    await visit(first, [0, 0, 1, 2], [0]);
    await visit(ua(), [2], [1, 1]);
    await visit(ua(), [1, 3], [3, 3, 3]);
    await visit(BOT_UA, [0, 0, 0], [0]);
    await flush();
    const raw = await expectAgreement();
    expect(raw.get(ids[0]!)).toEqual({ views: 2, clicks: 1 });
    expect(raw.get(ids[3]!)?.views).toBe(1);
    expect(raw.get(ids[3]!)?.clicks).toBeGreaterThan(0);

    await rebuildAllRollups(api.server.running.db);
    expect(await expectAgreement()).toEqual(raw);

    // The ingest keeps the kept range in step after the rebuild too.
    await visit(first, [3], [2]);
    await flush();
    const later = await expectAgreement();
    expect(later.get(ids[3]!)?.views).toBe(2);
  }, 180_000);

  it('moves each range on as the days turn, equal to a range built whole', async () => {
    await setUp();
    const db = api.server.running.db;
    // Figures on past days for a product of its own (the daily rows, as older traffic left).
    const product = await api.createProduct({ title: `Periode lama ${unique()}` });
    const rows = Array.from({ length: 40 }, (_, back) => [
      today() - back,
      product.id,
      back + 1,
      back % 3,
    ]);
    await db.write(async (transaction) => {
      for (const row of rows) {
        await db.sequelize.query(
          `INSERT INTO analytics_product_daily (day, "productId", views, clicks)
           VALUES (?, ?, ?, ?)
           ON CONFLICT (day, "productId") DO UPDATE SET views = excluded.views,
             clicks = excluded.clicks`,
          { replacements: row, transaction },
        );
      }
      for (const period of PRODUCT_PERIODS) {
        for (const sql of buildPeriodStatements(db, period, periodDays(period, Date.now()))) {
          await db.sequelize.query(sql, { transaction });
        }
      }
    });
    const kept = async () =>
      select<{ period: string; productId: string; views: unknown; clicks: unknown }>(
        db,
        `SELECT period, "productId", views, clicks FROM analytics_product_period
         ORDER BY period, "productId"`,
      );
    const wholly = async (now: number) => {
      const expected: Array<{ period: string; productId: string; views: number; clicks: number }> =
        [];
      for (const period of PRODUCT_PERIODS) {
        const days = periodDays(period, now);
        const sums = await select<{ productId: string; views: unknown; clicks: unknown }>(
          db,
          `SELECT "productId", SUM(views) AS views, SUM(clicks) AS clicks
           FROM analytics_product_daily WHERE day >= ? AND day < ?
           GROUP BY "productId" HAVING SUM(views) > 0 OR SUM(clicks) > 0`,
          [days.fromDay, days.toDay],
        );
        for (const sum of sums) {
          expected.push({
            period,
            productId: sum.productId,
            views: toCount(sum.views),
            clicks: toCount(sum.clicks),
          });
        }
      }
      return expected.sort((a, b) =>
        a.period !== b.period ? (a.period < b.period ? -1 : 1) : a.productId < b.productId ? -1 : 1,
      );
    };
    const normalised = async () =>
      (await kept()).map((row) => ({
        period: row.period,
        productId: row.productId,
        views: toCount(row.views),
        clicks: toCount(row.clicks),
      }));
    expect(await normalised()).toEqual(await wholly(Date.now()));
    for (const days of [1, 3, 7]) {
      const now = Date.now() + days * DAY_MS;
      expect(await ensureProductPeriods(db, now)).toBe(true);
      expect(await ensureProductPeriods(db, now)).toBe(false);
      expect(await normalised(), `${days} days on`).toEqual(await wholly(now));
    }
    // Back to today: built whole again.
    await ensureProductPeriods(db);
    expect(await normalised()).toEqual(await wholly(Date.now()));
  }, 180_000);
});
