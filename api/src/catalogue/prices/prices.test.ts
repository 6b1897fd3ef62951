import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrate } from '../../db/migrate';
import { openDatabase } from '../../db/database';
import { errorHandler } from '../../middleware/errors';
import { toDbTimestamp } from '../../db/timestamps';
import { createTestDatabase } from '../../../test/support/databases';
import {
  insertCategory,
  insertLink,
  insertProduct,
  listen,
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../../test/support/catalogue-fixtures';
import { priceHistory } from './queries';
import { INVALID_DAYS_MESSAGE, priceHistoryRoutes } from './routes';

const DAY = 24 * 60 * 60 * 1000;
const dialects = ['sqlite', 'postgres'] as const;

describe.each(dialects)('prices on %s', (dialect) => {
  let fixture: FixtureDatabase;
  let categoryId: number;

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    categoryId = await insertCategory(fixture.db);
  }, 60_000);
  afterAll(() => fixture?.close());

  const pointsOf = (linkId: number) =>
    selectRows<{ price: number | string }>(
      fixture.db,
      'SELECT price FROM price_points WHERE "linkId" = ? ORDER BY at, id',
      [linkId],
    ).then((rows) => rows.map((row) => Number(row.price)));

  const setPrice = (linkId: number, value: number | null) =>
    fixture.db.sequelize.query('UPDATE platform_links SET "priceValue" = ? WHERE id = ?', {
      replacements: [value, linkId],
    });

  it('records a point for a new priced link and for every change of its price', async () => {
    const productId = await insertProduct(fixture.db, { categoryId });
    const linkId = await insertLink(fixture.db, {
      productId,
      platform: 'Shopee',
      price: 'Rp 100.000',
      priceValue: 100_000,
    });
    expect(await pointsOf(linkId)).toEqual([100_000]);

    await setPrice(linkId, 95_000);
    await setPrice(linkId, 95_000); // unchanged: no point
    await fixture.db.sequelize.query(
      `UPDATE platform_links SET "affiliateUrl" = 'https://example.com/x', price = 'Rp 95.000' WHERE id = ?`,
      { replacements: [linkId] },
    );
    expect(await pointsOf(linkId)).toEqual([100_000, 95_000]);

    await setPrice(linkId, null); // price cleared: nothing to plot
    await setPrice(linkId, 99_000);
    expect(await pointsOf(linkId)).toEqual([100_000, 95_000, 99_000]);
  });

  it('records points for imports that upsert links', async () => {
    const productId = await insertProduct(fixture.db, { categoryId });
    const upsert = (value: number) =>
      fixture.db.sequelize.query(
        `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price, "priceValue", "createdAt", "updatedAt")
         VALUES (?, 'TikTok', 'https://example.com/t', '', ?, ?, ?)
         ON CONFLICT ("productId", platform) DO UPDATE SET "priceValue" = excluded."priceValue"`,
        { replacements: [productId, value, new Date(), new Date()] },
      );
    await upsert(70_000);
    await upsert(70_000);
    await upsert(65_000);
    const [link] = await selectRows<{ id: number | string }>(
      fixture.db,
      'SELECT id FROM platform_links WHERE "productId" = ?',
      [productId],
    );
    expect(await pointsOf(Number(link!.id))).toEqual([70_000, 65_000]);
  });

  it('records nothing for a link without a price', async () => {
    const productId = await insertProduct(fixture.db, { categoryId });
    const linkId = await insertLink(fixture.db, { productId, platform: 'Lazada', price: '' });
    expect(await pointsOf(linkId)).toEqual([]);
  });

  it('records points inside the writing transaction: a rolled back edit leaves none', async () => {
    const productId = await insertProduct(fixture.db, { categoryId });
    const linkId = await insertLink(fixture.db, { productId, platform: 'Blibli', priceValue: 50 });
    await expect(
      fixture.db.write(async (transaction) => {
        await fixture.db.sequelize.query(
          'UPDATE platform_links SET "priceValue" = 40 WHERE id = ?',
          { replacements: [linkId], transaction },
        );
        throw new Error('import row failed');
      }),
    ).rejects.toThrow('import row failed');
    expect(await pointsOf(linkId)).toEqual([50]);
  });

  it('remembers deleted links, also those removed with their product', async () => {
    const productId = await insertProduct(fixture.db, { categoryId });
    const first = await insertLink(fixture.db, { productId, platform: 'Shopee', priceValue: 10 });
    const second = await insertLink(fixture.db, { productId, platform: 'Tokopedia' });
    await fixture.db.sequelize.query('DELETE FROM platform_links WHERE id = ?', {
      replacements: [first],
    });
    await fixture.db.sequelize.query('DELETE FROM products WHERE id = ?', {
      replacements: [productId],
    });
    const retired = await selectRows<{ linkId: number | string }>(
      fixture.db,
      'SELECT "linkId" FROM retired_links WHERE "productId" = ? ORDER BY "linkId"',
      [productId],
    );
    expect(retired.map((row) => Number(row.linkId))).toEqual([first, second]);
    // The history goes with the link.
    expect(await pointsOf(first)).toEqual([]);
  });

  describe('price history', () => {
    const now = Date.UTC(2026, 10, 20, 12, 0, 0);
    let productId: string;
    let shopee: number;
    let tokopedia: number;

    const point = (linkId: number, platform: string, price: number, daysAgo: number) =>
      fixture.db.sequelize.query(
        `INSERT INTO price_points ("linkId", "productId", platform, price, at) VALUES (?, ?, ?, ?, ?)`,
        { replacements: [linkId, productId, platform, price, toDbTimestamp(now - daysAgo * DAY)] },
      );

    beforeAll(async () => {
      productId = await insertProduct(fixture.db, { categoryId, title: 'Sepatu lari' });
      // Links inserted without a price, so that the only points are the dated ones below.
      tokopedia = await insertLink(fixture.db, { productId, platform: 'Tokopedia' });
      shopee = await insertLink(fixture.db, { productId, platform: 'Shopee' });
      await point(shopee, 'Shopee', 120_000, 200); // before every window
      await point(shopee, 'Shopee', 90_000, 60); // in force until 10 days ago
      await point(shopee, 'Shopee', 110_000, 10);
      await point(tokopedia, 'Tokopedia', 105_000, 20);
      await point(tokopedia, 'Tokopedia', 99_000, 2);
      // The current prices; the points the trigger records (at the real clock's now, after
      // this test's "now") are removed so that only the dated ones above remain.
      await fixture.db.sequelize.query(
        `UPDATE platform_links SET "priceValue" = CASE id WHEN ? THEN 110000 ELSE 99000 END WHERE "productId" = ?`,
        { replacements: [shopee, productId] },
      );
      await fixture.db.sequelize.query(
        `DELETE FROM price_points WHERE "productId" = ? AND at > ?`,
        { replacements: [productId, toDbTimestamp(now)] },
      );
      await point(tokopedia, 'Tokopedia', 150_000, -1); // in the future: ignored
    });

    it('lists each platform over the window, starting with the price in force when it opens', async () => {
      const history = await priceHistory(fixture.db, productId, 90, now);
      const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
      expect(history.platforms).toEqual([
        {
          platform: 'Shopee',
          points: [
            { at: iso(90), price: 120_000 },
            { at: iso(60), price: 90_000 },
            { at: iso(10), price: 110_000 },
          ],
        },
        {
          platform: 'Tokopedia',
          points: [
            { at: iso(20), price: 105_000 },
            { at: iso(2), price: 99_000 },
          ],
        },
      ]);
      expect(history.lowest).toEqual({ price: 99_000, platform: 'Tokopedia' });
      // 90.000 held on Shopee from 60 until 10 days ago, so it was the price 30 days ago.
      expect(history.lowest30d).toEqual({ price: 90_000, platform: 'Shopee', at: iso(30) });
    });

    it('keeps lowest30d over 30 days when fewer days are asked for', async () => {
      const history = await priceHistory(fixture.db, productId, 7, now);
      const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
      expect(history.platforms.map((p) => [p.platform, p.points])).toEqual([
        ['Shopee', [{ at: iso(7), price: 110_000 }]],
        [
          'Tokopedia',
          [
            { at: iso(7), price: 105_000 },
            { at: iso(2), price: 99_000 },
          ],
        ],
      ]);
      expect(history.lowest30d?.price).toBe(90_000);
    });

    it('answers the window a week later, when the 90.000 has left the 30 days', async () => {
      const later = now + 25 * DAY;
      const history = await priceHistory(fixture.db, productId, 90, later);
      expect(history.lowest30d).toEqual({
        price: 99_000,
        platform: 'Tokopedia',
        at: new Date(now - 2 * DAY).toISOString(),
      });
    });

    it('answers empty figures for a product without prices', async () => {
      const bare = await insertProduct(fixture.db, { categoryId });
      await insertLink(fixture.db, { productId: bare, platform: 'Lazada', price: 'N/A' });
      expect(await priceHistory(fixture.db, bare, 90, now)).toEqual({
        platforms: [],
        lowest: null,
        lowest30d: null,
      });
    });

    it('serves GET /api/products/:id/price-history for active products only', async () => {
      const inactive = await insertProduct(fixture.db, { categoryId, isActive: false });
      await insertLink(fixture.db, { productId: inactive, platform: 'Shopee', priceValue: 1 });
      const app = express();
      app.use('/api/products', priceHistoryRoutes({ db: fixture.db }));
      app.use(errorHandler);
      const server = await listen(app);
      try {
        const get = (path: string) => fetch(`${server.url}/api/products/${path}`);
        const ok = await get(`${productId}/price-history?days=365`);
        expect(ok.status).toBe(200);
        const body = (await ok.json()) as { platforms: unknown[]; lowest: unknown };
        expect(body.platforms).toHaveLength(2);
        expect(body.lowest).toEqual({ price: 99_000, platform: 'Tokopedia' });
        expect((await get(`${productId.toUpperCase()}/price-history`)).status).toBe(200);
        expect((await get(`${inactive}/price-history`)).status).toBe(404);
        expect((await get(`00000000-0000-4000-8000-000000000000/price-history`)).status).toBe(404);
        expect((await get(`not-a-uuid/price-history`)).status).toBe(404);
        for (const days of ['0', '366', 'abc', '1.5', '-3']) {
          const bad = await get(`${productId}/price-history?days=${days}`);
          expect(bad.status).toBe(400);
          expect(await bad.json()).toEqual({
            message: INVALID_DAYS_MESSAGE,
            errors: { days: INVALID_DAYS_MESSAGE },
          });
        }
      } finally {
        await server.close();
      }
    });
  });
});

