import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchPostgres } from './support/databases';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '../api/src/db/database';
import { startProcess } from './support/processes';

/**
 * `/go/{id}` against a bare Express route answering the same 302 in the same process, 50
 * connections (docs/contracts.md#performance-budgets: p99 <= 10 ms), then every click accounted for: the clicks the
 * server counted are compared with the events and CTA rollups in the database after its
 * shutdown flush. Every request carries its own user agent, so none is a repeat visit and
 * every 302 must be a stored click; a second run with one visitor checks the dedupe (one
 * click per link). SQLite always; PostgreSQL too when DATABASE_URL is set (a fresh database
 * is created on that server and dropped afterwards).
 */
const LINKS = 600;
const CONNECTIONS = 50;
/** Requests per measured run: a fixed amount, so the clicks expected are known exactly. */
const REQUESTS = 16_000;
const UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  redirects: number;
  errors: number;
  other: number;
}

/** Numbers the requests across runs, so that every distinct visitor is new to the server. */
let requestNumber = 0;

async function load(
  url: string,
  route: 'go' | 'bare',
  options: { amount: number; distinctVisitors: boolean },
): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: options.amount,
    pipelining: 1,
    requests: [
      {
        setupRequest: (request) => {
          const n = (requestNumber += 1);
          return {
            ...request,
            path: `/${route}/${(n % LINKS) + 1}`,
            headers: { 'user-agent': options.distinctVisitors ? `${UA} r${n}` : UA },
          };
        },
      },
    ],
  });
  const codes = result as unknown as Record<string, number>;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    redirects: codes['3xx'] ?? 0,
    errors: result.errors + result.timeouts,
    other: (codes['1xx'] ?? 0) + (codes['2xx'] ?? 0) + (codes['4xx'] ?? 0) + (codes['5xx'] ?? 0),
  };
}

async function storedClicks(databaseUrl: string | null, dataDir: string) {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await db.sequelize.query<{
      events: string | number;
      rollup: string | number;
      platforms: string | number;
    }>(
      `SELECT
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'cta_click') AS events,
         (SELECT COALESCE(SUM(total), 0) FROM analytics_rollups WHERE metric = 'event' AND value = 'cta_click') AS rollup,
         (SELECT COALESCE(SUM(total), 0) FROM analytics_rollups WHERE metric = 'cta_platform') AS platforms`,
      { type: QueryTypes.SELECT },
    );
    return {
      events: Number(row!.events),
      rollupEvents: Number(row!.rollup),
      rollupPlatforms: Number(row!.platforms),
    };
  } finally {
    await db.close();
  }
}

async function runOn(dialect: 'sqlite' | 'postgres', databaseUrl: string | null) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-go-'));
  // DATABASE_URL is always set for the child, so the SQLite run never inherits a PostgreSQL one.
  const env = { DATA_DIR: dataDir, LINKS: String(LINKS), DATABASE_URL: databaseUrl ?? '' };
  const server = await startProcess('bench/go-server.ts', env, /go server at (\S+)/);
  let output = '';
  server.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // Warm-up (counted too: every 302 with its own user agent is a click).
    const warm = [
      await load(server.url, 'go', { amount: 2000, distinctVisitors: true }),
      await load(server.url, 'bare', { amount: 2000, distinctVisitors: true }),
    ];
    const bare = await load(server.url, 'bare', { amount: REQUESTS, distinctVisitors: true });
    const go = await load(server.url, 'go', { amount: REQUESTS, distinctVisitors: true });
    // One visitor hammering every link: each link counts once within the hour.
    const repeat = await load(server.url, 'go', { amount: 4000, distinctVisitors: false });
    const serverPeakRssMb = server.peakRssMb();
    await server.stop();
    const counters = JSON.parse(/go counters (\{.*\})/.exec(output)?.[1] ?? '{}') as Record<
      string,
      number
    >;
    const stored = await storedClicks(databaseUrl, dataDir);
    const expected = warm[0]!.redirects + go.redirects + Math.min(LINKS, repeat.redirects);
    const figures = {
      bare,
      go,
      repeatVisitor: repeat,
      ratioToBare: Number((go.requestsPerSecond / Math.max(1, bare.requestsPerSecond)).toFixed(2)),
      clicks: { expected, counted: counters.counted, ...stored, dropped: counters.dropped ?? 0 },
      lost: expected - stored.events,
      budget: { p99AtMostMs: 10 },
      withinBudget:
        go.p99Ms <= 10 && stored.events === expected && stored.rollupEvents === expected,
      serverPeakRssMb,
    };
    console.log(
      `\n== /go/{id} on ${dialect} (${CONNECTIONS} connections, ${REQUESTS} requests) ==`,
    );
    console.log(
      `bare Express 302 : ${bare.requestsPerSecond} req/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms`,
    );
    console.log(
      `/go/{id}         : ${go.requestsPerSecond} req/s, p50 ${go.p50Ms} ms, p99 ${go.p99Ms} ms (budget p99 <= 10 ms), errors ${go.errors}, non-302 ${go.other}`,
    );
    console.log(`server peak RSS  : ${serverPeakRssMb} MB`);
    console.log(`one visitor      : ${repeat.requestsPerSecond} req/s, p99 ${repeat.p99Ms} ms`);
    console.log(
      `clicks           : expected ${expected}, counted ${counters.counted} (${counters.duplicates} repeats not counted), stored events ${stored.events}, rollup ${stored.rollupEvents} (by platform ${stored.rollupPlatforms}), lost ${figures.lost}`,
    );
    return figures;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withFreshPostgres<T>(adminUrl: string, work: (url: string) => Promise<T>) {
  const postgres = await createScratchPostgres('go', adminUrl);
  try {
    return await work(postgres.url);
  } finally {
    await postgres.drop();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = { sqlite: await runOn('sqlite', null) };
  const postgresUrl = process.env.DATABASE_URL;
  if (postgresUrl) {
    results.postgres = await withFreshPostgres(postgresUrl, (url) => runOn('postgres', url));
  }
  return results;
}
