import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedDemoIfEmpty } from '../api/src/seed/seed-demo';
import { openFileJob } from '../api/src/catalogue/imports/file-job';
import { findJob } from '../api/src/catalogue/imports/jobs';
import { runImport } from '../api/src/catalogue/imports/runner';
import { IMPORT_BENCH_COLUMNS, importBenchLine } from './support/import-rows';

/**
 * Where a bulk import's time goes (issue 20): the import bench's file (BENCH_IMPORT_ROWS,
 * 100,000) imported in this process into an empty migrated SQLite catalogue (the demo's
 * categories, no products), as the server's first import of a shop: the bulk path. Each
 * statement the bulk load runs after its rows (rebuilds, full-text fills, index builds,
 * triggers) is timed by the clock and by the process's CPU (`process.cpuUsage`: the main
 * thread is idle meanwhile, so this is SQLite's thread), and the load's and the whole run's
 * CPU split into the main thread's (/proc) and the other threads'. Each step's line starts
 * with the resident memory at its end; steps under 50 ms are summed into one line.
 * IMPORT_PROFILE_KEEP=1 keeps the database (its path is printed) for experiments.
 * `nice -n 5 npx tsx --max-semi-space-size=16 --max-old-space-size=512
 * bench/import-bulk.profile.ts` (the server's heap flags, for its peak RSS). A diagnostic:
 * nothing in the product or `npm run bench` runs it.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SHOWN_MS = 50;

const USER_HZ = 100;
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}
const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

interface Mark {
  step: string;
  wallMs: number;
  cpuMs: number;
  mainCpuMs: number;
  rssMb: number;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-import-profile-'));
  const db = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db);
    await db.write((transaction) => db.sequelize.query('DELETE FROM products', { transaction }));
    const slugs = (
      await db.sequelize.query<{ slug: string }>('SELECT slug FROM categories ORDER BY slug', {
        type: QueryTypes.SELECT,
      })
    ).map((row) => row.slug);
    const file = path.join(dataDir, 'import.csv');
    const out = createWriteStream(file);
    out.write(`${IMPORT_BENCH_COLUMNS.join(',')}\r\n`);
    for (let n = 0; n < ROWS; n++) {
      if (!out.write(`${importBenchLine(n, slugs)}\r\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const run = await openFileJob(db, file, { userId: null, username: 'profile', ip: null });
    const load = os.loadavg()[0]!;
    const marks: Mark[] = [];
    const mark = (step: string) =>
      marks.push({
        step,
        wallMs: performance.now(),
        cpuMs: processCpuMs(),
        mainCpuMs: mainThreadCpuMs(),
        rssMb: Math.round(process.memoryUsage().rss / 1048576),
      });
    mark('start');
    await runImport(
      {
        db,
        onCatalogueChanged: () => undefined,
        onUnexpectedError: (error) => console.error(error),
        onBulkStep: mark,
      },
      run,
    );
    mark('commit, job end, words');
    const job = await findJob(db, run.id);
    const first = marks[0]!;
    const last = marks[marks.length - 1]!;
    const loaded = marks.findIndex((m) => m.step === 'load');
    const rows: [string, number, number][] = [];
    let small: [number, number, number] = [0, 0, 0];
    for (let i = 1; i < marks.length; i++) {
      const wall = marks[i]!.wallMs - marks[i - 1]!.wallMs;
      const cpu = marks[i]!.cpuMs - marks[i - 1]!.cpuMs;
      if (wall < SHOWN_MS && i !== loaded && i !== marks.length - 1) {
        small = [small[0] + 1, small[1] + wall, small[2] + cpu];
        continue;
      }
      rows.push([`${marks[i]!.rssMb} MB ${marks[i]!.step.slice(0, 90)}`, wall, cpu]);
    }
    rows.push([`${small[0]} shorter statements`, small[1], small[2]]);
    const after = (at: number) => [last.wallMs - at, last.cpuMs - marks[loaded]!.cpuMs];
    console.log(
      `\n== bulk import of ${ROWS} rows in process: ${job?.status}, ${job?.created} created, ${job?.failed} failed; load ${load.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)} ==`,
    );
    console.log(
      `total ${((last.wallMs - first.wallMs) / 1000).toFixed(1)} s wall, ${((last.cpuMs - first.cpuMs) / 1000).toFixed(1)} s CPU (main thread ${((last.mainCpuMs - first.mainCpuMs) / 1000).toFixed(1)} s); after the load ${(after(marks[loaded]!.wallMs)[0]! / 1000).toFixed(1)} s wall, ${(after(marks[loaded]!.wallMs)[1]! / 1000).toFixed(1)} s CPU; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
    // While the rows load, the main thread reads and plans the chunks and SQLite writes them
    // on libuv's pool (with V8's garbage collector on its own threads): wall time near the sum
    // of the two means they take turns rather than overlap.
    const [beforeLoad, atLoad] = [marks[loaded - 1]!, marks[loaded]!];
    const loadMain = atLoad.mainCpuMs - beforeLoad.mainCpuMs;
    const loadOthers = atLoad.cpuMs - beforeLoad.cpuMs - loadMain;
    console.log(
      `the load: ${((atLoad.wallMs - beforeLoad.wallMs) / 1000).toFixed(1)} s wall, main thread ${(loadMain / 1000).toFixed(1)} s of CPU, other threads ${(loadOthers / 1000).toFixed(1)} s`,
    );
    console.log('   wall s    CPU s  step');
    for (const [step, wall, cpu] of rows) {
      console.log(
        `${(wall / 1000).toFixed(2).padStart(8)} ${(cpu / 1000).toFixed(2).padStart(8)}  ${step}`,
      );
    }
  } finally {
    await db.close();
    if (process.env.IMPORT_PROFILE_KEEP) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
