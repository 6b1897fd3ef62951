/**
 * What the benches that drive the admin API through the built server share (import, feeds):
 * the server started with a bench admin, the sign-in, the server's CPU time, the visitor's
 * list page timed between polls, and the percentiles of those timings.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startApiServer, type ServerProcess } from './processes';

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-123' };

/** A visitor's first list page, asked between polls: is the server still answering? */
export const VISITOR_PAGE = '/api/products?page=1&limit=12';

/**
 * The built server on `dataDir` (SQLite) or `databaseUrl` (PostgreSQL), with the demo seed
 * and the bench admin. NODE_ENV=test: production cookies are Secure, which plain http does
 * not carry.
 */
export function startAdminServer(
  dataDir: string,
  databaseUrl: string | null,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startApiServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...env,
  });
}

/** Signs the bench admin in; answers the cookie header to send. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU seconds a process has used (user + system, SQLite's threads included). On a shared,
 * loaded machine wall time says more about the neighbours than about the server; rows per
 * CPU second does not.
 */
export function cpuSeconds(pid: number, options: { endedChildren?: boolean } = {}): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat; 12 and 13 after the pid and the name.
  // cutime and cstime (16 and 17): the CPU of its children that have ended (a feed process).
  const own = Number(fields[11]) + Number(fields[12]);
  const children = options.endedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) / USER_HZ;
}

/** One kept-alive connection, as a shopper's browser holds one to the site. */
const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Milliseconds the visitor page took, to the last byte of the answer as the server sends it
 * (gzip, as a browser asks for it); null when it did not answer 200. The body is read but not
 * decompressed: a shopper's phone decompresses on its own CPU, while the bench's own gunzip
 * (fetch's, in this process's thread pool) ran on the same two cores as the feed run it
 * measured, and in two runs timed both ways was most of the page's p95 growing during the run
 * (docs/decisions.md, "Feed runs", session 38). autocannon, in the other benches, does not
 * decompress either.
 */
export function visitorMs(url: string): Promise<number | null> {
  const asked = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      `${url}${VISITOR_PAGE}`,
      { agent: visitorAgent, headers: { 'accept-encoding': 'gzip' } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve(response.statusCode === 200 ? performance.now() - asked : null),
        );
        response.on('error', () => resolve(null));
      },
    );
    request.on('error', () => resolve(null));
  });
}

export interface Latencies {
  requests: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/** Nearest-rank percentiles of a list of timings. */
export function latencies(ms: number[]): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) =>
    // A tenth of a millisecond: a page of 2-4 ms rounded to whole ones made a ratio of two
    // p95s swing by a third.
    sorted.length === 0
      ? null
      : Math.round(sorted[Math.ceil(share * sorted.length) - 1]! * 10) / 10;
  return { requests: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}
