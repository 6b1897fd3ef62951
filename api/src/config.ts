import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadFetchPolicy } from './lib/safe-fetch';
import { loadWatchesConfig, type WatchesConfig } from './watches/config';

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** postgres:// URL, or null for the embedded SQLite file in dataDir */
  databaseUrl: string | null;
  dataDir: string;
  sessionSecret: string;
  /** Extra origins (the desktop app) allowed to call the API with credentials. */
  desktopOrigins: string[];
  /** Public origin of the site (canonical links, sitemap); null means "derive from the request". */
  publicUrl: string | null;
  trustProxy: boolean | number | string;
  adminUsername: string | null;
  adminPassword: string | null;
  /** Disable the demo seed (tests that want an empty database). */
  seedDemo: boolean;
  logRequests: boolean;
  /** Public IP-geolocation service the tracking client calls (GEO_LOOKUP_URL); '' turns it off. */
  geoLookupUrl: string;
  /**
   * Worker processes `npm start` forks (WEB_CONCURRENCY, default 1). PostgreSQL only: SQLite
   * has one writer and always runs as one process.
   */
  webConcurrency: number;
  analytics: AnalyticsConfig;
  limits: ServerLimits;
  /**
   * The largest CSV an import accepts, in MB (IMPORT_MAX_MB, default 2,048: the export of
   * 1,000,000 products, about 650 MB, imports with room to spare). The file streams to disk.
   */
  importMaxMb: number;
  /**
   * The folder electron-builder's release files are copied to (DESKTOP_RELEASES_DIR), served
   * at /desktop/updates/ for the app's updater; null turns the feed off (404).
   */
  desktopReleasesDir: string | null;
  /** Price watches: VAPID keys, SMTP_URL, queue settings (api/src/watches/config.ts). */
  watches: WatchesConfig;
}

/** Connection caps, timeouts and the shutdown deadline (README, Configuration). */
export interface ServerLimits {
  /** Open connections (HTTP and WebSocket) in total; beyond it new ones are closed at once. */
  maxConnections: number;
  /** Open connections from one address (IPv4, or an IPv6 /64); beyond it new ones are closed. */
  maxConnectionsPerIp: number;
  /** A client has this long to send a request's headers (ms), also on a fresh connection. */
  headersTimeoutMs: number;
  /** ... and this long for the whole request, body included (ms). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long (ms). */
  keepAliveTimeoutMs: number;
  /** On SIGTERM, in-flight requests get this long (ms); then every connection is closed. */
  shutdownGraceMs: number;
  /** On SIGTERM the process ends by this deadline (ms), having flushed the analytics. */
  shutdownTimeoutMs: number;
}

/** Visitor analytics ingest over /ws and its reports (see api/src/analytics/README.md). */
export interface AnalyticsConfig {
  /** Raw rows older than this many days are pruned (rollups are kept); null keeps everything. */
  retentionDays: number | null;
  /** The write buffer flushes at least this often (ms) ... */
  flushIntervalMs: number;
  /** ... or as soon as this many rows wait. */
  flushRows: number;
  /** Beyond this many waiting rows new messages are dropped (the database is not keeping up). */
  maxBufferedRows: number;
  /** Largest WebSocket frame accepted, in bytes; larger ones close the socket. */
  maxPayloadBytes: number;
  /** Messages per second one socket may send (sustained; bursts of 5x are allowed). */
  socketMessagesPerSecond: number;
  /** Messages per second all sockets of one client address may send together. */
  addressMessagesPerSecond: number;
  /** Admin sockets get realtime_stats at most this often (ms). */
  realtimeIntervalMs: number;
}

export type Env = Record<string, string | undefined>;

function parsePort(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`${name} must be a positive number, got "${value}"`);
  }
  return number;
}

export const DEFAULT_IMPORT_MAX_MB = 2048;

function parseImportMaxMb(value: string | undefined): number {
  if (!value) return DEFAULT_IMPORT_MAX_MB;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 1) {
    throw new Error(`IMPORT_MAX_MB must be a whole number of MB, at least 1, got "${value}"`);
  }
  return mb;
}

