import { loadConfig } from '../config';
import { createBackup } from '../operations/backup/create';
import { formatBytes, seconds } from '../operations/backup/format';
import { pruneBackups } from '../operations/backup/prune';
import { loadBackupSettings } from '../operations/backup/settings';

const USAGE = `Usage: npm run backup
Writes one backup file (database, data-folder files and secrets, with checksums) into
BACKUP_DIR (default DATA_DIR/backups) while the server keeps running, then keeps the newest
BACKUP_KEEP (default 14). Restore with: npm run restore -- <file>`;

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    console.error(USAGE);
    return argv.includes('--help') ? 0 : 2;
  }
  const config = loadConfig();
  const settings = loadBackupSettings(process.env, config.dataDir);
  console.log(`Backing up the ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} database...`);
  const result = await createBackup({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    dir: settings.dir,
  });
  console.log(
    `Backup written: ${result.file} (${formatBytes(result.bytes)}, schema ` +
      `${result.manifest.schemaVersion}, ${result.manifest.files.length} files, ${seconds(result.ms)}).`,
  );
  const pruned = await pruneBackups(settings.dir, settings.keep);
  if (pruned.length > 0) {
    console.log(
      `Deleted ${pruned.length} older backup(s) (BACKUP_KEEP=${settings.keep}): ${pruned.join(', ')}`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
