/**
 * The catalogue CSV import and export at 100,000 products, through the real HTTP server
 * (the built bundle, as `npm start` runs it) on SQLite and on PostgreSQL: a generated
 * 100,000-row file (two platform links per product) is uploaded to
 * `POST /api/admin/imports/products` and the job polled to the end, then the whole catalogue
 * is streamed from `GET /api/admin/exports/products.csv`. Prints rows per second (upload
 * included), the server's peak resident memory, how fast a visitor's list page answers while
 * the import runs (one request between polls) and the export's time and size. Then the round
 * trip the README promises: that export is imported again and must report every row
 * unchanged (the bench fails loudly otherwise). Budgets
 * (docs/contracts.md#performance-budgets): at least 5,000 rows/s on SQLite, memory under 300 MB, export under 10 s.
 * Figures are printed, never asserted.
 *
 *   npm run bench -- import          (after the build)
 *   npx tsx bench/import.bench.ts [sqlite|postgres]
 *
 * BENCH_IMPORT_ROWS scales the file. BENCH_IMPORT_CATALOGUE=empty deletes the demo products
 * (their categories stay) before the upload: a shop's first load, into a catalogue without
 * products, which SQLite loads in bulk (runner.ts, choosePath). The default keeps the demo
 * catalogue's 80 products, the row path's case.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import {
  cpuSeconds,
  latencies,
  signIn,
  startAdminServer,
  VISITOR_PAGE,
  visitorMs,
} from './support/admin-server';
import { IMPORT_BENCH_COLUMNS, importBenchLine } from './support/import-rows';
import type { ServerProcess } from './support/processes';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const EMPTY_CATALOGUE = process.env.BENCH_IMPORT_CATALOGUE === 'empty';

/** Deletes every product through the admin's bulk action (the categories stay). */
async function emptyCatalogue(url: string, cookie: string): Promise<void> {
  const res = await fetch(`${url}/api/admin/products/bulk`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ filter: { status: 'all' }, action: 'delete' }),
  });
  if (!res.ok) throw new Error(`emptying the catalogue answered ${res.status}`);
}

/** Writes the CSV row by row (never the whole file in memory). */
async function writeCsv(file: string, slugs: string[]): Promise<number> {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  };
  await write(IMPORT_BENCH_COLUMNS.join(','));
  for (let n = 0; n < ROWS; n++) await write(importBenchLine(n, slugs));
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

