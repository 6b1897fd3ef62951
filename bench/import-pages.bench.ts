/**
 * Where a SQLite import chunk's writes go, counted rather than timed: the pages each table,
 * index and FTS5 table dirties, read from the WAL's frame headers. A catalogue of
 * BENCH_IMPORT_PAGES_ROWS products (default 20,000; the import bench's rows) is written
 * through `processChunk` in-process, then BENCH_IMPORT_PAGES_CHUNKS more chunks (default 5, of
 * CHUNK_ROWS rows) with the writer's automatic checkpoint off, so that the WAL holds every
 * frame they wrote; each frame's page is traced to its b-tree (`dbstat`).
 *
 * On SQLite an import row's CPU goes with the pages it dirties: each one is read (when the
 * 32 MB cache missed it), copied to the statement journal (a temporary file) by the statement
 * that first changes it, written to the WAL (again, with its checksum pass, when the cache
 * spilled it mid-chunk) and copied back by the checkpoint (docs/decisions.md, session 39).
 * Unlike CPU seconds on a shared machine, these counts do not move with the load: a schema
 * change to the products' or links' indexes can be judged here before the import bench.
 *
 *   npx tsx bench/import-pages.bench.ts
 *   BENCH_IMPORT_PAGES_ROWS=100000 npx tsx bench/import-pages.bench.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { QueryTypes } from 'sequelize';
import { categoryKeys, processChunk, type CsvRow } from '../api/src/catalogue/imports/chunk';
import { resolveHeader } from '../api/src/catalogue/imports/header';
import { CHUNK_ROWS } from '../api/src/catalogue/imports/runner';
import { loadConfig } from '../api/src/config';
import type { Database } from '../api/src/db/database';
import { prepareDatabase } from '../api/src/server';
import { IMPORT_BENCH_COLUMNS, importBenchCells } from './support/import-rows';

const ROWS = Number(process.env.BENCH_IMPORT_PAGES_ROWS ?? 20_000);
const CHUNKS = Number(process.env.BENCH_IMPORT_PAGES_CHUNKS ?? 5);

/** Writes rows [from, to) in chunks as the runner does; answers the CPU seconds it took. */
async function importRows(db: Database, from: number, to: number, before?: string) {
  const { slugs } = await categoryKeys(db);
  const slugList = [...slugs.keys()];
  const settings = {
    columns: resolveHeader(IMPORT_BENCH_COLUMNS).columns,
    width: IMPORT_BENCH_COLUMNS.length,
    dryRun: false,
  };
  const started = process.cpuUsage();
  for (let start = from; start < to; start += CHUNK_ROWS) {
    const rows: CsvRow[] = [];
    for (let n = start; n < Math.min(to, start + CHUNK_ROWS); n++) {
      rows.push({ row: n + 2, cells: importBenchCells(n, slugList) });
    }
    const outcome = await db.write(async (transaction) => {
      if (before) await db.sequelize.query(before, { transaction });
      return processChunk(db, rows, settings, slugs, transaction);
    });
    if (outcome.created !== rows.length)
      throw new Error(`chunk at ${start}: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/** The page number of each frame in a WAL file (SQLite's WAL format: 32-byte header). */
function walFramePages(file: string): number[] {
  const wal = readFileSync(file);
  const pageSize = wal.readUInt32BE(8);
  const pages: number[] = [];
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    pages.push(wal.readUInt32BE(offset));
  }
  return pages;
}

/** An FTS5 shadow table counts as its FTS table; an index as itself. */
const FTS_SHADOW = /_(data|idx|docsize|config|content)$/;

export async function run(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-import-pages-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench-import-pages-secret-0123456789' }),
    databaseUrl: null,
  };
  const db = await prepareDatabase(config, () => undefined);
  try {
    const baseCpu = await importRows(db, 0, ROWS);
    await db.sequelize.query('PRAGMA wal_checkpoint(TRUNCATE)');
    const measured = CHUNKS * CHUNK_ROWS;
    // The writer's connection keeps this setting; it is closed at the end of the run.
    const cpu = await importRows(db, ROWS, ROWS + measured, 'PRAGMA wal_autocheckpoint = 0');
    const frames = walFramePages(path.join(dataDir, 'diskonradar.sqlite-wal'));
    const owners = await db.sequelize.query<{ name: string; pageno: number }>(
      'SELECT name, pageno FROM dbstat',
      { type: QueryTypes.SELECT },
    );
    const virtual = new Set(
      (
        await db.sequelize.query<{ name: string }>(
          `SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'`,
          { type: QueryTypes.SELECT },
        )
      ).map((row) => row.name),
    );
    const ownerOf = new Map(owners.map((row) => [Number(row.pageno), row.name]));
    const byOwner = new Map<string, number>();
    for (const page of frames) {
      let name = ownerOf.get(page) ?? '(free list, pointer map)';
      const fts = name.replace(FTS_SHADOW, '');
      if (fts !== name && virtual.has(fts)) name = `${fts} (FTS5)`;
      byOwner.set(name, (byOwner.get(name) ?? 0) + 1);
    }
    const ranked = [...byOwner.entries()].sort((a, b) => b[1] - a[1]);
    const perRow = (count: number) => Number((count / measured).toFixed(2));
    const figures = {
      catalogueRows: ROWS,
      measuredRows: measured,
      walFramesPerRow: perRow(frames.length),
      distinctPagesPerRow: perRow(new Set(frames).size),
      framesPerRowByBtree: Object.fromEntries(ranked.map(([name, count]) => [name, perRow(count)])),
      rowsPerCpuSecond: {
        catalogue: Math.round(ROWS / baseCpu),
        measured: Math.round(measured / cpu),
      },
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    };
    console.log(`\n== SQLite pages an import chunk dirties (${measured} rows into ${ROWS}) ==`);
    console.log(
      `WAL frames: ${figures.walFramesPerRow} per row (${figures.distinctPagesPerRow} distinct pages per row over the ${CHUNKS} chunks); in-process ${figures.rowsPerCpuSecond.measured} rows per CPU second; load ${figures.loadAverage.join(' ')}`,
    );
    for (const [name, count] of ranked.slice(0, 30)) {
      const share = ((100 * count) / frames.length).toFixed(1).padStart(5);
      console.log(`${String(perRow(count)).padStart(7)} per row ${share}%  ${name}`);
    }
    return figures;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
