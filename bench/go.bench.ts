import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchPostgres } from './support/databases';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '../api/src/db/database';
import { startProcess, type ServerProcess } from './support/processes';

/**
 * `/go/{id}` against a bare Express route answering the same 302 in the same process, 50
 * connections, each for a DURATION (autocannon averages whole seconds: a fixed count of
 * requests made every run print about the same figure), then every click accounted for: each
 * 302 the load generator received is compared with the events and CTA rollups in the database
 * after the server's shutdown flush. Every distinct-visitor request carries its own user
 * agent, so none is a repeat visit and every 302 must be a stored click; a run with one
 * visitor checks the dedupe (one click per link it was sent to). Prints the server's peak RSS
 * (VmHWM, and VmRSS sampled every 100 ms) and the load average. SQLite always; PostgreSQL too
 * when DATABASE_URL is set (a fresh database is created on that server and dropped
 * afterwards). Stand-alone: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx
 * bench/go.bench.ts`; `GO_BENCH_SECONDS` sets each measured run's duration (default 10), `GO_BENCH_ROUNDS` the rounds of a bare
 * run then a `/go` run (default 3; see ROUNDS);
 * `GO_BENCH_VISITORS=addresses` makes the new visitors a crowd of addresses with 40 agents
 * (see VISITORS); `GO_BENCH_DIALECT=postgres` (or `sqlite`) runs one engine. Prints the server's CPU per 1,000 requests of each run too (/proc), which the
 * other processes on a shared machine move less than they move requests per second (it too
 * rises under heavy load: compare runs at like loads).
 */
const LINKS = 600;
const CONNECTIONS = 50;
/** Seconds per measured run. */
const SECONDS = Number(process.env.GO_BENCH_SECONDS ?? 10);
/**
 * Rounds of a bare run then a `/go` run (GO_BENCH_ROUNDS, default 3). The other sessions' load
 * on the shared cores comes and goes within seconds, so one pair's ratio swung 0.58-0.92 at
 * like loads; the pooled ratio of several interleaved pairs says what the build does, and
 * each round's ratio is printed beside it.
 */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.GO_BENCH_ROUNDS ?? 3)));
/** Settled: the server and its backends used at most this much CPU in a SETTLE_STEP_MS step. */
const SETTLED_CPU_MS = 10;
const SETTLE_STEP_MS = 250;
const SETTLE_LIMIT_MS = 30_000;
const UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/**
 * How distinct visitors differ: `agents` (default; every request its own user agent, so the
 * server reads a never-seen agent each time: a worst case for its agent memo) or `addresses`
 * (a crowd as it comes: a new address per request through X-Forwarded-For, the server
 * trusting the loopback proxy, and 40 phone agents among them).
 */
const VISITORS = process.env.GO_BENCH_VISITORS === 'addresses' ? 'addresses' : 'agents';
const CROWD_AGENTS = Array.from(
  { length: 40 },
  (_, i) =>
    `Mozilla/5.0 (Linux; Android ${10 + (i % 5)}; SM-A${100 + i * 7}E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + (i % 12)}.0.0.0 Mobile Safari/537.36`,
);

/** Headers of distinct visitor `n`: a new agent, or a new address (its own /24) and a crowd's agent. */
function visitorHeaders(n: number): Record<string, string> {
  if (VISITORS === 'agents') return { 'user-agent': `${UA} r${n}` };
  // Addresses are anonymised to their /24 before hashing: n goes in the first three octets.
  const address = `${11 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}.7`;
  return { 'user-agent': CROWD_AGENTS[n % CROWD_AGENTS.length]!, 'x-forwarded-for': address };
}

export interface Load {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  redirects: number;
  /** 503 answers (the click queue full past its wait): no click counted. */
  busy: number;
  errors: number;
  other: number;
  /** Links that answered 302 at least once in this run (the one-visitor run's clicks). */
  linksRedirected: number;
}

/** Numbers the requests across runs, so that every distinct visitor is new to the server. */
let requestNumber = 0;

/**
 * Load on `/${route}/{1..LINKS}` for `seconds` (or `amount` requests, for a warm-up), every
 * request with its own user agent unless `distinctVisitors` is false.
 */