/** Streams the file as the request body (node:http, so nothing is buffered whole). */
function upload(url: string, cookie: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/admin/imports/products`,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'text/csv',
          'content-length': statSync(file).size,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          response.statusCode === 202
            ? resolve((JSON.parse(body) as { id: string }).id)
            : reject(new Error(`upload answered ${response.statusCode}: ${body}`)),
        );
      },
    );
    request.on('error', reject);
    createReadStream(file).pipe(request);
  });
}

interface JobState {
  status: string;
  totalRows: number | null;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  message: string | null;
}

async function waitForJob(
  url: string,
  cookie: string,
  id: string,
  visitors: number[],
): Promise<JobState> {
  for (;;) {
    const res = await fetch(`${url}/api/admin/imports/${id}`, { headers: { cookie } });
    const job = (await res.json()) as JobState;
    if (['done', 'failed', 'canceled'].includes(job.status)) return job;
    const ms = await visitorMs(url);
    if (ms !== null) visitors.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Reads the whole export as it streams in, into `file`: time, bytes and lines. */
async function timeExport(url: string, cookie: string, file: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/exports/products.csv`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const out = createWriteStream(file);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
    if (!out.write(value)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return {
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
    lines,
  };
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-import-'));
  const postgres = dialect === 'postgres' ? await createScratchPostgres('import') : null;
  let server: ServerProcess | null = null;
  try {
    server = await startAdminServer(dataDir, postgres?.url ?? null);
    const cookie = await signIn(server.url);
    if (EMPTY_CATALOGUE) await emptyCatalogue(server.url, cookie);
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as {
      slug: string;
    }[];
    const file = path.join(dataDir, 'bench-import.csv');
    const fileBytes = await writeCsv(
      file,
      categories.map((category) => category.slug),
    );
    const pid = server.child.pid!;
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const id = await upload(server.url, cookie, file);
    const uploadedSeconds = (performance.now() - started) / 1000;
    const visitors: number[] = [];
    const job = await waitForJob(server.url, cookie, id, visitors);
    const seconds = (performance.now() - started) / 1000;
    const rowsPerSecond = Math.round(ROWS / seconds);
    const importCpuSeconds = cpuSeconds(pid) - cpuBefore;
    const rowsPerCpuSecond = Math.round(ROWS / Math.max(0.01, importCpuSeconds));
    const importPeakRssMb = server.peakRssMb();
    const exportFile = path.join(dataDir, 'bench-export.csv');
    const exported = await timeExport(server.url, cookie, exportFile);
    const peakRssMb = server.peakRssMb();
    // The round trip: the export, imported as it is, changes nothing.
    const tripStarted = performance.now();
    const trip = await waitForJob(
      server.url,
      cookie,
      await upload(server.url, cookie, exportFile),
      [],
    );
    const roundTrip = {
      seconds: Number(((performance.now() - tripStarted) / 1000).toFixed(2)),
      job: trip,
      unchanged:
        trip.status === 'done' &&
        trip.totalRows !== null &&
        trip.totalRows >= ROWS &&
        trip.unchanged === trip.totalRows &&
        trip.created + trip.updated + trip.failed === 0,
    };
    const figures = {
      rows: ROWS,
      fileMegabytes: Number((fileBytes / 1024 / 1024).toFixed(1)),
      job,
      uploadSeconds: Number(uploadedSeconds.toFixed(2)),
      importSeconds: Number(seconds.toFixed(2)),
      rowsPerSecond,
      importCpuSeconds: Number(importCpuSeconds.toFixed(1)),
      rowsPerCpuSecond,
      importPeakRssMb,
      visitorPageDuringImport: latencies(visitors),
      export: exported,
      serverPeakRssMb: peakRssMb,
      roundTrip,
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      budget: { rowsPerSecondSqlite: 5000, memoryMb: 300, exportSeconds: 10 },
    };
    const catalogue = EMPTY_CATALOGUE ? 'into an empty catalogue' : 'beside the demo catalogue';
    console.log(`\n== CSV import and export on ${dialect} (${ROWS} rows, ${catalogue}) ==`);
    console.log(
      `import : ${rowsPerSecond} rows/s (${figures.importSeconds} s incl. upload ${figures.uploadSeconds} s, ${figures.fileMegabytes} MB); ${job.status}: ${job.created} created, ${job.updated} updated, ${job.unchanged} unchanged, ${job.failed} failed`,
    );
    console.log(
      `         ${figures.importCpuSeconds} s of server CPU: ${rowsPerCpuSecond} rows per CPU second`,
    );
    const visitor = figures.visitorPageDuringImport;
    console.log(
      `         ${VISITOR_PAGE} meanwhile: ${visitor.requests} requests, p50 ${visitor.p50Ms} ms, p95 ${visitor.p95Ms} ms, max ${visitor.maxMs} ms`,
    );
    console.log(
      `export : ${exported.seconds} s, ${exported.megabytes} MB, ${exported.lines} lines (budget < 10 s)`,
    );
    console.log(
      `memory : peak server RSS ${importPeakRssMb} MB after the import, ${peakRssMb} MB after the export (budget < 300 MB); load ${figures.loadAverage.join(' ')}`,
    );
    console.log(
      `trip   : the ${exported.megabytes} MB export imported again in ${roundTrip.seconds} s: ${trip.status}, ${trip.totalRows} rows, ${trip.unchanged} unchanged, ${trip.created} created, ${trip.updated} updated, ${trip.failed} failed${trip.message ? ` (${trip.message})` : ''}`,
    );
    if (!roundTrip.unchanged) {
      throw new Error(
        `ROUND TRIP BROKEN on ${dialect}: the export did not import back as every row unchanged (${JSON.stringify(trip)})`,
      );
    }
    console.log('         round trip: every row unchanged');
    return figures;
  } finally {
    await server?.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_IMPORT_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
