/**
 * The admin product list at real size, on SQLite and PostgreSQL: 100,000 products (`npm run
 * catalogue:seed`'s generator, 5% inactive) with one to three platform links each, then the p50/p95
 * of `listAdminProductsPage` (what `GET /api/admin/products?page=N` runs) measured
 * in-process: page 1 unfiltered, page 1 filtered (category + status), each sort, a deep page,
 * searches, the images tab's picker; and the unpaged form streamed over HTTP (time, size, and
 * the process's resident memory before and after). Figures are printed, not asserted.
 *
 *   npx tsx bench/admin-list.bench.ts [sqlite|postgres]   (both without an argument)
 *
 * `measureAdminList(db, categoryIds)` runs the measures on a catalogue already seeded, for a
 * catalogue bench to call. BENCH_ADMIN_PRODUCTS scales the catalogue; BENCH_POSTGRES_URL points
 * at a server where a scratch database may be created and dropped. BENCH_ADMIN_DATA_DIR (SQLite)
 * or BENCH_ADMIN_DATABASE_URL (PostgreSQL) measure a catalogue seeded beforehand instead:
 *
 *   DATA_DIR=/tmp/big npm run catalogue:seed -- --products 1000000
 *   BENCH_ADMIN_DATA_DIR=/tmp/big npx tsx bench/admin-list.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { createScratchPostgres, runOnDialects } from './support/databases';
import { QueryTypes } from 'sequelize';
import {
  countMatchingProducts,
  listAdminProductsPage,
  streamAllProducts,
} from '../api/src/catalogue/products/admin-list';
import { adminCountQuerySchema, adminListQuerySchema } from '../api/src/catalogue/products/schema';
import { openDatabase, type Database, type Dialect } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedCatalogue } from '../api/src/seed/catalogue';

const PRODUCTS = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_ADMIN_REPEATS ?? 100);

interface Figures {
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(work: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < 5; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(2));
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
  };
}

const query = (raw: Record<string, string>) => {
  const parsed = adminListQuerySchema.parse(raw);
  return { ...parsed, page: parsed.page ?? 1 };
};

/** The unpaged form over HTTP, read to the end: time, bytes, and RSS around it. */
async function streamWhole(db: Database) {
  const app = express();
  app.get('/all', (_req, res) => streamAllProducts(db, res));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/all`);
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  server.close();
  const mb = (n: number) => Math.round(n / 1048576);
  return {
    seconds: Number(seconds.toFixed(2)),
    responseMb: mb(bytes),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
  };
}

/** The admin list's measures on a seeded catalogue; `categoryIds` as seedCatalogue returns. */
export async function measureAdminList(
  db: Database,
  categoryIds: number[],
  log: (line: string) => void = console.log,
) {
  const categoryId = String(categoryIds[0]!);
  const [{ n: products } = { n: 0 }] = await db.sequelize.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM products',
    { type: QueryTypes.SELECT },
  );
  const lastPage = Math.max(1, Math.ceil(Number(products) / 24));
  const cases: [string, (i: number) => Record<string, string>][] = [
    ['page 1, unfiltered, newest', () => ({ page: '1', limit: '24' })],
    [
      'page 1 filtered (category + active), newest',
      (i) => ({
        page: '1',
        limit: '24',
        categoryId: String(categoryIds[i % categoryIds.length]!),
        status: 'active',
      }),
    ],
    [
      'page 1 filtered (category + inactive), newest',
      () => ({ page: '1', limit: '24', categoryId, status: 'inactive' }),
    ],
    ['page 1, status inactive, newest', () => ({ page: '1', limit: '24', status: 'inactive' })],
    ['page 1, sort title', () => ({ page: '1', limit: '24', sort: 'title' })],
    ['page 1, sort discount', () => ({ page: '1', limit: '24', sort: 'discount' })],
    ['page 1, sort oldest', () => ({ page: '1', limit: '24', sort: 'oldest' })],
    [
      'page 1 filtered (category + active), sort title',
      () => ({ page: '1', limit: '24', categoryId, status: 'active', sort: 'title' }),
    ],
    [
      'page 1, status active, sort title',
      () => ({ page: '1', limit: '24', status: 'active', sort: 'title' }),
    ],
    [
      'page 1, status active, sort discount',
      () => ({ page: '1', limit: '24', status: 'active', sort: 'discount' }),
    ],
    [
      'page 1, status inactive, sort title',
      () => ({ page: '1', limit: '24', status: 'inactive', sort: 'title' }),
    ],
    ['page 100, unfiltered, newest', () => ({ page: '100', limit: '24' })],
    ['page 1, 100 rows', () => ({ page: '1', limit: '100' })],
    ['search common word (sepatu)', () => ({ page: '1', limit: '24', search: 'sepatu' })],
    ['search rare word (tensimeter)', () => ({ page: '1', limit: '24', search: 'tensimeter' })],
    ['search, no match', () => ({ page: '1', limit: '24', search: 'zzqx' })],
    // 'produk' is in most descriptions: tens of thousands of matches to sort and count.
    ['search very common word (produk)', () => ({ page: '1', limit: '24', search: 'produk' })],
    ['search 2 letters (se)', () => ({ page: '1', limit: '24', search: 'se' })],
    // A capped search ("lebih dari 1.000") pages on past its count: a page beyond the 42 a
    // count of 1,000 fills, with a filter and another sort, and the last page of the list.
    ['capped search (sepatu), page 60', () => ({ page: '60', limit: '24', search: 'sepatu' })],
    [
      'capped search (produk) + active, sort title, page 60',
      () => ({ page: '60', limit: '24', search: 'produk', status: 'active', sort: 'title' }),
    ],
    [
      'capped search (produk) + category, sort discount, page 1',
      () => ({ page: '1', limit: '24', search: 'produk', categoryId, sort: 'discount' }),
    ],
    ['last page, unfiltered, newest', () => ({ page: String(lastPage), limit: '24' })],
    [
      'picker: search as typed, limit 20',
      (i) => ({ page: '1', limit: '20', search: ['se', 'sep', 'sepa', 'kop', 'head'][i % 5]! }),
    ],
  ];
  const figures: Record<string, Figures & { totalCount: number }> = {};
  for (const [name, params] of cases) {
    let totalCount = 0;
    const result = await measure(async (i) => {
      totalCount = (await listAdminProductsPage(db, query(params(i)))).totalCount;
    });
    figures[name] = { ...result, totalCount };
    log(`${name}: p50 ${result.p50} ms, p95 ${result.p95} ms (${totalCount} rows match)`);
  }
  // "Pilih semua N produk yang cocok": the exact count on demand, up to the bulk limit.
  const counts: [string, Record<string, string>][] = [
    ['count on demand: search (tensimeter)', { search: 'tensimeter' }],
    ['count on demand: search (sepatu)', { search: 'sepatu' }],
    ['count on demand: search (produk), over the bulk limit', { search: 'produk' }],
    ['count on demand: search (sepatu) + active', { search: 'sepatu', status: 'active' }],
    ['count on demand: category + active', { categoryId, status: 'active' }],
  ];
  for (const [name, params] of counts) {
    let totalCount = 0;
    const result = await measure(async () => {
      totalCount = (await countMatchingProducts(db, adminCountQuerySchema.parse(params)))
        .totalCount;
    });
    figures[name] = { ...result, totalCount };
    log(`${name}: p50 ${result.p50} ms, p95 ${result.p95} ms (${totalCount} rows match)`);
  }
  const whole = await streamWhole(db);
  log(
    `unpaged form streamed: ${whole.responseMb} MB in ${whole.seconds} s, RSS ${whole.rssBeforeMb} → peak ${whole.rssPeakMb} MB`,
  );
  return { figures, unpaged: whole };
}

export async function runDialect(dialect: Dialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-admin-'));
  let databaseUrl: string | null = null;
  let dropPostgres = async () => undefined as unknown;
  if (dialect === 'postgres') {
    const postgres = await createScratchPostgres('admin');
    databaseUrl = postgres.url;
    dropPostgres = postgres.drop;
  }
  const log = (line: string) => console.log(`[admin-list:${dialect}] ${line}`);
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    const seeding = performance.now();
    const { categoryIds, links } = await seedCatalogue(db, PRODUCTS);
    if (dialect === 'postgres') await db.sequelize.query('VACUUM ANALYZE');
    else await db.sequelize.query('PRAGMA optimize');
    const seedSeconds = Number(((performance.now() - seeding) / 1000).toFixed(1));
    log(`seeded ${PRODUCTS} products and ${links} links in ${seedSeconds} s`);
    const results = await measureAdminList(db, categoryIds, log);
    console.table(
      Object.entries(results.figures).map(([measureName, f]) => ({
        measure: measureName,
        'p50 ms': f.p50,
        'p95 ms': f.p95,
        'max ms': f.max,
        rows: f.totalCount,
      })),
    );
    return { products: PRODUCTS, seedSeconds, ...results };
  } finally {
    await db.close();
    await dropPostgres();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The measures on a catalogue seeded beforehand (`npm run catalogue:seed`), left as it is:
 * BENCH_ADMIN_DATABASE_URL (PostgreSQL) or BENCH_ADMIN_DATA_DIR (SQLite). How the figures at
 * 1,000,000 products are taken without seeding for every run.
 */
async function runOnSeeded(databaseUrl: string | null, dataDir: string) {
  const dialect = databaseUrl ? 'postgres' : 'sqlite';
  const log = (line: string) => console.log(`[admin-list:${dialect}, seeded] ${line}`);
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const rows = await db.sequelize.query<{ id: number }>('SELECT id FROM categories ORDER BY id', {
      type: QueryTypes.SELECT,
    });
    return {
      [dialect]: await measureAdminList(
        db,
        rows.map((row) => Number(row.id)),
        log,
      ),
    };
  } finally {
    await db.close();
  }
}

export function run(): Promise<Record<string, unknown>> {
  const seededUrl = process.env.BENCH_ADMIN_DATABASE_URL;
  const seededDir = process.env.BENCH_ADMIN_DATA_DIR;
  if (seededUrl || seededDir) return runOnSeeded(seededUrl ?? null, seededDir ?? os.tmpdir());
  return runOnDialects('BENCH_ADMIN_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
