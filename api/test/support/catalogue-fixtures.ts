import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { PLATFORMS } from '@shared/constants';
import { openDatabase, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { createTestDatabase, type TestDialect } from './databases';

/**
 * A migrated, empty database of either dialect, filled with raw SQL rather than the models
 * (they are not needed to test the tables, triggers and queries underneath them).
 */
export interface FixtureDatabase {
  db: Database;
  close(): Promise<void>;
}

export async function openMigratedDatabase(dialect: TestDialect): Promise<FixtureDatabase> {
  const test = await createTestDatabase(dialect);
  const db = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      await test.drop();
    },
  };
}

const now = () => new Date();

/** A small deterministic random generator: the same catalogue on both engines, every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function insertCategory(db: Database, slug = `cat-${randomUUID().slice(0, 8)}`) {
  const at = now();
  await db.sequelize
    .getQueryInterface()
    .bulkInsert('categories', [
      { name: slug, slug, icon: 'tag', color: 'blue', group: 'Test', createdAt: at, updatedAt: at },
    ]);
  const [row] = await db.sequelize.query<{ id: number }>(
    'SELECT id FROM categories WHERE slug = ?',
    { replacements: [slug], type: QueryTypes.SELECT },
  );
  return Number(row!.id);
}

/** A row of the products table as written without the models: an active 10% product on Shopee. */
export function productRow(
  fields: { id: string; categoryId: number; title: string } & Record<string, unknown>,
) {
  const at = now();
  return {
    description: 'Deskripsi',
    imageUrl: 'https://example.com/a.jpg',
    imageUrls: JSON.stringify([]),
    mediaType: 'default',
    discountPercentage: 10,
    badgeColor: 'green',
    platforms: JSON.stringify(['Shopee']),
    isActive: true,
    isFeaturedPromo: false,
    isFeaturedPopular: false,
    featuredOrder: 0,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

/** What a seeded catalogue's callbacks see of the product being made. */
export interface SeededProduct {
  index: number;
  id: string;
  createdAt: Date;
  categories: readonly number[];
  random: () => number;
  pick: <T>(list: readonly T[]) => T;
}

export interface SeededCatalogueOptions {
  categories: number;
  seed: number;
  products: number;
  /** Every `tieEvery`th product shares its creation time with the one before. */
  tieEvery: number;
  /**
   * The product's own fields (productRow's defaults fill the rest). It and `links` draw from
   * one random sequence in turn, so the order of their draws is the catalogue: keep it when
   * moving a test here, or its data changes.
   */
  product(p: SeededProduct): { categoryId: number; title: string } & Record<string, unknown>;
  /** The product's platform_links rows, without productId and the timestamps (none: no link). */
  links?(p: SeededProduct, product: { categoryId: number }): Record<string, unknown>[];
}

/**
 * A `links` for openSeededCatalogue that hits the link walks' edges: 10% of products without
 * a link, each marketplace at even odds (one at least), prices drawn from `prices` (8% none),
 * 40% with an original price of twice the price, 25% out of stock.
 */
export function randomLinks(
  prices: readonly number[],
): NonNullable<SeededCatalogueOptions['links']> {
  return ({ index, random, pick }) => {
    if (random() < 0.1) return [];
    const platforms = PLATFORMS.filter(() => random() < 0.5);
    return (platforms.length > 0 ? platforms : [pick(PLATFORMS)]).map((platform) => {
      const priceValue = random() < 0.08 ? null : pick(prices);
      return {
        platform,
        affiliateUrl: `https://example.com/${index}/${platform}`,
        price: priceValue === null ? '' : `Rp ${priceValue}`,
        priceValue,
        originalPriceValue: priceValue !== null && random() < 0.4 ? priceValue * 2 : null,
        availability: random() < 0.25 ? 'out_of_stock' : 'in_stock',
      };
    });
  };
}

export interface SeededCatalogue extends FixtureDatabase {
  categories: number[];
  /** The products' ids in the order made. */
  productIds: string[];
}

/**
 * A migrated database holding a deterministic random catalogue: the same rows on both engines
 * and every run (but the products' UUIDs), so a test can compare two ways of reading it.
 */
export async function openSeededCatalogue(
  dialect: TestDialect,
  options: SeededCatalogueOptions,
): Promise<SeededCatalogue> {
  const fixture = await openMigratedDatabase(dialect);
  const { db } = fixture;
  const categories: number[] = [];
  for (let i = 0; i < options.categories; i++) categories.push(await insertCategory(db));
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const base = Date.UTC(2026, 0, 1);
  const productIds: string[] = [];
  const products = [];
  const links = [];
  for (let index = 0; index < options.products; index++) {
    const id = randomUUID();
    productIds.push(id);
    const tied = index % options.tieEvery === options.tieEvery - 1;
    const createdAt = new Date(base + (index - (tied ? 1 : 0)) * 60_000);
    const made: SeededProduct = { index, id, createdAt, categories, random, pick };
    const fields = options.product(made);
    products.push(productRow({ id, ...fields, createdAt, updatedAt: createdAt }));
    for (const link of options.links?.(made, fields) ?? []) {
      links.push({ productId: id, ...link, createdAt, updatedAt: createdAt });
    }
  }
  // In slices of 200 rows: a catalogue of thousands of products is not one huge statement.
  const qi = db.sequelize.getQueryInterface();
  for (let i = 0; i < products.length; i += 200) {
    await qi.bulkInsert('products', products.slice(i, i + 200));
  }
  for (let i = 0; i < links.length; i += 200) {
    await qi.bulkInsert('platform_links', links.slice(i, i + 200));
  }
  return { ...fixture, categories, productIds };
}

export async function insertProduct(
  db: Database,
  fields: { categoryId: number; title?: string; isActive?: boolean },
): Promise<string> {
  const id = randomUUID();
  await db.sequelize.getQueryInterface().bulkInsert('products', [
    productRow({
      id,
      categoryId: fields.categoryId,
      title: fields.title ?? 'Produk uji',
      isActive: fields.isActive ?? true,
    }),
  ]);
  return id;
}

export async function insertLink(
  db: Database,
  fields: {
    productId: string;
    platform: string;
    affiliateUrl?: string;
    price?: string;
    priceValue?: number | null;
  },
): Promise<number> {
  const at = now();
  await db.sequelize.getQueryInterface().bulkInsert('platform_links', [
    {
      productId: fields.productId,
      platform: fields.platform,
      affiliateUrl: fields.affiliateUrl ?? `https://example.com/${fields.platform}`,
      price: fields.price ?? '',
      priceValue: fields.priceValue ?? null,
      createdAt: at,
      updatedAt: at,
    },
  ]);
  const [row] = await db.sequelize.query<{ id: number }>(
    'SELECT id FROM platform_links WHERE "productId" = ? AND platform = ?',
    { replacements: [fields.productId, fields.platform], type: QueryTypes.SELECT },
  );
  return Number(row!.id);
}

export function selectRows<T extends object>(
  db: Database,
  sql: string,
  replacements: unknown[] = [],
): Promise<T[]> {
  return db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

/** Serves an Express app (or any request listener) on 127.0.0.1 at a free port. */
export async function listen(
  handler: import('node:http').RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const http = await import('node:http');
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