export async function loadGo(
  url: string,
  route: 'go' | 'bare',
  options: { seconds?: number; amount?: number; distinctVisitors: boolean; connections?: number },
): Promise<Load> {
  const redirected = new Set<string>();
  let busy = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? SECONDS }),
    pipelining: 1,
    requests: [
      {
        setupRequest: (request, context: object) => {
          const n = (requestNumber += 1);
          const linkPath = `/${route}/${(n % LINKS) + 1}`;
          (context as { path?: string }).path = linkPath;
          return {
            ...request,
            path: linkPath,
            headers: options.distinctVisitors ? visitorHeaders(n) : { 'user-agent': UA },
          };
        },
        onResponse: (status, _body, context: object) => {
          if (status === 302) redirected.add(String((context as { path?: string }).path));
          if (status === 503) busy += 1;
        },
      },
    ],
  });
  const codes = result as unknown as Record<string, number>;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    redirects: codes['3xx'] ?? 0,
    busy,
    errors: result.errors + result.timeouts,
    other:
      (codes['1xx'] ?? 0) + (codes['2xx'] ?? 0) + (codes['4xx'] ?? 0) + (codes['5xx'] ?? 0) - busy,
    linksRedirected: redirected.size,
  };
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc: a run's figure per 1,000
 * requests says what a request costs the server however loaded the shared machine is, where
 * requests per second swing with the other processes' load.
 */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Linux reports clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on.
    return ticks * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU ms of the PostgreSQL backends serving `databaseUrl`'s database, by process id (/proc:
 * the bench and the server share the machine). The server's own CPU leaves out what its
 * statements cost PostgreSQL, which takes the same two cores.
 */
export async function backendsCpu(databaseUrl: string | null): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!databaseUrl) return cpu;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) cpu.set(pid, cpuMs(pid));
  } finally {
    await client.end();
  }
  return cpu;
}

/** Backend CPU ms between two backendsCpu() readings (backends started in between from 0). */
function backendsDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Server CPU ms per 1,000 requests of a run measured between two cpuMs() readings. */
function perThousand(cpuBefore: number, cpuAfter: number, load: Load): number {
  return load.requests > 0 ? Math.round(((cpuAfter - cpuBefore) * 1000) / load.requests) : 0;
}

/**
 * Waits until the server and its PostgreSQL backends are idle (two steps in a row within
 * SETTLED_CPU_MS, or SETTLE_LIMIT_MS): a `/go` run's clicks are written after its last 302,
 * and that work belongs to the run, not to the next one.
 */
async function settle(pid: number, databaseUrl: string | null): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSteps = 0;
  let server = cpuMs(pid);
  let backends = await backendsCpu(databaseUrl);
  while (quietSteps < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const nextServer = cpuMs(pid);
    const nextBackends = await backendsCpu(databaseUrl);
    const used = nextServer - server + backendsDelta(backends, nextBackends);
    quietSteps = used <= SETTLED_CPU_MS ? quietSteps + 1 : 0;
    server = nextServer;
    backends = nextBackends;
  }
}

/** One bare run then one `/go` run, each with the CPU it cost (the `/go` clicks' writes in it). */
async function measureRound(url: string, pid: number, databaseUrl: string | null) {
  await settle(pid, databaseUrl);
  const cpuStart = cpuMs(pid);
  const backendsStart = await backendsCpu(databaseUrl);
  const bare = await loadGo(url, 'bare', { distinctVisitors: true });
  const cpuBare = cpuMs(pid);
  const backendsBare = await backendsCpu(databaseUrl);
  const go = await loadGo(url, 'go', { distinctVisitors: true });
  await settle(pid, databaseUrl);
  const cpuGo = cpuMs(pid);
  const backendsGo = await backendsCpu(databaseUrl);
  return {
    bare,
    go,
    ratio: go.requestsPerSecond / Math.max(1, bare.requestsPerSecond),
    serverCpuMs: { bare: cpuBare - cpuStart, go: cpuGo - cpuBare },
    backendsCpuMs: {
      bare: backendsDelta(backendsStart, backendsBare),
      go: backendsDelta(backendsBare, backendsGo),
    },
  };
}

type Round = Awaited<ReturnType<typeof measureRound>>;

/** The rounds' runs of one route as one: mean rate, requests summed, the worst p50 and p99. */
function pooled(rounds: Round[], route: 'bare' | 'go'): Load {
  const runs = rounds.map((round) => round[route]);
  const sum = (pick: (load: Load) => number) => runs.reduce((total, load) => total + pick(load), 0);
  return {
    requestsPerSecond: Math.round(sum((load) => load.requestsPerSecond) / runs.length),
    requests: sum((load) => load.requests),
    p50Ms: Math.max(...runs.map((load) => load.p50Ms)),
    p99Ms: Math.max(...runs.map((load) => load.p99Ms)),
    redirects: sum((load) => load.redirects),
    busy: sum((load) => load.busy),
    errors: sum((load) => load.errors),
    other: sum((load) => load.other),
    linksRedirected: Math.max(...runs.map((load) => load.linksRedirected)),
  };
}

