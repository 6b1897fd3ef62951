/**
 * The staff reports' budget (issue 23): every report p95 at most 100 ms over 30 days with
 * `--events N` raw events stored (default 1,000,000; the budget is at 10,000,000), on SQLite
 * and PostgreSQL. Seeds raw rows in bulk SQL (`seedAnalytics`: INSERT ... SELECT over
 * generate_series or a recursive CTE, 100,000 products, 30 days), rebuilds the rollups
 * (`analytics:rebuild`'s code), then times each report's query in process, 30-day range.
 *
 *   npm run bench -- analytics-reports --events 10000000
 *   npx tsx bench/analytics-reports.bench.ts --events 1000000   (without the build)
 *
 * Figures are printed, not asserted. BENCH_POSTGRES_URL: where a scratch database may be made.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  devicesQuerySchema,
  funnelQuerySchema,
  productsReportQuerySchema,
  sourcesQuerySchema,
} from '../shared/schemas/analytics-reports';
import { analyticsRangeQuerySchema } from '../shared/schemas/analytics';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { rebuildAllRollups } from '../api/src/analytics/rollups';
import {
  getDevices,
  getFunnel,
  getProductsReport,
  getSources,
} from '../api/src/analytics/reports/queries';
import { getDashboard } from '../api/src/analytics/queries/get-dashboard';
import { reportRange } from '../api/src/analytics/range';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = 60;

function eventsOption(): number {
  const index = process.argv.indexOf('--events');
  const value = index >= 0 ? process.argv[index + 1] : process.env.BENCH_ANALYTICS_EVENTS;
  const events = Number(value ?? 1_000_000);
  if (!Number.isInteger(events) || events <= 0) throw new Error('--events must be a whole number');
  return events;
}

function productsOption(): number {
  const index = process.argv.indexOf('--products');
  const products = Number(index >= 0 ? process.argv[index + 1] : 100_000);
  if (!Number.isInteger(products) || products <= 0)
    throw new Error('--products must be a whole number');
  return products;
}

async function scratch(dialect: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-reports-'));
  if (dialect === 'sqlite') {
    return { databaseUrl: null, dataDir, drop: async () => rmSync(dataDir, { recursive: true }) };
  }
  const name = `diskonradar_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ROWS_PER_STATEMENT = 1_000_000;

/** Whole numbers lo..hi as `i` (one statement): generate_series or a recursive CTE. */
function numbers(dialect: 'sqlite' | 'postgres', lo: number, hi: number) {
  return dialect === 'postgres'
    ? { with: '', from: `generate_series(CAST(${lo} AS BIGINT), ${hi}) AS n(i)` }
    : {
        with: `WITH RECURSIVE n(i) AS (SELECT ${lo} UNION ALL SELECT i + 1 FROM n WHERE i < ${hi}) `,
        from: 'n',
      };
}

/** A well-spread 32-bit hash of a whole number (the same on both engines). */
const hash = (x: string) => `((${x}) * 2654435761 % 4294967296)`;

/** The stored form of a moment given in epoch milliseconds, as Sequelize writes it. */
function timestampOf(dialect: 'sqlite' | 'postgres', ms: string): string {
  return dialect === 'postgres'
    ? `to_timestamp((${ms}) / 1000.0)`
    : `strftime('%Y-%m-%d %H:%M:%S', (${ms}) / 1000, 'unixepoch') || '.000 +00:00'`;
}

/** Product number k (1..) as its id: a UUID the watches bench uses too. */
function productIdText(dialect: 'sqlite' | 'postgres', k: string): string {
  return dialect === 'postgres'
    ? `'00000000-0000-4000-8000-' || lpad(CAST(${k} AS TEXT), 12, '0')`
    : `'00000000-0000-4000-8000-' || printf('%012d', ${k})`;
}

export interface SeedOptions {
  events: number;
  products: number;
  days: number;
  now?: number;
  log?: (line: string) => void;
}

