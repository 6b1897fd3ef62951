import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS, type Platform } from '@shared/constants';
import {
  insertCategory,
  openMigratedDatabase,
  productRow,
  seededRandom,
  selectRows,
  type FixtureDatabase,
} from '../../../test/support/catalogue-fixtures';
import { newProductFigures, type ProductFigures } from './figures';

/**
 * The CSV import inserts a new product with its listing figures (newProductFigures) instead of
 * refreshing it after its links. On SQLite they must be the figures the triggers' SQL computes
 * from the same links, to the rupiah: every discount and price edge, ties between links, and
 * random prices. (PostgreSQL's import refreshes new products after all.)
 */
interface NewLink {
  platform: Platform;
  priceValue: number | null;
  originalPriceValue: number | null;
}

interface FigureRow {
  id: string;
  lowestPrice: number | string | null;
  saving: number | string;
  inStock: boolean | number;
  platformMask: number | string;
  stockMask: number | string;
}

const DISCOUNTS = [0, 1, 10, 15, 33, 50, 67, 99, 100];
const PRICES: (number | null)[] = [null, 0, 1, 499, 500, 999, 50_000, 123_456, 1_000_000];

/** Edge products (one per discount and price pattern) and random ones, with 0 to 3 links. */
function catalogue(): { discount: number; links: NewLink[] }[] {
  const products: { discount: number; links: NewLink[] }[] = [];
  let n = 0;
  for (const discount of DISCOUNTS) {
    for (const price of PRICES) {
      const original = [null, 0, price, (price ?? 0) + 5_000, 10][n++ % 5]!;
      products.push({
        discount,
        links: [
          { platform: 'Shopee', priceValue: price, originalPriceValue: original },
          // The same price on a second marketplace: the first inserted gives the saving.
          { platform: 'Tokopedia', priceValue: price, originalPriceValue: null },
        ],
      });
    }
    products.push({ discount, links: [] });
  }
  const random = seededRandom(27);
  for (let i = 0; i < 300; i++) {
    const count = Math.floor(random() * 4);
    const platforms = [...PLATFORMS].sort(() => random() - 0.5).slice(0, count);
    products.push({
      discount: Math.floor(random() * 101),
      links: platforms.map((platform) => ({
        platform,
        priceValue: random() < 0.1 ? null : Math.floor(random() * 2_000) * 500 + 1,
        originalPriceValue: random() < 0.6 ? null : Math.floor(random() * 3_000_000),
      })),
    });
  }
  return products;
}

const asFigures = (row: FigureRow): ProductFigures => ({
  lowestPrice: row.lowestPrice === null ? null : Number(row.lowestPrice),
  saving: Number(row.saving),
  inStock: Boolean(row.inStock),
  platformMask: Number(row.platformMask),
  stockMask: Number(row.stockMask),
});

describe('new product figures on sqlite', () => {
  let fixture: FixtureDatabase;

  beforeAll(async () => {
    fixture = await openMigratedDatabase('sqlite');
  }, 60_000);
  afterAll(() => fixture?.close());

  it("are the triggers' figures of the same links", async () => {
    const { db } = fixture;
    const categoryId = await insertCategory(db);
    const products = catalogue().map((product, i) => ({
      ...product,
      id: randomUUID(),
      title: `Produk ${i}`,
    }));
    const qi = db.sequelize.getQueryInterface();
    await qi.bulkInsert(
      'products',
      products.map(({ id, title, discount }) =>
        productRow({ id, categoryId, title, discountPercentage: discount }),
      ),
    );
    const at = new Date();
    // One link at a time, in each product's order: ids ascend as the import inserts them.
    for (const product of products) {
      for (const link of product.links) {
        await qi.bulkInsert('platform_links', [
          {
            productId: product.id,
            ...link,
            affiliateUrl: `https://example.com/${product.id}/${link.platform}`,
            price: link.priceValue === null ? '' : `Rp ${link.priceValue}`,
            createdAt: at,
            updatedAt: at,
          },
        ]);
      }
    }
    const rows = await selectRows<FigureRow>(
      db,
      `SELECT id, "lowestPrice", saving, "inStock", "platformMask", "stockMask" FROM products`,
    );
    const stored = new Map(rows.map((row) => [row.id, asFigures(row)]));
    let savings = 0;
    for (const product of products) {
      const expected = stored.get(product.id)!;
      if (expected.saving > 0) savings++;
      expect(newProductFigures(product.links, product.discount), JSON.stringify(product)).toEqual(
        expected,
      );
    }
    // The edges saw savings, not only zeros.
    expect(savings).toBeGreaterThan(50);
  });
});