/** Samples a process's resident memory (VmRSS) every `everyMs`; stop() gives the peak in MB. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let peakKb = 0;
  const read = () => {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peakKb = Math.max(peakKb, Number(match[1]));
    } catch {
      // The process has exited.
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return Math.round(peakKb / 1024);
    },
  };
}

/**
 * The go server (bench/go-server.ts) in its own process over a fresh data directory: the
 * production go module beside a bare 302 at `/bare/{id}`. `databaseUrl` null: SQLite. stop()
 * flushes every click and returns the server's counters.
 */
export async function startGoServer(
  databaseUrl: string | null,
  links = LINKS,
): Promise<{
  server: ServerProcess;
  dataDir: string;
  stop(): Promise<Record<string, unknown>>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-go-'));
  // DATABASE_URL is always set for the child, so the SQLite run never inherits a PostgreSQL one.
  const env = { DATA_DIR: dataDir, LINKS: String(links), DATABASE_URL: databaseUrl ?? '' };
  // With the V8 flags of `npm start`: its memory is the server's.
  const server = await startProcess('bench/go-server.ts', env, /go server at (\S+)/, {
    serverFlags: true,
  });
  let output = '';
  server.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    server,
    dataDir,
    async stop() {
      await server.stop();
      return JSON.parse(/go counters (\{.*\})/.exec(output)?.[1] ?? '{}') as Record<
        string,
        unknown
      >;
    },
  };
}

