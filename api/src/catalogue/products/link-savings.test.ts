import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS as ALL_PLATFORMS } from '@shared/constants';
import { savingOf } from '@shared/rules/saving';
import { openDatabase, type Database } from '../../db/database';
import { createMigrator } from '../../db/migrate';
import {
  docsPriceColumn,
  docsSavingColumn,
} from '../../db/migrations/0043-search-docs-carry-marketplace-figures';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  insertCategory,
  openMigratedDatabase,
  productRow,
  selectRows,
  type FixtureDatabase,
} from '../../../test/support/catalogue-fixtures';
import { newLinkListingColumns, refreshProductFigures } from './figures';

/**
 * Each link's own figures (migration 0025, which the link walks read): `saving` is
 * shared/rules/saving.ts's savingOf for that link and its product's discount (0 without one),
 * `categoryId` its product's. After inserts, every change of price, original price,
 * availability and product, a product's discount or category change, in a transaction that
 * defers the product figures (the CSV import and feed runs), and on a database that had links
 * before the migration. And the product's saving is its cheapest in-stock link's (the first by
 * id on a tie).
 */
const dialects = ['sqlite', 'postgres'] as const;

interface LinkRow {
  id: number;
  productId: string;
  priceValue: number | string | null;
  originalPriceValue: number | string | null;
  availability: string;
  saving: number | string;
  discountPercentage: number;
  linkCategory: number | null;
  categoryId: number;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** Every link whose saving differs from savingOf's (none when the column is right). */
async function wrongSavings(db: Database) {
  const rows = await selectRows<LinkRow>(
    db,
    `SELECT l.id, l."productId", l."priceValue", l."originalPriceValue", l.availability, l.saving,
        p."discountPercentage", l."categoryId" AS "linkCategory", p."categoryId"
      FROM platform_links l JOIN products p ON p.id = l."productId" ORDER BY l.id`,
  );
  const wrong = rows.filter((row) => {
    const price = num(row.priceValue);
    // A price of 0 saves nothing in the figures' SQL (migration 0014), whatever the original.
    const expected =
      price !== null && price <= 0
        ? 0
        : (savingOf({
            priceValue: price,
            originalPriceValue: num(row.originalPriceValue),
            discountPercentage: row.discountPercentage,
          }) ?? 0);
    return Number(row.saving) !== expected || row.linkCategory !== row.categoryId;
  });
  return { rows, wrong };
}

/** Products whose saving is not their cheapest in-stock link's (by price, then id). */
async function wrongProductSavings(db: Database) {
  return selectRows<{ id: string }>(
    db,
    `SELECT p.id FROM products p
      WHERE p.saving <> coalesce((SELECT l.saving FROM platform_links l
        WHERE l."productId" = p.id AND l.availability = 'in_stock' AND l."priceValue" IS NOT NULL
        ORDER BY l."priceValue", l.id LIMIT 1), 0)`,
  );
}

/**
 * Active products whose search docs row does not carry their filter figures (SQLite, migration
 * 0039) and each marketplace's in-stock price and saving (0043), or has none; on PostgreSQL,
 * whose search row does not carry each marketplace's in-stock price (0045), or has none.
 */
async function wrongSearchDocs(db: Database) {
  if (db.dialect === 'postgres') return wrongSearchRowPrices(db);
  const figures = ['lowestPrice', 'discountPercentage', 'inStock', 'platformMask', 'stockMask'];
  const link = (platform: string, value: string) => `(SELECT ${value} FROM platform_links l
    WHERE l."productId" = p.id AND l.platform = '${platform}' AND l.availability = 'in_stock')`;
  const prices = ALL_PLATFORMS.flatMap((platform) => [
    `d."${docsPriceColumn(platform)}" IS NOT ${link(platform, 'l."priceValue"')}`,
    `d."${docsSavingColumn(platform)}" IS NOT ${link(platform, 'CASE WHEN l."priceValue" IS NOT NULL THEN l.saving END')}`,
  ]);
  return selectRows<{ id: string }>(
    db,
    `SELECT p.id FROM products p LEFT JOIN product_search_docs d ON d."productId" = p.id
      WHERE p."isActive" AND (d.docid IS NULL
        OR ${[...figures.map((column) => `d."${column}" IS NOT p."${column}"`), ...prices].join(' OR ')})`,
  );
}

/** PostgreSQL: active products whose search row's prices are not their links' (or no row). */
async function wrongSearchRowPrices(db: Database) {
  const prices = ALL_PLATFORMS.map(
    (platform) => `s."${docsPriceColumn(platform)}" IS DISTINCT FROM (SELECT l."priceValue"
      FROM platform_links l WHERE l."productId" = p.id AND l.platform = '${platform}'
        AND l.availability = 'in_stock')`,
  );
  return selectRows<{ id: string }>(
    db,
    `SELECT p.id FROM products p LEFT JOIN product_search s ON s."productId" = p.id
      WHERE p."isActive" AND (s."productId" IS NULL OR ${prices.join(' OR ')})`,
  );
}

/** Active products with a price on their search row (or docs row) for some marketplace. */
async function pricedSearchRows(db: Database) {
  const table = db.dialect === 'postgres' ? 'product_search' : 'product_search_docs';
  const priced = ALL_PLATFORMS.map((platform) => `"${docsPriceColumn(platform)}" IS NOT NULL`);
  const [row] = await selectRows<{ n: number | string }>(
    db,
    `SELECT count(*) AS n FROM ${table} WHERE ${priced.join(' OR ')}`,
  );
  return Number(row?.n ?? 0);
}

const PLATFORMS = ['Shopee', 'Tokopedia', 'Lazada'];

/** Products with every discount edge, and links with every saving edge. */
async function fill(db: Database, categoryId: number, tag: string) {
  const discounts = [0, 10, 33, 50, 99, 100];
  const prices: (number | null)[] = [null, 0, 1, 999, 50_000, 123_456, 1_000_000];
  const products = discounts.map((discountPercentage, i) =>
    productRow({ id: randomUUID(), categoryId, title: `${tag} ${i}`, discountPercentage }),
  );
  const at = new Date();
  const links = [];
  let n = 0;
  for (const product of products) {
    for (const platform of PLATFORMS) {
      const priceValue = prices[n % prices.length]!;
      const original = [null, null, 0, priceValue, (priceValue ?? 0) + 5_000, 10][n % 6]!;
      links.push({
        productId: product.id,
        platform,
        affiliateUrl: `https://example.com/${tag}/${n}`,
        price: priceValue === null ? '' : `Rp ${priceValue}`,
        priceValue,
        originalPriceValue: original,
        availability: n % 4 === 3 ? 'out_of_stock' : 'in_stock',
        createdAt: at,
        updatedAt: at,
      });
      n++;
    }
  }
  const qi = db.sequelize.getQueryInterface();
  await qi.bulkInsert('products', products);
  await qi.bulkInsert('platform_links', links);
  return products.map((product) => product.id);
}

describe.each(dialects)('link savings on %s', (dialect) => {
  let fixture: FixtureDatabase;
  let products: string[] = [];

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    products = await fill(fixture.db, await insertCategory(fixture.db), 'saving');
  }, 60_000);
  afterAll(() => fixture?.close());

