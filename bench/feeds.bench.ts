/**
 * Product feeds at 100,000 products (DESIGN.md, "Performance budgets": feeds), through the
 * real HTTP server (the built bundle) on SQLite and on PostgreSQL. A local affiliate network
 * streams a generated 100,000-row CSV feed with an ETag. The first run creates the 100,000
 * products (the seed, linked to the feed); the measured run reads the feed again with 10% of
 * the prices changed. Prints rows per second, the public list page's p95 at rest and during
 * the run (to the last byte as the server sends it, gzip not decoded: support/admin-server.ts), the server's peak resident memory, and the time of an unchanged feed (304, and the
 * same bytes without an ETag). Budgets: at least 5,000 rows/s, p95 during within 2x of rest,
 * memory under 300 MB, an unchanged feed under 1 s. Figures are printed, never asserted.
 *
 *   npm run bench -- feeds          (after the build)
 *   npx tsx bench/feeds.bench.ts
 *
 * BENCH_FEED_ROWS scales the feed; BENCH_FEEDS_DIALECT picks one database.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import {
  cpuSeconds,
  latencies,
  signIn,
  startAdminServer,
  VISITOR_PAGE,
  visitorMs,
} from './support/admin-server';
import type { ServerProcess } from './support/processes';

const ROWS = Number(process.env.BENCH_FEED_ROWS ?? 100_000);
/**
 * The visitor's pause between a run-status poll and the next: a request every 25-30 ms gives
 * a 12-second run about 400 samples, so its p95 is not the sixth slowest of a hundred.
 */
const VISITOR_GAP_MS = 20;
const WORDS = ['sepatu', 'kaos', 'tas', 'jam', 'headphone', 'blender', 'serum', 'kemeja', 'rak'];

/** The feed, row by row (never whole in memory); `changed` shifts every 10th price. */
async function writeFeed(file: string, changed: boolean): Promise<void> {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write('id,title,description,link,image,price,sale_price,availability');
  for (let n = 0; n < ROWS; n++) {
    const word = WORDS[n % WORDS.length]!;
    const base = 100_000 + (n % 1000) * 1_000;
    const sale = changed && n % 10 === 0 ? base - 7_000 : base - 10_000;
    await write(
      [
        `FEED-${n}`,
        `${word} feed nomor ${n}`,
        `Deskripsi ${word} nomor ${n} dari feed afiliasi`,
        `https://shopee.co.id/feed-${n}`,
        `https://example.com/img/${n}.webp`,
        `${base} IDR`,
        `${sale} IDR`,
        n % 50 === 0 ? 'out of stock' : 'in stock',
      ].join(','),
    );
  }
  out.end();
  await once(out, 'finish');
}

/** The affiliate network: serves the current file with its ETag, 304 on a match. */
function startNetwork(state: { file: string; etag: string | null }) {
  const server = http.createServer((req, res) => {
    if (state.etag && req.headers['if-none-match'] === state.etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/csv',
      'content-length': statSync(state.file).size,
      ...(state.etag ? { etag: state.etag } : {}),
    });
    createReadStream(state.file).pipe(res);
  });
  return new Promise<http.Server>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server)),
  );
}

/** Tables whose counters are printed one by one; the others (the status polls' too) summed. */
const RUN_TABLES = ['feed_items', 'products', 'platform_links'] as const;
type TableCounters = Record<string, { blocks: number; updated: number; rowsRead: number }>;

/**
 * PostgreSQL: per table, buffer pages touched (heap and index hits and reads), rows updated and
 * rows read by scans (pg_statio_user_tables, pg_stat_user_tables). What a run touches and
 * writes does not depend on what else the machine is doing, as its timings do; the admin's
 * status polls (feed_runs, sessions) grow with the run's length and are kept apart. Backends
 * report their counts at most once a second and when they end (the feed process's, with the
 * run): read after a pause.
 */
async function tableCounters(url: string): Promise<TableCounters> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      name: string;
      blocks: string;
      updated: string;
      read: string;
    }>(
      `SELECT t.relname AS name,
         coalesce(io.heap_blks_hit, 0) + coalesce(io.heap_blks_read, 0)
           + coalesce(io.idx_blks_hit, 0) + coalesce(io.idx_blks_read, 0)
           + coalesce(io.toast_blks_hit, 0) + coalesce(io.tidx_blks_hit, 0) AS blocks,
         t.n_tup_upd AS updated,
         coalesce(t.seq_tup_read, 0) + coalesce(t.idx_tup_fetch, 0) AS read
       FROM pg_stat_user_tables t JOIN pg_statio_user_tables io ON io.relid = t.relid`,
    );
    return Object.fromEntries(
      rows.map((row) => [
        row.name,
        { blocks: Number(row.blocks), updated: Number(row.updated), rowsRead: Number(row.read) },
      ]),
    );
  } finally {
    await client.end();
  }
}

