/**
 * Hostile imports against the built server (issue #19), on SQLite and PostgreSQL: the server's
 * peak resident memory (VmHWM) after ten uploads of a 520,000-column header (refused with a
 * 400), then after a dry run of 1,000,000 bad rows generated on the fly (streamed as the
 * request body, never a file of the bench's), with the database's size before and after and
 * the size of the last status poll. Figures are printed, never asserted.
 *
 *   npm run bench -- import-hostile          (after the build)
 *   npx tsx bench/import-hostile.bench.ts [sqlite|postgres]
 *
 * BENCH_HOSTILE_ROWS scales the dry run.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import { startApiServer } from './support/processes';

const ROWS = Number(process.env.BENCH_HOSTILE_ROWS ?? 1_000_000);
const HEADER_COLUMNS = 520_000;
const ADMIN = { username: 'bench-admin', password: 'bench-password-123' };
const MB = 1024 * 1024;

/** Posts a generated body (chunked, as it is produced). */
function post(
  url: string,
  cookie: string,
  body: AsyncIterable<string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { cookie, 'content-type': 'text/csv' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    void (async () => {
      for await (const chunk of body) {
        if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
      }
      request.end();
    })().catch(reject);
  });
}

async function* wideHeader() {
  yield 'sku';
  for (let start = 0; start < HEADER_COLUMNS; start += 10_000) {
    yield `,${Array.from({ length: 10_000 }, (_, n) => `kolom${start + n}`).join(',')}`;
  }
  yield '\nA-1,x\n';
}

/** Rows that all fail (a discount of 150), 64 KB at a time. */
async function* badRows() {
  yield 'sku,title,description,category,imageUrl,discountPercentage\n';
  let batch = '';
  for (let n = 0; n < ROWS; n++) {
    batch += `BAD-${n},Judul ${n},Deskripsi ${n},elektronik,https://example.com/${n}.webp,150\n`;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  yield batch;
}

async function databaseBytes(dataDir: string, postgresUrl: string | null): Promise<number> {
  if (!postgresUrl) {
    return readdirSync(dataDir)
      .filter((file) => file.startsWith('diskonradar.sqlite'))
      .reduce((sum, file) => sum + statSync(path.join(dataDir, file)).size, 0);
  }
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const result = await client.query<{ size: string }>(
      'SELECT pg_database_size(current_database()) AS size',
    );
    return Number(result.rows[0]!.size);
  } finally {
    await client.end();
  }
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-hostile-'));
  const postgres = dialect === 'postgres' ? await createScratchPostgres('hostile') : null;
  const server = await startApiServer({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const imports = `${server.url}/api/admin/imports`;
    const startRssMb = server.peakRssMb();

    let header = { status: 0, text: '' };
    for (let upload = 0; upload < 10; upload++) {
      header = await post(`${imports}/products`, cookie, wideHeader());
    }
    const headerRssMb = server.peakRssMb();

    const before = await databaseBytes(dataDir, postgres?.url ?? null);
    const started = performance.now();
    const answer = await post(`${imports}/products?dryRun=true`, cookie, badRows());
    const { id } = JSON.parse(answer.text) as { id: string };
    let job: { status: string; totalRows: number; failed: number };
    let pollKb = 0;
    for (;;) {
      const text = await (await fetch(`${imports}/${id}`, { headers: { cookie } })).text();
      pollKb = Math.round(text.length / 1024);
      job = JSON.parse(text) as typeof job;
      if (!['queued', 'running'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await databaseBytes(dataDir, postgres?.url ?? null);
    const errorsCsv = await (
      await fetch(`${imports}/${id}/errors.csv`, { headers: { cookie } })
    ).text();
    const figures = {
      startRssMb,
      header: { columns: HEADER_COLUMNS, status: header.status, answer: header.text },
      headerPeakRssMb: headerRssMb,
      dryRun: {
        rows: ROWS,
        status: job.status,
        failed: job.failed,
        seconds: Number(seconds.toFixed(1)),
        errorsCsvRows: errorsCsv.split('\r\n').length - 2,
        lastPollKb: pollKb,
        databaseMbBefore: Number((before / MB).toFixed(1)),
        databaseMbAfter: Number((after / MB).toFixed(1)),
      },
      peakRssMb: server.peakRssMb(),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    };
    console.log(`\n== Hostile imports on ${dialect} ==`);
    console.log(
      `header : ${HEADER_COLUMNS} columns, ten uploads: ${header.status} ${header.text}; peak server RSS ${startRssMb} -> ${headerRssMb} MB`,
    );
    const dry = figures.dryRun;
    console.log(
      `dry run: ${ROWS} bad rows in ${dry.seconds} s: ${dry.status}, ${dry.failed} failed; errors.csv ${dry.errorsCsvRows} rows; status poll ${dry.lastPollKb} KB`,
    );
    console.log(
      `         database ${dry.databaseMbBefore} -> ${dry.databaseMbAfter} MB${postgres ? '' : ' (file and WAL)'}; peak server RSS ${figures.peakRssMb} MB; load ${figures.loadAverage.join(' ')}`,
    );
    return figures;
  } finally {
    await server.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_HOSTILE_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
