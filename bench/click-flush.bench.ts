import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AnalyticsWriteBuffer } from '../api/src/analytics';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { ClickRecorder } from '../api/src/go';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import { backendsCpu } from './go.bench';

/**
 * What a /go click costs the server's process after its 302, without HTTP: batches of new
 * visitors' clicks (a new address each, 40 phone agents, as the crowd sends them) recorded
 * (dedupe, hashes, the record and its visitor) and then written by the analytics write
 * buffer's flush, one batch per flush as `npm start` writes them (ANALYTICS_FLUSH_ROWS).
 * Prints the process's CPU (user + system, every thread: SQLite's work is in it, PostgreSQL's
 * backends are not) per 1,000 clicks of each phase, the median over the rounds after a
 * warm-up: steadier on a shared machine than the HTTP bench's requests per second.
 * `npx tsx bench/click-flush.bench.ts [sqlite|postgres]` (`npm run bench -- click-flush`); CLICK_FLUSH_BATCH (default 2,000)
 * and CLICK_FLUSH_ROUNDS (default 12) set the size and number of batches.
 */
/** The write buffer writes each click as a click log row and derives the rest in SQL (0029). */
const MODE = 'buffer';
const BATCH = Number(process.env.CLICK_FLUSH_BATCH ?? 2000);
const ROUNDS = Number(process.env.CLICK_FLUSH_ROUNDS ?? 12);
const WARM_UP = 2;
const AGENTS = Array.from(
  { length: 40 },
  (_, i) =>
    `Mozilla/5.0 (Linux; Android ${10 + (i % 5)}; SM-A${100 + i * 7}E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + (i % 12)}.0.0.0 Mobile Safari/537.36`,
);
const PLATFORMS = ['Shopee', 'Tokopedia', 'Lazada'];

function cpuNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-click-flush-'));
  const scratch = dialect === 'postgres' ? await createScratchPostgres('clicks') : null;
  const db = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
  try {
    await migrate(db);
    const writer = new AnalyticsWriteBuffer(db, {
      flushIntervalMs: 600_000,
      flushRows: 1_000_000,
      maxBufferedRows: 1_000_000,
      log: (line) => console.error(line),
    });
    const recorder = new ClickRecorder({ secret: 'bench-secret', sink: writer });
    const databaseUrl = scratch?.url ?? null;
    const backendMs: number[] = [];
    const recordMs: number[] = [];
    const flushMs: number[] = [];
    let visitor = 0;
    for (let round = 0; round < ROUNDS + WARM_UP; round += 1) {
      const recordStart = cpuNow();
      for (let i = 0; i < BATCH; i += 1) {
        visitor += 1;
        const linkId = (visitor % 600) + 1;
        const click = {
          linkId,
          productId: `00000000-0000-4000-8000-${String(linkId).padStart(12, '0')}`,
          categoryId: String(1 + (linkId % 8)),
          platform: PLATFORMS[linkId % 3]!,
          ip: `${11 + ((visitor >> 16) & 127)}.${(visitor >> 8) & 255}.${visitor & 255}.7`,
          userAgent: AGENTS[visitor % AGENTS.length]!,
          fromPath: null,
        };
        recorder.record(click);
      }
      const flushStart = cpuNow();
      const backendsStart = await backendsCpu(databaseUrl);
      await writer.flush();
      const flushEnd = cpuNow();
      const backendsEnd = await backendsCpu(databaseUrl);
      let backends = 0;
      for (const [pid, ms] of backendsEnd) backends += ms - (backendsStart.get(pid) ?? 0);
      if (round >= WARM_UP) backendMs.push((backends * 1000) / BATCH);
      if (round < WARM_UP) continue;
      recordMs.push(((flushStart - recordStart) * 1000) / BATCH);
      flushMs.push(((flushEnd - flushStart) * 1000) / BATCH);
    }
    await writer.stop();
    const figures = {
      mode: MODE,
      batch: BATCH,
      rounds: ROUNDS,
      written: writer.written,
      dropped: writer.dropped,
      recordCpuMsPer1000: Math.round(median(recordMs)),
      flushCpuMsPer1000: Math.round(median(flushMs)),
      // PostgreSQL's backends for the flush (their /proc ticks: 10 ms steps).
      backendsCpuMsPer1000: Math.round(median(backendMs)),
      flushCpuMsPer1000Range: [Math.round(Math.min(...flushMs)), Math.round(Math.max(...flushMs))],
      loadAverage: os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    };
    console.log(
      `${dialect} ${MODE}: record ${figures.recordCpuMsPer1000} ms, flush ${figures.flushCpuMsPer1000} ms CPU per 1,000 clicks${scratch ? `, PostgreSQL backends ${figures.backendsCpuMsPer1000} ms` : ''} (flush ${figures.flushCpuMsPer1000Range.join('-')}; batches of ${BATCH}, ${ROUNDS} rounds; ${figures.written} rows written, ${figures.dropped} dropped; load ${figures.loadAverage})`,
    );
    return figures;
  } finally {
    await db.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('CLICK_FLUSH_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