export async function storedClicks(databaseUrl: string | null, dataDir: string) {
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
  const go = await startGoServer(databaseUrl);
  const { server } = go;
  const rss = sampleRss(server.child.pid!);
  try {
    const loadBefore = loadAverage();
    // Warm-up (counted too: every 302 with its own user agent is a click).
    const warm = [
      await loadGo(server.url, 'go', { amount: 2000, distinctVisitors: true }),
      await loadGo(server.url, 'bare', { amount: 2000, distinctVisitors: true }),
    ];
    const pid = server.child.pid!;
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push(await measureRound(server.url, pid, databaseUrl));
    }
    const bare = pooled(rounds, 'bare');
    const go302 = pooled(rounds, 'go');
    const cpuPerThousand = (pick: (round: Round) => number, route: 'bare' | 'go') =>
      perThousand(
        0,
        rounds.reduce((total, round) => total + pick(round), 0),
        route === 'bare' ? bare : go302,
      );
    // One visitor hammering every link: each link counts once within the hour.
    const repeat = await loadGo(server.url, 'go', {
      seconds: Math.max(2, Math.round(SECONDS / 2)),
      distinctVisitors: false,
    });
    const loadAfter = loadAverage();
    const serverPeakRssMb = server.peakRssMb();
    const counters = await go.stop();
    const sampledPeakRssMb = rss.stop();
    const stored = await storedClicks(databaseUrl, go.dataDir);
    const expected = warm[0]!.redirects + go302.redirects + repeat.linksRedirected;
    const queue = (counters.queue ?? {}) as Record<string, number>;
    const figures = {
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      visitors: VISITORS,
      loadAverage: { before: loadBefore, after: loadAfter },
      bare,
      go: go302,
      repeatVisitor: repeat,
      // The server process's CPU (every thread) per 1,000 requests of each run, a /go run's
      // clicks written after its last 302 included.
      serverCpuMsPer1000: {
        bare: cpuPerThousand((round) => round.serverCpuMs.bare, 'bare'),
        go: cpuPerThousand((round) => round.serverCpuMs.go, 'go'),
      },
      // PostgreSQL's backends for the same database (0 on SQLite, whose work is in the server).
      backendsCpuMsPer1000: {
        bare: cpuPerThousand((round) => round.backendsCpuMs.bare, 'bare'),
        go: cpuPerThousand((round) => round.backendsCpuMs.go, 'go'),
      },
      // Pooled: every round's /go requests over every round's bare requests (equal durations).
      ratioToBare: Number((go302.requests / Math.max(1, bare.requests)).toFixed(2)),
      roundRatios: rounds.map((round) => Number(round.ratio.toFixed(2))),
      // Each round's server (+ backends) CPU ms per 1,000 /go: whether a click costs more as
      // the tables grow, apart from the other sessions' load on the ratio.
      roundGoCpuMsPer1000: rounds.map((round) =>
        perThousand(0, round.serverCpuMs.go + round.backendsCpuMs.go, round.go),
      ),
      roundBareCpuMsPer1000: rounds.map((round) =>
        perThousand(0, round.serverCpuMs.bare + round.backendsCpuMs.bare, round.bare),
      ),
      clicks: {
        expected,
        counted: counters.counted,
        ...stored,
        dropped: counters.dropped ?? 0,
      },
      // A run ends with up to CONNECTIONS requests in flight: the server may have taken their
      // clicks (and sent the 302) after the load generator stopped listening. So stored may
      // exceed the 302s received by at most that; a click is lost if it is below.
      lost: Math.max(0, expected - stored.events),
      takenAfterCutOff: stored.events - expected,
      queue,
      budget: { p99AtMostMs: 10, ratioAtLeast: 0.8, rssUnderMb: 300 },
      withinBudget:
        go302.p99Ms <= 10 &&
        stored.events >= expected &&
        stored.events - expected <= 3 * CONNECTIONS &&
        stored.rollupEvents === stored.events &&
        serverPeakRssMb < 300,
      serverPeakRssMb,
      sampledPeakRssMb,
    };
    console.log(
      `\n== /go/{id} on ${dialect} (${CONNECTIONS} connections, ${ROUNDS} rounds of a bare run then a /go run, ${SECONDS} s each, new visitors by ${VISITORS}; load average ${loadBefore} -> ${loadAfter}) ==`,
    );
    console.log(
      `bare Express 302 : ${bare.requestsPerSecond} req/s (mean of the rounds), worst p50 ${bare.p50Ms} ms, worst p99 ${bare.p99Ms} ms`,
    );
    console.log(
      `/go/{id}         : ${go302.requestsPerSecond} req/s (${figures.ratioToBare} of bare pooled, rounds ${figures.roundRatios.join(' / ')}; budget >= 0.8), worst p50 ${go302.p50Ms} ms, worst p99 ${go302.p99Ms} ms, 503 ${go302.busy}, errors ${go302.errors}, other ${go302.other}`,
    );
    console.log(
      `server CPU       : ${figures.serverCpuMsPer1000.bare} ms per 1,000 bare 302s, ${figures.serverCpuMsPer1000.go} ms per 1,000 /go (the clicks' writes included, until the server was idle)` +
        (databaseUrl
          ? `; PostgreSQL backends ${figures.backendsCpuMsPer1000.bare} and ${figures.backendsCpuMsPer1000.go}`
          : ''),
    );
    console.log(
      `CPU by round     : /go ${figures.roundGoCpuMsPer1000.join(' / ')}, bare ${figures.roundBareCpuMsPer1000.join(' / ')} ms per 1,000 (server and backends)`,
    );
    console.log(
      `server peak RSS  : ${serverPeakRssMb} MB (VmHWM; sampled VmRSS peak ${sampledPeakRssMb} MB; budget < 300 MB)`,
    );
    console.log(
      `click queue      : peak ${queue.peakQueued} clicks / ${Math.round((queue.peakQueuedBytes ?? 0) / 1024)} KB, redirects that waited ${queue.waited}, answered 503 ${queue.refused}`,
    );
    console.log(
      `one visitor      : ${repeat.requestsPerSecond} req/s, p99 ${repeat.p99Ms} ms, ${repeat.linksRedirected} links`,
    );
    console.log(
      `clicks           : expected ${expected} (302s received), counted ${String(counters.counted)} (${String(counters.duplicates)} repeats not counted), stored events ${stored.events}, rollup ${stored.rollupEvents} (by platform ${stored.rollupPlatforms}), lost ${figures.lost}, taken as a run was cut off ${figures.takenAfterCutOff} (at most ${3 * CONNECTIONS})`,
    );
    return figures;
  } finally {
    rss.stop();
    await server.stop();
    rmSync(go.dataDir, { recursive: true, force: true });
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
  const results: Record<string, unknown> = {};
  // GO_BENCH_DIALECT=postgres skips the SQLite run (sqlite: the PostgreSQL one).
  const only = process.env.GO_BENCH_DIALECT;
  if (only !== 'postgres') results.sqlite = await runOn('sqlite', null);
  const postgresUrl = only === 'sqlite' ? undefined : process.env.DATABASE_URL;
  if (postgresUrl) {
    results.postgres = await withFreshPostgres(postgresUrl, (url) => runOn('postgres', url));
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await run();
  console.log(JSON.stringify(results));
}
