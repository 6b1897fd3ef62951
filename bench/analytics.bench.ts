/**
 * Visitor analytics benchmark, on SQLite and on PostgreSQL:
 *  1. ingest: 200 WebSocket visitors send 10,000 messages per second for 10 s to a real
 *     server process; reported are the send rate, the time until every message is a row, the
 *     messages the server accepted (its own count, logged when it stops) and whether the rows
 *     stored equal the messages accepted and sent. BENCH_ANALYTICS_BURN=N runs N busy loops
 *     (`yes > /dev/null`) during the ingest, for a loaded machine;
 *  2. reports: with 1,000,000 events and 100,000 sessions stored (plus 500,000 page views),
 *     the p50/p95 of every /api/admin/analytics endpoint;
 *  3. the peak resident memory (VmHWM) of each server process.
 * Figures are printed, not asserted. Scale with BENCH_ANALYTICS_EVENTS / _SESSIONS / _RATE /
 * _SECONDS; BENCH_ANALYTICS_REPORTS=0 skips part 2; BENCH_POSTGRES_URL points at a server
 * where a scratch database may be created.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { generateTraffic } from '../api/src/seed/synthetic-traffic';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { startApiServer, type ServerProcess } from './support/processes';

const SOCKETS = 200;
const RATE = Number(process.env.BENCH_ANALYTICS_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 10);
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const SESSIONS = Number(process.env.BENCH_ANALYTICS_SESSIONS ?? 100_000);
const REQUESTS = 100;
const BURNERS = Number(process.env.BENCH_ANALYTICS_BURN ?? 0);
const REPORTS = process.env.BENCH_ANALYTICS_REPORTS !== '0';
/** How long the ingest waits for the last rows (a loaded machine writes slowly). */
const STORE_TIMEOUT_MS = 300_000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENDPOINTS = [
  'dashboard',
  'traffic-by-country',
  'top-pages',
  'cta-performance',
  'realtime',
  // The whole generated period instead of the default 30 days.
  `dashboard?from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`,
];

type Dialect = 'sqlite' | 'postgres';

