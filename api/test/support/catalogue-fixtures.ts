import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
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
