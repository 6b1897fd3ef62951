/**
 * `npm run bench -- crowd`: the public site under a flash-sale crowd. The built server (as
 * `npm start` runs it) over a seeded catalogue, 20 autocannon connections for a fixed
 * DURATION per row, each figure as a ratio to `/healthz` measured in the same run (and /go to a
 * bare Express 302). Budgets (docs/contracts.md, DESIGN "Performance budgets"): rendered pages
 * from a warm cache at least 0.5 of /healthz with p99 under 50 ms; /go at least 0.8 of the bare
 * redirect; server memory under 300 MB throughout (peak RSS, VmHWM). Every row states the
 * server's highest RSS over its warm-up and run (VmRSS sampled every 100 ms) and the load
 * average at its end: on a shared machine a row is read with the load it ran under.
 *
 * Uncached rows vary the address on every request (a query parameter the page ignores, or
 * punctuation the search ignores), so each one misses every cache and does the full work.
 * Every request carries a phone browser's user agent. `/go` is measured twice: a crowd of
 * shoppers (each request from its own address, X-Forwarded-For through the trusted loopback
 * proxy, so every 302 is a new click queued and stored) and one shopper clicking again and
 * again (repeats within the hour: the dedupe answers, nothing is stored).
 *
 *   npx tsx bench/crowd.bench.ts [sqlite|postgres]   (both without an argument)
 *
 * BENCH_CROWD_DIALECT=sqlite|postgres picks one engine; BENCH_CROWD_PRODUCTS the catalogue's
 * size (default 100,000, seeded like the catalogue bench); BENCH_CROWD_DURATION seconds per
 * row (default 10); BENCH_CROWD_CONNECTIONS (default 20). A catalogue seeded beforehand:
 * BENCH_CROWD_DATA_DIR (SQLite) or BENCH_CROWD_DATABASE_URL (PostgreSQL); the server migrates
 * it, so give it a copy, never a shared fixture (the 1M fixtures: `cp -r /work/data/m1-sqlite
 * DIR` then BENCH_CROWD_DATA_DIR=DIR; `CREATE DATABASE x TEMPLATE m1` then
 * BENCH_CROWD_DATABASE_URL=postgres://postgres@127.0.0.1:5432/x). BENCH_CROWD_ROWS runs only
 * the rows whose name contains one of its comma-separated parts (`/go`: /healthz, the bare
 * 302 and the /go rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { QueryTypes } from 'sequelize';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedCatalogue } from '../api/src/seed/catalogue';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import { startApiServer, startProcess, type ServerProcess } from './support/processes';
import { noise } from './support/cache-miss';
import { backendsCpu, cpuMs } from './go.bench';

const PRODUCTS = Number(process.env.BENCH_CROWD_PRODUCTS ?? 100_000);
const DURATION = Number(process.env.BENCH_CROWD_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CROWD_CONNECTIONS ?? 20);
const COMMON_WORDS = ['promo', 'diskon', 'untuk'];
/** BENCH_CROWD_ROWS: only the rows whose name contains one of these (comma-separated). */
const ONLY = (process.env.BENCH_CROWD_ROWS ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
/** What a shopper's phone sends: /go counts a click only from a browser's user agent. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Shopper i's address, sent as X-Forwarded-For (the server trusts the loopback proxy): the
 * click dedupe keys on the address without its last octet, so i is spread over the first three
 * and every request is a new visitor's click.
 */
export function shopperAddress(i: number): string {
  return `${11 + ((i >>> 16) % 200)}.${(i >>> 8) & 0xff}.${i & 0xff}.7`;
}

interface Row {
  name: string;
  rps: number;
  ratio: number | null;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  goal: string;
  /** The server's highest VmRSS sampled (every 100 ms) over the row's warm-up and run, MB. */
  peakRssMb: number;
  /** The 1-minute load average at the end of the row. */
  load1: number;
  /**
   * CPU ms (user + system, every thread; /proc) per 1,000 requests of the measured run, of the
   * process that answered it (the server, or the bare 302's own process), and of the
   * PostgreSQL backends of the server's database (0 on SQLite, whose work is in the server).
   */
  cpuMsPer1000: number;
  backendsCpuMsPer1000: number;
}

const q = encodeURIComponent;

/** /healthz and the bare 302 are the yardsticks: measured whenever a ratio needs them. */
function wanted(name: string): boolean {
  if (ONLY.length === 0 || name === '/healthz') return true;
  if (name === 'bare Express 302') {
    return ONLY.some((part) => part.startsWith('/go') || name.includes(part));
  }
  return ONLY.some((part) => name.includes(part));
}

/** 20 connections on `path(i)` (a new i for every request) for DURATION seconds. */
async function load(
  origin: string,
  path: (i: number) => string,
  seconds = DURATION,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<
  Omit<
    Row,
    'name' | 'ratio' | 'goal' | 'peakRssMb' | 'load1' | 'cpuMsPer1000' | 'backendsCpuMsPer1000'
  > & {
    requests: number;
  }
> {
  let i = 0;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    // A phone browser's request: its user agent, and gzip (a crowd's pages travel compressed).
    headers: { 'accept-encoding': 'gzip', 'user-agent': PHONE_UA },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const n = i++;
          return { ...request, path: path(n), headers: { ...request.headers, ...headers(n) } };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Waits (at most a minute) until the server answers /healthz within a second: requests an
 * earlier row left queued (autocannon gave up on them, the server did not) must not be counted
 * against the next row.
 */
async function settle(origin: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(
      () => null,
    );
    await res?.arrayBuffer();
    if (res?.ok && performance.now() - started < 1_000) return;
  }
}

async function scratchDatabase(dialect: BenchDialect) {
  const seededDir = process.env.BENCH_CROWD_DATA_DIR;
  const seededUrl = process.env.BENCH_CROWD_DATABASE_URL;
  if (dialect === 'sqlite' && seededDir) {
    return { dataDir: seededDir, databaseUrl: null, seeded: true, drop: async () => undefined };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-crowd-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'postgres' && seededUrl) {
    return { dataDir, databaseUrl: seededUrl, seeded: true, drop: removeDir };
  }
  if (dialect === 'sqlite') return { dataDir, databaseUrl: null, seeded: false, drop: removeDir };
  const postgres = await createScratchPostgres('crowd');
  return {
    dataDir,
    databaseUrl: postgres.url,
    seeded: false,
    drop: async () => {
      await postgres.drop();
      await removeDir();
    },
  };
}

async function firstOf<T extends object>(db: Database, sql: string): Promise<T> {
  const [row] = await db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
  if (!row) throw new Error(`nothing from ${sql}`);
  return row;
}

export async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const log = (line: string) => console.log(`[crowd:${dialect}] ${line}`);
  const scratch = await scratchDatabase(dialect);
  let server: ServerProcess | null = null;
  let bare: ServerProcess | null = null;
  try {
    const db = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
    let categorySlug: string;
    let linkId: number;
    let products: number;
    try {
      await migrate(db);
      if (!scratch.seeded) {
        const started = performance.now();
        await seedCatalogue(db, PRODUCTS);
        if (dialect === 'postgres') await db.sequelize.query('VACUUM ANALYZE');
        else await db.sequelize.query('PRAGMA optimize');
        log(`${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      ({ slug: categorySlug } = await firstOf<{ slug: string }>(
        db,
        'SELECT slug FROM categories ORDER BY id LIMIT 1',
      ));
      ({ id: linkId } = await firstOf<{ id: number }>(
        db,
        'SELECT id FROM platform_links ORDER BY id LIMIT 1',
      ));
      products = Number(
        (await firstOf<{ n: number | string }>(db, 'SELECT count(*) AS n FROM products')).n,
      );
    } finally {
      await db.close();
    }
    server = await startApiServer({
      DATA_DIR: scratch.dataDir,
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'false',
      GEO_LOOKUP_URL: '',
    });
    // The yardstick runs with the server's V8 flags (npm start's): the ratio compares the
    // handlers, not two garbage collectors (bench/go.bench.ts has both in one process).
    bare = await startProcess('bench/bare-server.ts', {}, /bare server at (http:\/\/\S+)/, {
      serverFlags: true,
    });
    const site = server.url;
    const running = server;
    const yardstick = bare;
    // Numbers the shoppers across the warm-up and the measured run: each is new to the server.
    let shopper = 0;
    const rows: Row[] = [];
    let healthz = 0;
    const measureRow = async (
      name: string,
      origin: string,
      path: (i: number) => string,
      goal = '',
      headers?: (i: number) => Record<string, string>,
    ) => {
      if (!wanted(name)) return null;
      await settle(site);
      // The server's memory through the row (warm-up included), sampled every 100 ms.
      let peakRssMb = running.rssMb();
      const sampler = setInterval(() => {
        peakRssMb = Math.max(peakRssMb, running.rssMb());
      }, 100);
      let figures: Awaited<ReturnType<typeof load>>;
      // The CPU of the process that answers (the bare 302 has its own), and of the server's
      // PostgreSQL backends, over the measured run: what was still being written of the
      // warm-up's clicks is in it, what is written of its own after its last answer is not.
      const answering = origin === site ? running : yardstick;
      const databaseUrl = origin === site ? scratch.databaseUrl : null;
      let cpu = 0;
      let backends = 0;
      try {
        // A short warm-up fills the caches (and the JIT) before the measured run.
        await load(origin, path, 2, headers);
        await settle(site);
        const cpuStart = cpuMs(answering.child.pid!);
        const backendsStart = await backendsCpu(databaseUrl);
        figures = await load(origin, path, DURATION, headers);
        cpu = cpuMs(answering.child.pid!) - cpuStart;
        for (const [pid, ms] of await backendsCpu(databaseUrl)) {
          backends += ms - (backendsStart.get(pid) ?? 0);
        }
      } finally {
        clearInterval(sampler);
      }
      const perThousand = (ms: number) =>
        figures.requests > 0 ? Math.round((ms * 1000) / figures.requests) : 0;
      peakRssMb = Math.max(peakRssMb, running.rssMb());
      if (name === '/healthz') healthz = figures.rps;
      const row: Row = {
        name,
        ...figures,
        ratio: healthz ? Number((figures.rps / healthz).toFixed(2)) : null,
        goal,
        peakRssMb,
        load1: Number(os.loadavg()[0]!.toFixed(2)),
        cpuMsPer1000: perThousand(cpu),
        backendsCpuMsPer1000: perThousand(backends),
      };
      rows.push(row);
      log(
        `${name}: ${row.rps} req/s (${row.ratio ?? '-'} of /healthz), p50 ${row.p50} ms, ` +
          `p99 ${row.p99} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}; ` +
          `CPU ${row.cpuMsPer1000} ms per 1,000` +
          (databaseUrl ? ` (+ backends ${row.backendsCpuMsPer1000})` : '') +
          `; server RSS peak ${row.peakRssMb} MB, load ${row.load1}`,
      );
      return row;
    };
    const category = `/?category=${q(categorySlug)}`;
    const pageGoal = '≥ 0.5, p99 < 50 ms';
    await measureRow('/healthz', site, () => '/healthz');
    await measureRow('/ (warm)', site, () => '/', pageGoal);
    await measureRow('category page (warm)', site, () => category, pageGoal);
    await measureRow('/?search=sepatu (warm)', site, () => '/?search=sepatu', pageGoal);
    await measureRow('/ (uncached)', site, (i) => `/?v=${i}`);
    await measureRow('category page (uncached)', site, (i) => `${category}&v=${i}`);
    await measureRow(
      '/?search=sepatu (uncached)',
      site,
      (i) => `/?search=${q(`sepatu ${noise(i)}`)}`,
    );
    const common = (i: number) => `${COMMON_WORDS[i % COMMON_WORDS.length]} ${noise(i)}`;
    await measureRow(
      '/?search=promo|diskon|untuk (uncached)',
      site,
      (i) => `/?search=${q(common(i))}`,
    );
    await measureRow(
      'API search promo|diskon|untuk (uncached)',
      site,
      (i) => `/api/products?search=${q(common(i))}&page=1&limit=12`,
    );
    await measureRow('API list page 1 (cached)', site, () => '/api/products?page=1&limit=12');
    const bareRow = await measureRow('bare Express 302', bare.url, () => '/bare-redirect');
    // A crowd of shoppers (a phone browser each, every request a new visitor's click, so every
    // 302 is a click queued and stored), then one shopper clicking the link again and again (a
    // repeat within the hour: the dedupe answers, nothing is stored).
    const goRows = [
      await measureRow(
        `/go/${linkId} (shoppers)`,
        site,
        () => `/go/${linkId}`,
        '≥ 0.8 of bare 302',
        () => ({ 'x-forwarded-for': shopperAddress(shopper++) }),
      ),
      await measureRow(`/go/${linkId} (one shopper)`, site, () => `/go/${linkId}`, '≥ 0.8'),
    ];
    for (const row of goRows) {
      if (row && bareRow) row.ratio = Number((row.rps / Math.max(1, bareRow.rps)).toFixed(2));
    }
    const peakRssMb = server.peakRssMb();
    const [load1, load5, load15] = os.loadavg().map((value) => Number(value.toFixed(2)));
    console.log(
      `\n[crowd:${dialect}] ${products} products, ${CONNECTIONS} connections, ${DURATION} s a row, ` +
        `load average ${load1} ${load5} ${load15}`,
    );
    console.table(
      rows.map((row) => ({
        what: row.name,
        'req/s': row.rps,
        ratio: row.ratio,
        'p50 ms': row.p50,
        'p99 ms': row.p99,
        'non-2xx': row.non2xx,
        'CPU ms/1k': row.cpuMsPer1000,
        'PG ms/1k': row.backendsCpuMsPer1000,
        'RSS peak MB': row.peakRssMb,
        'load 1m': row.load1,
        goal: row.goal,
      })),
    );
    console.log(`[crowd:${dialect}] server peak RSS ${peakRssMb} MB (budget < 300 MB)`);
    return {
      products,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      loadAverage: [load1, load5, load15],
      peakRssMb,
      rows,
    };
  } finally {
    await server?.stop();
    await bare?.stop();
    await scratch.drop();
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_CROWD_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
