import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceHistory } from '../catalogue/prices/queries';
import {
  insertCategory,
  insertLink,
  insertProduct,
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../test/support/catalogue-fixtures';
import { demoPriceSeries, seedPriceHistory } from './price-history';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 20, 5, 0, 0);

describe('demoPriceSeries', () => {
  it('walks 90 days and ends at the current price, the same way every time', () => {
    const series = demoPriceSeries(1_299_000, 'seed', now);
    expect(series).toEqual(demoPriceSeries(1_299_000, 'seed', now));
    expect(series).not.toEqual(demoPriceSeries(1_299_000, 'other', now));
    expect(series.at(-1)!.price).toBe(1_299_000);
    expect(series[0]!.at).toBe(now - 90 * DAY);
    expect(series.length).toBeGreaterThanOrEqual(10);
    for (const [index, point] of series.entries()) {
      expect(point.at).toBeLessThanOrEqual(now);
      expect(point.price % 1000).toBe(0);
      expect(point.price).toBeGreaterThan(1_299_000 * 0.75);
      expect(point.price).toBeLessThan(1_299_000 * 1.7);
      if (index > 0) {
        expect(point.at).toBeGreaterThan(series[index - 1]!.at);
        expect(point.price).not.toBe(series[index - 1]!.price);
      }
    }
  });

  it('shows pre-sale spikes somewhere in the catalogue', () => {
    const spiky = Array.from({ length: 50 }, (_, i) => demoPriceSeries(200_000, `link-${i}`, now))
      .flat()
      .filter((point) => point.price > 200_000 * 1.15);
    expect(spiky.length).toBeGreaterThan(0);
  });
});

describe.each(['sqlite', 'postgres'] as const)('seedPriceHistory on %s', (dialect) => {
  let fixture: FixtureDatabase;
  const priced: number[] = [];
  let productId: string;

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    const categoryId = await insertCategory(fixture.db);
    for (let i = 0; i < 60; i += 1) {
      const id = await insertProduct(fixture.db, { categoryId, title: `Produk ${i}` });
      productId ??= id;
      // As the demo seed writes them today: display prices only.
      priced.push(
        await insertLink(fixture.db, {
          productId: id,
          platform: 'Shopee',
          price: `Rp ${100 + i}.000`,
        }),
      );
      priced.push(
        await insertLink(fixture.db, {
          productId: id,
          platform: 'Tokopedia',
          price: `Rp${99 + i},500`,
        }),
      );
      await insertLink(fixture.db, { productId: id, platform: 'Lazada', price: '' });
    }
  }, 60_000);
  afterAll(() => fixture?.close());

  it('gives every priced link 90 days of history ending at its price, once', async () => {
    const started = Date.now();
    const inserted = await seedPriceHistory(fixture.db, new Date(now));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(inserted).toBeGreaterThan(priced.length * 10);
    const links = await selectRows<{ id: number | string; priceValue: number | string | null }>(
      fixture.db,
      'SELECT id, "priceValue" FROM platform_links ORDER BY id',
    );
    expect(links.filter((l) => l.priceValue !== null).map((l) => Number(l.id))).toEqual(priced);

    const history = await priceHistory(fixture.db, productId, 90, now);
    expect(history.platforms.map((p) => p.platform)).toEqual(['Shopee', 'Tokopedia']);
    const shopee = history.platforms[0]!.points;
    expect(shopee.at(-1)!.price).toBe(100_000);
    expect(shopee[0]!.at).toBe(new Date(now - 90 * DAY).toISOString());
    expect(history.platforms[1]!.points.at(-1)!.price).toBe(99_500);
    expect(history.lowest).toEqual({ price: 99_500, platform: 'Tokopedia' });
    expect(history.lowest30d).not.toBeNull();

    const count = async () => (await selectRows(fixture.db, 'SELECT id FROM price_points')).length;
    const before = await count();
    expect(await seedPriceHistory(fixture.db, new Date(now))).toBe(0);
    expect(await count()).toBe(before);
  });
});