/**
 * Raw analytics rows in bulk SQL (INSERT ... SELECT over generate_series on PostgreSQL, a
 * recursive CTE on SQLite), a million rows a statement, written in time order: `products`
 * catalogue products, `events / 10` visits over `days` days with sources, campaigns, devices
 * and browsers, `events` events (30% product views and 16% clicks over every product, half
 * of them on a popular few), `events / 2` page views. 1% of the visits are bots. The rollups
 * are not written: `rebuildAllRollups` makes them from these rows afterwards.
 */
export async function seedAnalytics(db: Database, options: SeedOptions) {
  const dialect = db.dialect;
  const log = options.log ?? (() => undefined);
  const q = (sql: string) => db.sequelize.query(sql);
  const now = options.now ?? Date.now();
  const sessions = Math.max(1, Math.floor(options.events / 10));
  const pageViews = Math.floor(options.events / 2);
  const products = Math.max(1, options.products);
  const fromMs = now - options.days * 86_400_000;
  const spanMs = now - 15 * 60_000 - fromMs;
  const typed = (literal: string, type: string) =>
    dialect === 'postgres' ? `CAST(${literal} AS ${type})` : literal;
  const t = timestampOf(dialect, String(now - 40 * 86_400_000));
  const inChunks = async (
    total: number,
    label: string,
    insert: (lo: number, hi: number) => string,
  ) => {
    for (let lo = 1; lo <= total; lo += ROWS_PER_STATEMENT) {
      const hi = Math.min(total, lo + ROWS_PER_STATEMENT - 1);
      await q(insert(lo, hi));
      log(`${label}: ${hi} of ${total} (${Math.round((Date.now() - now) / 1000)} s)`);
    }
  };

  await q(`INSERT INTO categories (id, name, slug, icon, color, "group", "createdAt", "updatedAt")
    ${numbers(dialect, 1, 40).with}SELECT i, 'Kategori ' || i, 'bench-kategori-' || i, 'tag', 'blue',
      'Bench', ${t}, ${t} FROM ${numbers(dialect, 1, 40).from}`);
  if (dialect === 'postgres') {
    await q(`SELECT setval(pg_get_serial_sequence('categories', 'id'), 40)`);
  }
  await inChunks(products, 'products', (lo, hi) => {
    const n = numbers(dialect, lo, hi);
    return `INSERT INTO products (id, "categoryId", title, description, "imageUrl", "imageUrls",
        "discountPercentage", platforms, "lowestPrice", "createdAt", "updatedAt")
      ${n.with}SELECT ${typed(productIdText(dialect, 'i'), 'uuid')}, i % 40 + 1,
        'Produk bench ' || i, 'Produk bench', 'https://example.com/p.webp', ${typed("'[]'", 'json')},
        10, ${typed(`'["Shopee"]'`, 'json')}, 10000 + i % 500000, ${t}, ${t} FROM ${n.from}`;
  });

  // Visit i starts at fromMs + (i - 1) * span / sessions and lasts up to 10 minutes.
  const start = (i: string) => `(${fromMs} + (${i} - 1) * ${spanMs} / ${sessions})`;
  const sessionId = (i: string) => `'v-' || (${i})`;
  await inChunks(sessions, 'visits', (lo, hi) => {
    const n = numbers(dialect, lo, hi);
    return `INSERT INTO analytics_sessions ("sessionId", "ipAddress", "userAgent", country, city,
        device, browser, referrer, "referrerHost", "createdAt", "lastSeenMs", detailed,
        "ctaClicks", "sourceGroup", "utmSource", "utmMedium", "utmCampaign", "sourceSet", bot,
        "visitDevice", "visitBrowser")
      ${n.with}SELECT ${sessionId('i')}, '36.' || (i % 250) || '.0.0', 'Mozilla/5.0 bench',
        'Indonesia', CASE i % 4 WHEN 0 THEN 'Jakarta' WHEN 1 THEN 'Surabaya' WHEN 2 THEN 'Bandung'
          ELSE 'Medan' END,
        CASE i % 3 WHEN 0 THEN 'Mobile' WHEN 1 THEN 'Desktop' ELSE 'Tablet' END, 'Chrome',
        CASE WHEN i % 5 = 4 THEN NULL ELSE 'https://host' || (i % 40) || '.example/' END,
        CASE WHEN i % 5 = 4 THEN NULL ELSE 'host' || (i % 40) || '.example' END,
        ${timestampOf(dialect, start('i'))}, ${start('i')} + i % 600000, ${typed('TRUE', 'boolean')}, 0,
        CASE i % 5 WHEN 0 THEN 'search' WHEN 1 THEN 'social' WHEN 2 THEN 'marketplace'
          WHEN 3 THEN 'other' ELSE 'direct' END,
        CASE WHEN i % 3 = 0 THEN 'src' || (i % 12) END,
        CASE WHEN i % 3 = 0 THEN 'med' || (i % 4) END,
        CASE WHEN i % 3 = 0 THEN 'camp' || (i % 30) END,
        ${typed('TRUE', 'boolean')}, ${typed('i % 100 = 7', 'boolean')},
        CASE i % 3 WHEN 0 THEN 'phone' WHEN 1 THEN 'desktop' ELSE 'tablet' END,
        CASE i % 6 WHEN 0 THEN 'Chrome' WHEN 1 THEN 'Safari' WHEN 2 THEN 'Firefox'
          WHEN 3 THEN 'Samsung Internet' WHEN 4 THEN 'Microsoft Edge' ELSE 'Opera' END
      FROM ${n.from}`;
  });

  // Event i belongs to visit ((i - 1) * sessions / events) + 1, a few seconds after its start.
  const events = Math.max(0, Math.floor(options.events));
  const eventSession = `((i - 1) * ${sessions} / ${events} + 1)`;
  const roll = `(${hash('i')} % 100)`;
  const product = `(CASE WHEN i % 2 = 0 THEN ${hash('i + 7')} % ${products}
    ELSE (${hash('i + 7')} % ${products}) * (${hash('i + 7')} % ${products}) / ${products} END + 1)`;
  const kind = `CASE WHEN ${roll} < 30 THEN 'product_view' WHEN ${roll} < 46 THEN 'cta_click'
    WHEN ${roll} < 70 THEN 'scroll_depth' WHEN ${roll} < 80 THEN 'search'
    WHEN ${roll} < 90 THEN 'category_filter' ELSE 'page_duration' END`;
  await inChunks(events, 'events', (lo, hi) => {
    const n = numbers(dialect, lo, hi);
    return `INSERT INTO events ("sessionId", "eventType", "eventData", "productId", "categoryId",
        platform, "createdAt")
      ${n.with}SELECT ${sessionId(eventSession)}, ${kind}, '{}',
        CASE WHEN ${roll} < 46 THEN ${productIdText(dialect, product)} END,
        CASE WHEN ${roll} < 46 THEN CAST(${product} % 40 + 1 AS TEXT) END,
        CASE WHEN ${roll} >= 30 AND ${roll} < 46 THEN CASE i % 6 WHEN 0 THEN 'Shopee'
          WHEN 1 THEN 'Tokopedia' WHEN 2 THEN 'Lazada' WHEN 3 THEN 'TikTok Shop'
          WHEN 4 THEN 'Blibli' ELSE 'Bukalapak' END END,
        ${timestampOf(dialect, `${start(eventSession)} + (i % 10) * 7000`)}
      FROM ${n.from}`;
  });

  const viewSession = `((i - 1) * ${sessions} / ${Math.max(1, pageViews)} + 1)`;
  await inChunks(pageViews, 'page views', (lo, hi) => {
    const n = numbers(dialect, lo, hi);
    return `INSERT INTO page_views ("sessionId", path, title, duration, "scrollDepth", "createdAt")
      ${n.with}SELECT ${sessionId(viewSession)},
        CASE i % 4 WHEN 0 THEN '/' WHEN 1 THEN '/promo-hari-ini' WHEN 2 THEN '/kategori'
          ELSE '/produk-terpopuler' END, 'DiskonRadar', 2000 + i % 60000, i % 101,
        ${timestampOf(dialect, `${start(viewSession)} + (i % 5) * 11000`)}
      FROM ${n.from}`;
  });
  return { sessions, events, pageViews, products };
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timeIt(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(sorted[Math.floor(sorted.length / 2)] ?? 0), p95: round(p95(samples)) };
}