  const expectRight = async (db: Database) => {
    const { rows, wrong } = await wrongSavings(db);
    expect(wrong).toEqual([]);
    // The edges saw savings, not only zeros.
    expect(rows.filter((row) => Number(row.saving) > 0).length).toBeGreaterThan(0);
    expect(await wrongProductSavings(db)).toEqual([]);
    expect(await wrongSearchDocs(db)).toEqual([]);
    // The edges left some prices on the search rows, not only NULLs.
    expect(await pricedSearchRows(db)).toBeGreaterThan(0);
  };

  it('keeps each inserted link its saving', async () => {
    await expectRight(fixture.db);
  });

  it("gives writers the triggers' own columns for a new link (newLinkListingColumns)", async () => {
    const rows = await selectRows<{
      priceValue: number | string | null;
      originalPriceValue: number | string | null;
      saving: number | string;
      linkCategory: number | string;
      discountPercentage: number | string;
      categoryId: number | string;
    }>(
      fixture.db,
      `SELECT l."priceValue", l."originalPriceValue", l.saving, l."categoryId" AS "linkCategory",
         p."discountPercentage", p."categoryId"
       FROM platform_links l JOIN products p ON p.id = l."productId"`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const number = (value: number | string | null) => (value === null ? null : Number(value));
    for (const row of rows) {
      const written = newLinkListingColumns(
        { priceValue: number(row.priceValue), originalPriceValue: number(row.originalPriceValue) },
        { categoryId: Number(row.categoryId), discountPercentage: Number(row.discountPercentage) },
      );
      expect(written, JSON.stringify(row)).toEqual({
        saving: Number(row.saving),
        categoryId: Number(row.linkCategory),
      });
    }
  });

  it('follows every change of a link and of its product', async () => {
    const { db } = fixture;
    const run = (sql: string, replacements: unknown[] = []) =>
      db.sequelize.query(sql, { replacements });
    await run(`UPDATE platform_links SET "priceValue" = "priceValue" / 2 WHERE id % 3 = 0`);
    await expectRight(db);
    await run(`UPDATE platform_links SET "originalPriceValue" = NULL WHERE id % 2 = 0`);
    await expectRight(db);
    await run(`UPDATE platform_links SET "originalPriceValue" = 2000000 WHERE id % 5 = 0`);
    await expectRight(db);
    await run(`UPDATE platform_links SET availability = 'in_stock'`);
    await expectRight(db);
    // A move to a product with another discount and no link on that marketplace.
    const [moved] = await selectRows<{ id: number }>(
      db,
      `SELECT id FROM platform_links WHERE "productId" = ? AND platform = 'Shopee'`,
      [products[0]],
    );
    await run(`DELETE FROM platform_links WHERE "productId" = ? AND platform = 'Shopee'`, [
      products[3],
    ]);
    await run(`UPDATE platform_links SET "productId" = ? WHERE id = ?`, [products[3], moved!.id]);
    await expectRight(db);
    // A priced link moved to a marketplace its product had none on.
    const [priced] = await selectRows<{ id: number }>(
      db,
      `SELECT id FROM platform_links WHERE platform = 'Tokopedia' AND "priceValue" > 0
        AND availability = 'in_stock' ORDER BY id LIMIT 1`,
    );
    await run(`UPDATE platform_links SET platform = 'Bukalapak' WHERE id = ?`, [priced!.id]);
    await expectRight(db);
    // A product moved to another category takes its links with it.
    const other = await insertCategory(db);
    await run(`UPDATE products SET "categoryId" = ? WHERE id IN (?, ?)`, [
      other,
      products[0],
      products[4],
    ]);
    await expectRight(db);
    await run(`UPDATE products SET "categoryId" = ?, "discountPercentage" = 15 WHERE id = ?`, [
      await insertCategory(db),
      products[4],
    ]);
    await expectRight(db);
    for (const discount of [25, 0, 70, 100, 1]) {
      await run(`UPDATE products SET "discountPercentage" = ?`, [discount]);
      await expectRight(db);
    }
    // Taken off the site and back, with its figures changed meanwhile.
    await run(`UPDATE products SET "isActive" = ? WHERE id = ?`, [false, products[5]]);
    await run(`UPDATE platform_links SET availability = 'out_of_stock' WHERE "productId" = ?`, [
      products[5],
    ]);
    await expectRight(db);
    await run(`UPDATE products SET "isActive" = ? WHERE id = ?`, [true, products[5]]);
    await expectRight(db);
    await run(`DELETE FROM platform_links WHERE "productId" = ?`, [products[2]]);
    await expectRight(db);
  });

  it('follows the changes of a writer that defers the product figures', async () => {
    const { db } = fixture;
    await db.write(async (transaction) => {
      const run = (sql: string, replacements: unknown[] = []) =>
        db.sequelize.query(sql, { replacements, transaction });
      await run('INSERT INTO product_figures_deferred (token) VALUES (1)');
      await run(`UPDATE products SET "discountPercentage" = 40 WHERE id IN (?, ?)`, [
        products[1],
        products[2],
      ]);
      await run(
        `UPDATE platform_links SET "priceValue" = "priceValue" + 1000, "originalPriceValue" = NULL
        WHERE "productId" = ?`,
        [products[1]],
      );
      const at = new Date();
      await db.sequelize.getQueryInterface().bulkInsert(
        'platform_links',
        [
          {
            productId: products[2],
            platform: 'Blibli',
            affiliateUrl: 'https://example.com/deferred',
            price: 'Rp 77.000',
            priceValue: 77_000,
            availability: 'in_stock',
            createdAt: at,
            updatedAt: at,
          },
        ],
        { transaction },
      );
      await refreshProductFigures(db, products, transaction);
      await run('DELETE FROM product_figures_deferred');
    });
    await expectRight(db);
  });
});

describe.each(dialects)('migration 0025 on an existing %s database', (dialect) => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    db = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  it('fills the savings of the links already there, and goes down and up again', async () => {
    const migrator = createMigrator(db);
    await migrator.up({ to: '0024-listing-link-prices' });
    await fill(db, await insertCategory(db), 'before');
    await migrator.up();
    const { wrong, rows } = await wrongSavings(db);
    expect(wrong).toEqual([]);
    expect(rows.filter((row) => Number(row.saving) > 0).length).toBeGreaterThan(0);
    await migrator.down({ to: '0025-link-listing-figures' });
    await migrator.up();
    expect((await wrongSavings(db)).wrong).toEqual([]);
    // The triggers came back with the column.
    await db.sequelize.query('UPDATE products SET "discountPercentage" = 20');
    expect((await wrongSavings(db)).wrong).toEqual([]);
    // Migrations 0039, 0043 and 0045 likewise: the search rows' figures filled, then kept.
    expect(await wrongSearchDocs(db)).toEqual([]);
    expect(await pricedSearchRows(db)).toBeGreaterThan(0);
    await db.sequelize.query('UPDATE platform_links SET "priceValue" = "priceValue" + 7');
    expect(await wrongSearchDocs(db)).toEqual([]);
  });
});
