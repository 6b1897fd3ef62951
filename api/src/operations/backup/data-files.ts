import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const SQLITE_FILE = 'diskonradar.sqlite';

/**
 * The data-folder files a backup carries besides the database: the generated secrets
 * (session-secret) and whatever else the server keeps there. Left out: the SQLite file and
 * its WAL (copied by the online backup instead), the backups themselves, hidden work folders,
 * imports/ (an import's upload lives only while its job runs; a restored server fails
 * such jobs and deletes their uploads at start, docs/contracts.md "Backups") and feeds/ (a
 * feed run's download, spooled only while the run reads it; a restored server starts it again).
 */
export async function listDataFiles(dataDir: string, backupDir: string): Promise<string[]> {
  const skipped = new Set([
    SQLITE_FILE,
    `${SQLITE_FILE}-wal`,
    `${SQLITE_FILE}-shm`,
    `${SQLITE_FILE}-journal`,
    'imports',
    'feeds',
  ]);
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const folder = path.join(dataDir, relative);
    if (path.resolve(folder) === path.resolve(backupDir)) return;
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (relative === '' && skipped.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

export async function copyInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await copyFile(from, to);
}