/** The run's share of the counters: the three tables, and the rest summed. */
function counterDelta(before: TableCounters, after: TableCounters) {
  const zero = { blocks: 0, updated: 0, rowsRead: 0 };
  const result: Record<string, { blocks: number; updated: number; rowsRead: number }> = {};
  for (const [name, now] of Object.entries(after)) {
    const then = before[name] ?? zero;
    const key = (RUN_TABLES as readonly string[]).includes(name) ? name : 'others';
    const sum = (result[key] ??= { ...zero });
    sum.blocks += now.blocks - then.blocks;
    sum.updated += now.updated - then.updated;
    sum.rowsRead += now.rowsRead - then.rowsRead;
  }
  return result;
}

interface RunState {
  status: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  outOfStock: number;
  notModified: boolean;
  message: string | null;
}

/**
 * Starts a run and polls it to the end, asking the visitor page between polls; samples the
 * memory of the server and its feed process as it goes.
 */
async function timedRun(
  server: ServerProcess,
  cookie: string,
  feedId: string,
  visitor: number[],
  memory: { peakMb: number },
) {
  const { url } = server;
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/feeds/${feedId}/run`, {
    method: 'POST',
    headers: { cookie },
  });
  if (res.status !== 202) throw new Error(`run answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  let polls = 0;
  for (;;) {
    const run = (await (
      await fetch(`${url}/api/admin/feed-runs/${id}`, { headers: { cookie } })
    ).json()) as RunState;
    // Every fifth poll (about 10 a second): reading a process's page tables is not free.
    if (polls++ % 5 === 0) memory.peakMb = Math.max(memory.peakMb, server.treePssMb());
    if (run.status !== 'running') {
      return { id, run, seconds: (performance.now() - started) / 1000 };
    }
    const ms = await visitorMs(url);
    if (ms !== null) visitor.push(ms);
    await new Promise((resolve) => setTimeout(resolve, VISITOR_GAP_MS));
  }
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-feeds-'));
  const postgres = dialect === 'postgres' ? await createScratchPostgres('feeds') : null;
  let server: ServerProcess | null = null;
  const state = { file: path.join(dataDir, 'feed-1.csv'), etag: null as string | null };
  const network = await startNetwork(state);
  try {
    await writeFeed(state.file, false);
    const changedFile = path.join(dataDir, 'feed-2.csv');
    await writeFeed(changedFile, true);
    // The feed is served on 127.0.0.1 (test-only; refused in production).
    server = await startAdminServer(dataDir, postgres?.url ?? null, {
      FETCH_ALLOW_PRIVATE: 'true',
    });
    const { url } = server;
    const cookie = await signIn(url);
    const feedUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}/feed.csv`;
    const created = await fetch(`${url}/api/admin/feeds`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench feed',
        url: feedUrl,
        format: 'csv',
        platform: 'Shopee',
        scheduleMinutes: 60,
        newProducts: 'active',
        enabled: false,
        mapping: {
          sku: 'id',
          title: 'title',
          description: 'description',
          link: 'link',
          imageUrl: 'image',
          price: 'price',
          salePrice: 'sale_price',
          availability: 'availability',
        },
      }),
    });
    if (created.status !== 201) throw new Error(`feed answered ${created.status}`);
    const feedId = ((await created.json()) as { id: string }).id;

    const memory = { peakMb: 0 };
    const seed = await timedRun(server, cookie, feedId, [], memory);
    // At rest the visitor keeps the cadence it has during a run (a status poll, the page, the
    // gap): back to back, each request found the CPU and its caches warm from the last, and
    // the ratio compared two different visitors.
    const atRest: number[] = [];
    for (let i = 0; i < 400; i++) {
      await fetch(`${url}/api/admin/feed-runs/${seed.id}`, { headers: { cookie } });
      const ms = await visitorMs(url);
      if (ms !== null) atRest.push(ms);
      await new Promise((resolve) => setTimeout(resolve, VISITOR_GAP_MS));
    }

    state.file = changedFile;
    state.etag = '"bench-v2"';
    const during: number[] = [];
    const pid = server.child.pid!;
    // The server's CPU and its feed process's (counted in the server's once it has ended).
    const countersBefore = postgres ? await tableCounters(postgres.url) : null;
    const cpuBefore = cpuSeconds(pid, { endedChildren: true });
    const measured = await timedRun(server, cookie, feedId, during, memory);
    const runCpuSeconds = cpuSeconds(pid, { endedChildren: true }) - cpuBefore;
    const countersAfter = postgres ? await tableCounters(postgres.url) : null;
    const database =
      countersBefore && countersAfter ? counterDelta(countersBefore, countersAfter) : null;
    const notModified = await timedRun(server, cookie, feedId, [], memory);
    state.etag = null;
    const sameBytes = await timedRun(server, cookie, feedId, [], memory);
    const figures = {
      rows: ROWS,
      seed: { seconds: Number(seed.seconds.toFixed(2)), run: seed.run },
      changed: {
        seconds: Number(measured.seconds.toFixed(2)),
        rowsPerSecond: Math.round(ROWS / measured.seconds),
        cpuSeconds: Number(runCpuSeconds.toFixed(1)),
        rowsPerCpuSecond: Math.round(ROWS / Math.max(0.01, runCpuSeconds)),
        run: measured.run,
        database,
      },
      visitor: {
        atRest: latencies(atRest),
        during: latencies(during),
        p95Ratio: Number(
          ((latencies(during).p95Ms ?? 0) / Math.max(0.1, latencies(atRest).p95Ms ?? 0)).toFixed(2),
        ),
      },
      unchanged304Seconds: Number(notModified.seconds.toFixed(3)),
      unchangedSameBytesSeconds: Number(sameBytes.seconds.toFixed(3)),
      serverPeakRssMb: server.peakRssMb(),
      serverAndFeedProcessPeakMb: memory.peakMb,
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      budget: { rowsPerSecond: 5000, p95Ratio: 2, memoryMb: 300, unchangedSeconds: 1 },
    };
    console.log(`\n== Product feed on ${dialect} (${ROWS} rows) ==`);
    console.log(
      `seed   : ${figures.seed.seconds} s (${Math.round(ROWS / seed.seconds)} rows/s): ${seed.run.created} created, ${seed.run.failed} failed`,
    );
    console.log(
      `10%    : ${figures.changed.rowsPerSecond} rows/s (${figures.changed.seconds} s; server CPU ${figures.changed.cpuSeconds} s = ${figures.changed.rowsPerCpuSecond} rows per CPU s): ${measured.run.updated} updated, ${measured.run.unchanged} unchanged, ${measured.run.failed} failed (budget >= 5000)`,
    );
    console.log(
      `visitor: ${VISITOR_PAGE} p95 at rest ${figures.visitor.atRest.p95Ms} ms, during ${figures.visitor.during.p95Ms} ms: ${figures.visitor.p95Ratio}x (${during.length} requests; budget within 2x)`,
    );
    // The tail behind the p95: a handful of slow requests or a slower run throughout.
    console.log(
      `         p50/max at rest ${figures.visitor.atRest.p50Ms}/${figures.visitor.atRest.maxMs} ms, during ${figures.visitor.during.p50Ms}/${figures.visitor.during.maxMs} ms; slowest during: ${[
        ...during,
      ]
        .sort((a, b) => b - a)
        .slice(0, 6)
        .map((ms) => ms.toFixed(1))
        .join(', ')}`,
    );
    if (database) {
      console.log(
        `db     : ${Object.entries(database)
          .map(
            ([name, count]) =>
              `${name} ${count.blocks} pages, ${count.updated} updated, ${count.rowsRead} read`,
          )
          .join('; ')} (the 10% run)`,
      );
    }
    console.log(`load   : ${figures.loadAverage.join(' ')}`);
    console.log(
      `same   : 304 in ${figures.unchanged304Seconds} s (notModified ${notModified.run.notModified}); same bytes without ETag in ${figures.unchangedSameBytesSeconds} s (notModified ${sameBytes.run.notModified}) (budget < 1 s)`,
    );
    console.log(
      `memory : peak server RSS ${figures.serverPeakRssMb} MB; server and feed process together (Pss, shared pages once) ${figures.serverAndFeedProcessPeakMb} MB at most, sampled ~10 times a second (budget < 300 MB)`,
    );
    return figures;
  } finally {
    await server?.stop();
    await postgres?.drop();
    await new Promise((resolve) => network.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_FEEDS_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