async function benchDialect(dialect: 'sqlite' | 'postgres', events: number) {
  const target = await scratch(dialect);
  let db: Database | null = null;
  try {
    db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    await migrate(db);
    let started = Date.now();
    const seeded = await seedAnalytics(db, {
      events,
      products: productsOption(),
      days: 30,
      log: (line) => console.log(`[analytics-reports] ${dialect}: ${line}`),
    });
    const seedSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    await rebuildAllRollups(db);
    // Fresh planner statistics (and on PostgreSQL a visibility map for index-only scans), as
    // autovacuum would have made on a live database.
    const analyze = dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE';
    await db.sequelize.query(analyze);
    const rebuildSeconds = (Date.now() - started) / 1000;
    const from = new Date(Date.now() + 7 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    const range = { from, to: new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10) };
    const database = db;
    const reports = {
      dashboard: await timeIt(() =>
        getDashboard(database, reportRange(analyticsRangeQuerySchema.parse(range))),
      ),
      sourcesByGroup: await timeIt(() =>
        getSources(database, sourcesQuerySchema.parse({ ...range, by: 'group' })),
      ),
      sourcesByReferrer: await timeIt(() =>
        getSources(database, sourcesQuerySchema.parse({ ...range, by: 'referrer' })),
      ),
      sourcesByCampaign: await timeIt(() =>
        getSources(database, sourcesQuerySchema.parse({ ...range, by: 'utm_campaign' })),
      ),
      funnel: await timeIt(() => getFunnel(database, funnelQuerySchema.parse(range))),
      funnelBySource: await timeIt(() =>
        getFunnel(database, funnelQuerySchema.parse({ ...range, source: 'social' })),
      ),
      funnelByCategory: await timeIt(() =>
        getFunnel(database, funnelQuerySchema.parse({ ...range, categoryId: '1' })),
      ),
      funnelByPlatform: await timeIt(() =>
        getFunnel(database, funnelQuerySchema.parse({ ...range, platform: 'Shopee' })),
      ),
      productsByViews: await timeIt(() =>
        getProductsReport(database, productsReportQuerySchema.parse({ ...range, sort: 'views' })),
      ),
      productsByCtr: await timeIt(() =>
        getProductsReport(database, productsReportQuerySchema.parse({ ...range, sort: 'ctr' })),
      ),
      devices: await timeIt(() => getDevices(database, devicesQuerySchema.parse(range))),
    };
    const [[rollupRows]] = (await db.sequelize.query(
      `SELECT (SELECT COUNT(*) FROM analytics_daily) AS daily,
         (SELECT COUNT(*) FROM analytics_product_daily) AS products,
         (SELECT COUNT(*) FROM analytics_funnel_daily) AS funnel`,
    )) as unknown as [[{ daily: unknown; products: unknown; funnel: unknown }]];
    return {
      events: seeded.events,
      sessions: seeded.sessions,
      pageViews: seeded.pageViews,
      seedSeconds,
      rebuildSeconds,
      dailyRows: Number(rollupRows.daily),
      productDailyRows: Number(rollupRows.products),
      funnelDailyRows: Number(rollupRows.funnel),
      reportsMs: reports,
    };
  } finally {
    await db?.close();
    if (process.argv.includes('--keep')) {
      console.log(`[analytics-reports] ${dialect}: kept ${target.databaseUrl ?? target.dataDir}`);
    } else {
      await target.drop();
    }
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const events = eventsOption();
  const results: Record<string, unknown> = {};
  const only = process.argv[process.argv.indexOf('--dialect') + 1];
  const dialects = (['sqlite', 'postgres'] as const).filter(
    (dialect) => !process.argv.includes('--dialect') || dialect === only,
  );
  for (const dialect of dialects) {
    console.log(`[analytics-reports] ${dialect}: seeding ${events} events over 30 days ...`);
    results[dialect] = await benchDialect(dialect, events);
    console.log(`[analytics-reports] ${dialect}:`, JSON.stringify(results[dialect], null, 2));
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
