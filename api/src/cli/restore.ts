import path from 'node:path';
import { formatBytes, seconds } from '../operations/backup/format';
import { RestoreRefused, restoreBackup } from '../operations/backup/restore';
import { loadBackupSettings } from '../operations/backup/settings';
import { statSync } from 'node:fs';

const USAGE = `Usage: npm run restore -- <backup file>
Restores a backup made by "npm run backup" into an empty data folder (DATA_DIR) and, with
DATABASE_URL, an empty PostgreSQL database (create it first, e.g. "createdb diskonradar").
Checks every checksum and the schema version first; never overwrites anything.`;

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return argv.includes('--help') ? 0 : 2;
  }
  const file = path.resolve(argv[0]!);
  // Not loadConfig(): it would write a fresh session secret into the (empty) data folder.
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).');
    return 2;
  }
  const settings = loadBackupSettings(process.env, dataDir);
  console.log(
    `Restoring ${file} into ${databaseUrl ? 'the PostgreSQL database of DATABASE_URL and ' : ''}` +
      `the data folder ${dataDir}...`,
  );
  const { manifest, ms } = await restoreBackup(file, {
    databaseUrl,
    dataDir,
    backupDir: settings.dir,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, schema ` +
      `${manifest.schemaVersion}, ${formatBytes(statSync(file).size)}) in ${seconds(ms)}. ` +
      'Start the server with npm start.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof RestoreRefused
        ? `Restore refused: ${message}`
        : `Restore failed: ${message}`,
    );
    process.exit(1);
  },
);
