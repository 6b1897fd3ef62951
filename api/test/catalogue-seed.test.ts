import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/types';
import { startServer, type RunningServer } from '../src/server';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { ROOT } from './support/processes';
import { testConfig } from './support/server';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'api/src/cli/catalogue-seed.ts');
const PRODUCTS = 300;

/** `npm run catalogue:seed -- ...args` against the test database, as an operator runs it. */
function seedCli(database: TestDatabase, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
    timeout: 60_000,
  });
}

describe.each(['sqlite', 'postgres'] as const)('npm run catalogue:seed on %s', (dialect) => {
  let database: TestDatabase;
  let server: RunningServer;
  let url: string;
  let output: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    output = (await seedCli(database, ['--products', String(PRODUCTS)])).stdout;
    server = await startServer({
      config: testConfig(database, { seedDemo: false }),
      log: async () => undefined,
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const get = async <T>(address: string): Promise<T> => {
    const response = await fetch(`${url}${address}`);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('migrates an empty database and reports what it added', () => {
    expect(output).toMatch(
      new RegExp(`Added ${PRODUCTS} products with \\d+ links in 40 categories`),
    );
  });

  it('fills the public catalogue with priced cards in Indonesian categories', async () => {
    const page = await get<ProductListResponse>('/api/products?page=1&limit=12');
    // About 5% of the generated products are inactive and never listed.
    expect(page.totalCount).toBeGreaterThan(PRODUCTS * 0.85);
    expect(page.totalCount).toBeLessThan(PRODUCTS);
    expect(page.products).toHaveLength(12);
    for (const product of page.products) {
      expect(product.title.length).toBeGreaterThan(5);
      expect(product.imageUrl).toMatch(/^\/media\//);
      expect(product.platforms.length).toBeGreaterThan(0);
      expect(product.lowestPrice?.price).toBeGreaterThanOrEqual(1_000);
      expect(product.lowestPrice?.linkId).toMatch(/^\d+$/);
    }
    const categories = await get<{ name: string; slug: string }[]>('/api/categories');
    expect(categories.map((category) => category.slug)).toContain('sepatu-pria');
  });

  it('indexes the products for the visitors’ search', async () => {
    const found = await get<ProductListResponse>('/api/products?search=sepatu&page=1&limit=12');
    expect(found.totalCount).toBeGreaterThan(0);
    expect(found.products[0]!.title.toLowerCase()).toContain('sepatu');
  });

  it('adds more products to the same categories when run again, and refuses bad counts', async () => {
    const before = await get<ProductListResponse>('/api/products?page=1&limit=1');
    await seedCli(database, ['--products', '50', '--seed', '7']);
    // The listing caches for a few seconds: a search address it has not seen reads afresh.
    const after = await get<ProductListResponse>('/api/products?page=2&limit=1');
    expect(after.totalCount).toBeGreaterThan(before.totalCount);
    const categories = await get<unknown[]>('/api/categories');
    expect(categories).toHaveLength(40);
    await expect(seedCli(database, ['--products', 'banyak'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--products must be a whole number'),
    });
  });
});
