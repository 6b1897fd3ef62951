/**
 * The staff reports' budget (issue 23): every report p95 at most 100 ms over 30 days with
 * `--events N` raw events stored (default 1,000,000; the budget is at 10,000,000), on SQLite
 * and PostgreSQL. Seeds raw rows fast (the synthetic traffic's bulk SQL, spread over 30 days,
 * then sources, campaigns and devices given to the visits in SQL), rebuilds the rollups
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
import { generateTraffic } from '../api/src/seed/synthetic-traffic';
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

/** Sources, campaigns, devices and browsers for the generated visits, spread by their id. */
const DIMENSIONS = `UPDATE analytics_sessions SET
  "sourceGroup" = CASE id % 5 WHEN 0 THEN 'search' WHEN 1 THEN 'social' WHEN 2 THEN 'marketplace'
    WHEN 3 THEN 'other' ELSE 'direct' END,
  "referrerHost" = CASE WHEN id % 5 = 4 THEN NULL ELSE 'host' || (id % 40) || '.example' END,
  "utmSource" = CASE WHEN id % 3 = 0 THEN 'src' || (id % 12) END,
  "utmMedium" = CASE WHEN id % 3 = 0 THEN 'med' || (id % 4) END,
  "utmCampaign" = CASE WHEN id % 3 = 0 THEN 'camp' || (id % 30) END,
  "visitDevice" = CASE id % 3 WHEN 0 THEN 'phone' WHEN 1 THEN 'desktop' ELSE 'tablet' END,
  "visitBrowser" = CASE id % 6 WHEN 0 THEN 'Chrome' WHEN 1 THEN 'Safari' WHEN 2 THEN 'Firefox'
    WHEN 3 THEN 'Samsung Internet' WHEN 4 THEN 'Microsoft Edge' ELSE 'Opera' END`;

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
    const seeded = await generateTraffic(db, { events, days: 30 });
    await db.sequelize.query(DIMENSIONS);
    const seedSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    await rebuildAllRollups(db);
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
    await target.drop();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const events = eventsOption();
  const results: Record<string, unknown> = {};
  for (const dialect of ['sqlite', 'postgres'] as const) {
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