function parseConcurrency(value: string | undefined): number {
  if (!value) return 1;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 256, got "${value}"`);
  }
  return workers;
}

function loadAnalyticsConfig(env: Env): AnalyticsConfig {
  return {
    retentionDays: env.ANALYTICS_RETENTION_DAYS
      ? parsePositive('ANALYTICS_RETENTION_DAYS', env.ANALYTICS_RETENTION_DAYS, 1)
      : null,
    flushIntervalMs: parsePositive('ANALYTICS_FLUSH_MS', env.ANALYTICS_FLUSH_MS, 1000),
    flushRows: parsePositive('ANALYTICS_FLUSH_ROWS', env.ANALYTICS_FLUSH_ROWS, 2000),
    maxBufferedRows: parsePositive(
      'ANALYTICS_MAX_BUFFERED_ROWS',
      env.ANALYTICS_MAX_BUFFERED_ROWS,
      50_000,
    ),
    maxPayloadBytes: parsePositive(
      'ANALYTICS_MAX_PAYLOAD_BYTES',
      env.ANALYTICS_MAX_PAYLOAD_BYTES,
      16 * 1024,
    ),
    socketMessagesPerSecond: parsePositive('ANALYTICS_SOCKET_RATE', env.ANALYTICS_SOCKET_RATE, 20),
    addressMessagesPerSecond: parsePositive(
      'ANALYTICS_ADDRESS_RATE',
      env.ANALYTICS_ADDRESS_RATE,
      500,
    ),
    realtimeIntervalMs: parsePositive('ANALYTICS_REALTIME_MS', env.ANALYTICS_REALTIME_MS, 2000),
  };
}

function loadServerLimits(env: Env): ServerLimits {
  const int = (name: string, fallback: number) =>
    Math.floor(parsePositive(name, env[name], fallback));
  const shutdownTimeoutMs = int('SHUTDOWN_TIMEOUT_MS', 10_000);
  return {
    maxConnections: int('MAX_CONNECTIONS', 10_000),
    maxConnectionsPerIp: int('MAX_CONNECTIONS_PER_IP', 256),
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 30_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 5_000),
    // Half the deadline by default: the rest is for the analytics flush and the database.
    shutdownGraceMs: Math.min(
      int('SHUTDOWN_GRACE_MS', Math.floor(shutdownTimeoutMs / 2)),
      shutdownTimeoutMs,
    ),
    shutdownTimeoutMs,
  };
}

export const DEFAULT_GEO_LOOKUP_URL = 'https://ipapi.co/json/';

/** GEO_LOOKUP_URL overrides the geolocation service; an empty (or non-http) value turns it off. */
export function parseGeoLookupUrl(value: string | undefined): string {
  if (value === undefined) return DEFAULT_GEO_LOOKUP_URL;
  return /^https?:\/\/\S+$/.test(value.trim()) ? value.trim() : '';
}

/** The geolocation service's origin, for the Content-Security-Policy's connect-src. */
export function geoLookupOrigin(geoLookupUrl: string): string | null {
  return geoLookupUrl ? new URL(geoLookupUrl).origin : null;
}

function parseOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR so that sessions survive
 * restarts without anyone having to configure one.
 */
function resolveSessionSecret(env: Env, dataDir: string, production: boolean): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (production) throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  // Refuses FETCH_ALLOW_PRIVATE=true in production and a bad FEED_MAX_MB before anything starts.
  loadFetchPolicy(env);
  return {
    env: nodeEnv,
    port: parsePort(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    sessionSecret: resolveSessionSecret(env, dataDir, nodeEnv === 'production'),
    desktopOrigins: parseOrigins(env.DESKTOP_ORIGINS),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminUsername: env.ADMIN_USERNAME || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== 'false',
    logRequests: env.LOG_REQUESTS === 'true',
    geoLookupUrl: parseGeoLookupUrl(env.GEO_LOOKUP_URL),
    webConcurrency: parseConcurrency(env.WEB_CONCURRENCY),
    analytics: loadAnalyticsConfig(env),
    limits: loadServerLimits(env),
    importMaxMb: parseImportMaxMb(env.IMPORT_MAX_MB),
    desktopReleasesDir: env.DESKTOP_RELEASES_DIR?.trim()
      ? path.resolve(env.DESKTOP_RELEASES_DIR.trim())
      : null,
    watches: loadWatchesConfig(env, dataDir, nodeEnv, env.PUBLIC_URL || null),
  };
}
