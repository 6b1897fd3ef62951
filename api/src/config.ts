import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  };
}