interface Target {
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

async function createTarget(dialect: Dialect): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      dataDir,
      databaseUrl: null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `diskonradar_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withDatabase<T>(target: Target, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

async function countRows(db: Database): Promise<number> {
  const [rows] = await db.sequelize.query(
    `SELECT (SELECT COUNT(*) FROM analytics_sessions) + (SELECT COUNT(*) FROM page_views)
            + (SELECT COUNT(*) FROM events) AS total`,
  );
  return Number((rows as Array<{ total: unknown }>)[0]?.total ?? 0);
}

function startServer(target: Target, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startApiServer({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    SEED_DEMO: 'false',
    // Production cookies are Secure, and this bench signs in over plain http.
    NODE_ENV: 'test',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin12345',
    ...env,
  });
}

const UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

function visitorMessage(sessionId: string, n: number): string {
  const timestamp = Date.now();
  const path = ['/', '/promo-hari-ini', '/produk-terpopuler', '/kategori'][n % 4]!;
  switch (n % 10) {
    case 0:
    case 3:
    case 6:
    case 8:
      return JSON.stringify({ type: 'pageview', sessionId, path, title: 'DiskonRadar', timestamp });
    case 1:
    case 4:
      return JSON.stringify({
        type: 'event',
        sessionId,
        eventType: 'product_view',
        eventData: JSON.stringify({ productId: `p-${n % 50}`, path }),
        timestamp,
      });
    case 2:
      return JSON.stringify({
        type: 'event',
        sessionId,
        eventType: 'cta_click',
        eventData: JSON.stringify({
          productId: `p-${n % 50}`,
          platform: ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak', 'TikTok'][n % 6],
          categoryId: String(n % 31),
          path,
        }),
        timestamp,
      });
    case 5:
      return JSON.stringify({
        type: 'event',
        sessionId,
        eventType: 'scroll_depth',
        eventData: JSON.stringify({ depth: (n % 4) * 25 + 25, path }),
        timestamp,
      });
    default:
      return JSON.stringify({
        type: 'event',
        sessionId,
        eventType: 'search',
        eventData: JSON.stringify({ query: 'sepatu', path }),
        timestamp,
      });
  }
}

function openSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { 'user-agent': UA } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** CPU burners (`yes > /dev/null`), so the ingest runs on a loaded machine. */
function startBurners(count: number): () => void {
  const burners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn('yes', [], { stdio: ['ignore', 'ignore', 'ignore'] }),
  );
  return () => {
    for (const burner of burners) burner.kill('SIGKILL');
  };
}

/** The server's own totals, from the line it logs when it stops. */
function ingestTotals(
  output: string,
): { accepted: number; stored: number; refused: number } | null {
  const match =
    /ingest totals: accepted (\d+), stored (\d+), refused by the database (\d+), refused when full (\d+), given up at shutdown (\d+)/.exec(
      output,
    );
  if (!match) return null;
  const [, accepted, stored, rejected, full, abandoned] = match.map(Number);
  return { accepted: accepted!, stored: stored!, refused: rejected! + full! + abandoned! };
}

async function benchIngest(target: Target, log: (line: string) => void) {
  // 50 messages per second per socket and 10,000 from one address exceed the defaults meant
  // for real visitors (20 per socket); the limits are raised so that every message counts.
  const stopBurners = startBurners(BURNERS);
  const server = await startServer(target, {
    ANALYTICS_SOCKET_RATE: '1000',
    ANALYTICS_ADDRESS_RATE: '1000000',
  });
  let output = '';
  server.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopped = false;
  try {
    const sockets = await Promise.all(
      Array.from({ length: SOCKETS }, () => openSocket(server.url)),
    );
    const ids = sockets.map(
      (_, i) => `bench-${target.dialect}-${i}-${randomBytes(3).toString('hex')}`,
    );
    sockets.forEach((ws, i) =>
      ws.send(
        JSON.stringify({
          type: 'session',
          sessionId: ids[i],
          country: 'Indonesia',
          city: 'Jakarta',
          ipAddress: '',
          device: 'Mobile',
          browser: 'Chrome',
          userAgent: UA,
          referrer: 'https://www.google.com/',
          timestamp: Date.now(),
        }),
      ),
    );
    let sent = SOCKETS;
    const total = RATE * SECONDS;
    const started = performance.now();
    // Paced sending: every few ms, send what the target rate owes by now, round robin.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const owed = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
        while (sent - SOCKETS < owed) {
          const i = sent % SOCKETS;
          sockets[i]!.send(visitorMessage(ids[i]!, sent));
          sent += 1;
        }
        if (sent - SOCKETS >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(
      sockets.map(
        (ws) => new Promise<void>((resolve) => (ws.once('pong', () => resolve()), ws.ping())),
      ),
    );
    const received = (performance.now() - started) / 1000;
    const result = await withDatabase(target, async (db) => {
      let rows = 0;
      const deadline = performance.now() + STORE_TIMEOUT_MS;
      while (performance.now() < deadline) {
        rows = await countRows(db);
        if (rows >= sent) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { rows, storedSeconds: (performance.now() - started) / 1000 };
    });
    await Promise.all(sockets.map((ws) => ws.close()));
    const peakRssMb = server.peakRssMb();
    // Stopping writes whatever is left and logs the server's totals.
    await server.stop();
    stopped = true;
    stopBurners();
    const totals = ingestTotals(output);
    const finalRows = await withDatabase(target, countRows);
    const figures = {
      sockets: SOCKETS,
      messagesSent: sent,
      targetRate: RATE,
      sendRate: Math.round((sent - SOCKETS) / sendSeconds),
      serverReadAllAfterS: Number(received.toFixed(2)),
      cpuBurners: BURNERS,
      accepted: totals?.accepted ?? null,
      refusedByServer: totals?.refused ?? null,
      rowsStored: finalRows,
      allStored: finalRows === sent,
      storedEqualsAccepted: totals ? finalRows === totals.accepted : null,
      allStoredAfterS: Number(result.storedSeconds.toFixed(2)),
      storedPerSecond: Math.round(sent / result.storedSeconds),
      serverPeakRssMb: peakRssMb,
    };
    log(
      `[analytics:${target.dialect}] ingest${BURNERS ? ` (${BURNERS} CPU burners)` : ''}: ` +
        `${figures.messagesSent} messages from ${SOCKETS} sockets at ` +
        `${figures.sendRate}/s; accepted ${figures.accepted ?? 'unknown'}, refused ${figures.refusedByServer ?? 'unknown'}; ` +
        `${figures.rowsStored} rows stored (${figures.allStored ? 'all' : 'NOT all'}; ` +
        `stored ${figures.storedEqualsAccepted ? '=' : '!='} accepted) ` +
        `${figures.allStoredAfterS} s after the first; ${figures.storedPerSecond} stored/s; ` +
        `server peak RSS ${figures.serverPeakRssMb} MB`,
    );
    return figures;
  } finally {
    if (!stopped) await server.stop();
    stopBurners();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function benchReports(target: Target, log: (line: string) => void) {
  const seeded = performance.now();
  const generated = await withDatabase(target, (db) =>
    generateTraffic(db, { events: EVENTS, sessions: SESSIONS }),
  );
  const seedSeconds = (performance.now() - seeded) / 1000;
  log(
    `[analytics:${target.dialect}] generated ${generated.events} events, ${generated.sessions} sessions, ` +
      `${generated.pageViews} page views in ${seedSeconds.toFixed(1)} s`,
  );
  const server = await startServer(target);
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const latencies: Record<string, { p50: number; p95: number; max: number }> = {};
    for (const endpoint of ENDPOINTS) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const start = performance.now();
        const response = await fetch(`${server.url}/api/admin/analytics/${endpoint}`, {
          headers: { cookie },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${endpoint}: HTTP ${response.status}`);
        if (i >= 5) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const round = (ms: number) => Number(ms.toFixed(1));
      latencies[endpoint] = {
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        max: round(times.at(-1) ?? 0),
      };
      log(
        `[analytics:${target.dialect}] GET /api/admin/analytics/${endpoint}: p50 ${latencies[endpoint].p50} ms, ` +
          `p95 ${latencies[endpoint].p95} ms (budget 200)`,
      );
    }
    const peak = server.peakRssMb();
    log(`[analytics:${target.dialect}] report server peak RSS ${peak} MB (budget 250)`);
    return {
      seedSeconds: Number(seedSeconds.toFixed(1)),
      ...generated,
      latencies,
      serverPeakRssMb: peak,
    };
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const log = (line: string) => console.log(line);
  const results: Record<string, unknown> = {};
  for (const dialect of ['sqlite', 'postgres'] as const) {
    let target: Target;
    try {
      target = await createTarget(dialect);
    } catch (error) {
      log(`[analytics:${dialect}] skipped: ${String(error)}`);
      results[dialect] = { skipped: String(error) };
      continue;
    }
    try {
      const ingest = await benchIngest(target, log);
      const reports = REPORTS ? await benchReports(target, log) : { skipped: true };
      results[dialect] = { ingest, reports };
    } finally {
      await target.drop();
    }
  }
  return { analytics: results };
}