describe.each(dialects)('migration 0004 on %s', (dialect) => {
  it('backfills priceValue from the display prices and starts each history', async () => {
    const test = await createTestDatabase(dialect);
    const db = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    try {
      await createMigrator(db).up({ to: '0002-analytics-rollups' });
      const categoryId = await insertCategory(db);
      const productId = await insertProduct(db, { categoryId });
      const prices: Record<string, string> = {
        Shopee: 'Rp 1.299.000',
        Tokopedia: 'Rp1,299,000',
        Lazada: '1199000',
        Blibli: '',
        Bukalapak: 'Hubungi penjual',
        TikTok: 'Rp 1.299.000,00',
      };
      const qi = db.sequelize.getQueryInterface();
      const at = new Date(Date.UTC(2026, 0, 2));
      await qi.bulkInsert(
        'platform_links',
        Object.entries(prices).map(([platform, price]) => ({
          productId,
          platform,
          affiliateUrl: `https://example.com/${platform}`,
          price,
          createdAt: at,
          updatedAt: at,
        })),
      );
      await migrate(db);
      const links = await selectRows<{ platform: string; priceValue: number | string | null }>(
        db,
        'SELECT platform, "priceValue" FROM platform_links ORDER BY id',
      );
      expect(
        Object.fromEntries(
          links.map((l) => [l.platform, l.priceValue === null ? null : Number(l.priceValue)]),
        ),
      ).toEqual({
        Shopee: 1_299_000,
        Tokopedia: 1_299_000,
        Lazada: 1_199_000,
        Blibli: null,
        Bukalapak: null,
        TikTok: 1_299_000,
      });
      const history = await priceHistory(db, productId, 365, Date.UTC(2026, 1, 1));
      expect(history.platforms.map((p) => [p.platform, p.points])).toEqual(
        [
          ['Shopee', 1_299_000],
          ['Tokopedia', 1_299_000],
          ['Lazada', 1_199_000],
          ['TikTok', 1_299_000],
        ].map(([platform, price]) => [platform, [{ at: at.toISOString(), price }]]),
      );
    } finally {
      await db.close();
      await test.drop();
    }
  }, 60_000);
});
