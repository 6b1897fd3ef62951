/**
 * `npm run bench -- backup`: `npm run backup` and `npm run restore` at 100,000 products and
 * 1,000,000 analytics events, on SQLite and on PostgreSQL (docs/contracts.md, "Backups"):
 * wall time of each command (a child process, as an operator runs it), the backup file's
 * size and the database's size. Scratch data folders and databases are dropped afterwards.
 *
 *   npx tsx bench/backup.bench.ts [sqlite|postgres]   (both without an argument)
 *
 * BENCH_BACKUP_PRODUCTS and BENCH_BACKUP_EVENTS scale the data (defaults as above).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedCatalogue } from '../api/src/seed/catalogue';
import { generateTraffic } from '../api/src/seed/synthetic-traffic';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';
import { ROOT } from './support/processes';

const PRODUCTS = Number(process.env.BENCH_BACKUP_PRODUCTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_BACKUP_EVENTS ?? 1_000_000);

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Runs a CLI to its end; wall time in seconds, or throws with its output. */
function timeCli(script: string, args: string[], env: Record<string, string>): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) => {
      console.log(output.trim());
      if (code === 0) resolve(Math.round((Date.now() - started) / 100) / 10);
      else reject(new Error(`${path.basename(script)} exited with ${code}`));
    }),
  );
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(dir, entry.name)).size, 0);
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const source = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-backup-'));
  const target = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-restore-'));
  const sourcePg = dialect === 'postgres' ? await createScratchPostgres('backup_src') : null;
  const targetPg = dialect === 'postgres' ? await createScratchPostgres('backup_dst') : null;
  try {
    const db = await openDatabase({ databaseUrl: sourcePg?.url ?? null, dataDir: source });
    let databaseBytes: number;
    try {
      await migrate(db);
      await seedCatalogue(db, PRODUCTS);
      await generateTraffic(db, { events: EVENTS });
      if (dialect === 'postgres') {
        const [rows] = await db.sequelize.query(
          'SELECT pg_database_size(current_database()) AS bytes',
        );
        databaseBytes = Number((rows as Array<{ bytes: unknown }>)[0]!.bytes);
      } else databaseBytes = 0;
    } finally {
      await db.close();
    }
    if (dialect === 'sqlite') databaseBytes = folderBytes(source);
    const sourceEnv = { DATA_DIR: source, ...(sourcePg ? { DATABASE_URL: sourcePg.url } : {}) };
    const targetEnv = { DATA_DIR: target, ...(targetPg ? { DATABASE_URL: targetPg.url } : {}) };
    const backupS = await timeCli(path.join(ROOT, 'api/src/cli/backup.ts'), [], sourceEnv);
    const dir = path.join(source, 'backups');
    const file = path.join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.tar.gz'))!,
    );
    const restoreS = await timeCli(path.join(ROOT, 'api/src/cli/restore.ts'), [file], targetEnv);
    const result = {
      products: PRODUCTS,
      events: EVENTS,
      databaseMb: mb(databaseBytes),
      backupFileMb: mb(statSync(file).size),
      backupS,
      restoreS,
    };
    console.log(`backup ${dialect}:`, result);
    return result;
  } finally {
    rmSync(source, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
    await sourcePg?.drop();
    await targetPg?.drop();
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_BACKUP_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    (results) => console.log(JSON.stringify(results, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
