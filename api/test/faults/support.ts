import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import {
  loadConfig,
  type AnalyticsConfig,
  type AppConfig,
  type ServerLimits,
} from '../../src/config';
import type { Database } from '../../src/db/database';
import { healthRoutes } from '../../src/health/routes';
import { startServer, type RunningServer } from '../../src/server';
import { BROWSER_UA } from '../analytics-support';
import { createTestDatabase, type TestDialect } from '../support/databases';

/**
 * Limits for the fault tests: the rate limits meant for real visitors would drop a test's
 * floods, so they are raised; whatever the server then accepts must all be stored.
 */
export const FAULT_ANALYTICS: Partial<AnalyticsConfig> = {
  socketMessagesPerSecond: 100_000,
  addressMessagesPerSecond: 1_000_000,
};

export interface FaultServer {
  running: RunningServer;
  url: string;
  /** A side server with the health routes on the same database (until app.ts mounts them). */
  healthUrl: string;
  close(): Promise<void>;
}

async function listen(app: express.Express): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function startFaultServer(options: {
  dataDir: string;
  databaseUrl: string | null;
  analytics?: Partial<AnalyticsConfig>;
  limits?: Partial<ServerLimits>;
  log?: (line: string) => void;
}): Promise<FaultServer> {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    SESSION_SECRET: 'fault-session-secret',
  });
  const config: AppConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: options.databaseUrl,
    adminUsername: 'admin',
    adminPassword: 'admin-password-123',
    analytics: { ...base.analytics, ...FAULT_ANALYTICS, ...options.analytics },
    limits: { ...base.limits, ...options.limits },
  };
  const running = await startServer({ config, log: options.log ?? (() => undefined) });
  const health = express();
  health.use(healthRoutes(running.db));
  const side = await listen(health);
  return {
    running,
    url: `http://127.0.0.1:${running.port}`,
    healthUrl: side.url,
    close: async () => {
      await side.close();
      await running.close();
    },
  };
}

/** A fault server on a fresh database of the shared test setup (SQLite file or PostgreSQL). */
export async function startFaultServerOn(
  dialect: TestDialect,
  analytics: Partial<AnalyticsConfig> = {},
  log?: (line: string) => void,
  limits: Partial<ServerLimits> = {},
): Promise<FaultServer> {
  const database = await createTestDatabase(dialect);
  const server = await startFaultServer({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    analytics,
    limits,
    log,
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/** Rows of every tracking table: one per accepted message (one session message per session). */
export async function countTrackingRows(db: Database): Promise<number> {
  const [rows] = await db.sequelize.query(
    `SELECT (SELECT COUNT(*) FROM analytics_sessions) + (SELECT COUNT(*) FROM page_views)
            + (SELECT COUNT(*) FROM events) AS total`,
  );
  return Number((rows as Array<{ total: unknown }>)[0]?.total ?? 0);
}

/** Waits until the buffer holds nothing and the socket server has read what was sent. */
export async function waitUntilWritten(running: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await running.analytics.buffer.flush();
    if (running.analytics.buffer.size === 0) return;
    if (Date.now() > deadline) throw new Error('the write buffer did not drain');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A tracking socket; `localAddress` (another 127.0.0.0/8 address) makes it another visitor. */
export function openTrackingSocket(url: string, localAddress?: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
    headers: { 'user-agent': BROWSER_UA },
    ...(localAddress ? { localAddress } : {}),
  });
  ws.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`Upgrade refused: ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

/** Resolves once the server has read every frame sent before (it answers pings in order). */
export function settled(ws: WebSocket, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no pong')), timeoutMs);
    ws.once('pong', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.ping();
  });
}

export function sessionMessage(sessionId: string): Record<string, unknown> {
  return {
    type: 'session',
    sessionId,
    country: 'Indonesia',
    city: 'Jakarta',
    ipAddress: '',
    device: 'Mobile',
    browser: 'Chrome',
    userAgent: BROWSER_UA,
    referrer: 'https://www.google.com/',
    timestamp: Date.now(),
  };
}

export function pageviewMessage(sessionId: string, n: number): Record<string, unknown> {
  return {
    type: 'pageview',
    sessionId,
    path: `/produk/${n}`,
    title: 'DiskonRadar',
    timestamp: Date.now(),
  };
}

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/**
 * A PostgreSQL cluster of the test's own on a free port (never the shared 15/main on 5432):
 * it can be stopped and started without disturbing anyone. Needs root (pg_createcluster).
 */
export interface OwnCluster {
  name: string;
  port: number;
  url: string;
  stop(): void;
  start(): void;
  drop(): void;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const PG_VERSION = '15';

export async function createOwnCluster(): Promise<OwnCluster> {
  const used = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim().split(/\s+/)[2]))
    .filter((port) => Number.isFinite(port));
  let port = 0;
  for (let attempt = 0; attempt < 50 && port === 0; attempt += 1) {
    const candidate = 5500 + Math.floor(Math.random() * 100);
    if (!used.includes(candidate) && (await portIsFree(candidate))) port = candidate;
  }
  if (port === 0) throw new Error('no free port in 5500-5599');
  const name = `faults${randomBytes(3).toString('hex')}`;
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  run('pg_createcluster', [
    PG_VERSION,
    name,
    '--port',
    String(port),
    '--start-conf',
    'manual',
    '--start',
    '--',
    '--auth-host=trust',
    '--auth-local=trust',
  ]);
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query('CREATE DATABASE faults');
  await admin.end();
  return {
    name,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/faults`,
    stop: () => run('pg_ctlcluster', [PG_VERSION, name, 'stop', '-m', 'fast']),
    start: () => run('pg_ctlcluster', [PG_VERSION, name, 'start']),
    drop: () => run('pg_dropcluster', ['--stop', PG_VERSION, name]),
  };
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-faults-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * For an outage test: a fault server on a PostgreSQL cluster of the test's own, started before
 * the file's tests. Afterwards the cluster is started again (a test may leave it stopped), then
 * the server is closed and the cluster and the data folder are removed.
 */
export function serverOnOwnCluster(
  options: Omit<Parameters<typeof startFaultServer>[0], 'dataDir' | 'databaseUrl'> = {},
): { cluster(): OwnCluster; server(): FaultServer } {
  let cluster: OwnCluster | null = null;
  let server: FaultServer | null = null;
  const data = tempDataDir();
  beforeAll(async () => {
    cluster = await createOwnCluster();
    server = await startFaultServer({ ...options, dataDir: data.dir, databaseUrl: cluster.url });
  });
  afterAll(async () => {
    try {
      cluster?.start();
    } catch {
      // Already running.
    }
    await server?.close();
    cluster?.drop();
    data.remove();
  });
  return { cluster: () => cluster!, server: () => server! };
}
