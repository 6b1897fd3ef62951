import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupFileTime } from './manifest';

/** Our backup files in `dir`, oldest first (by the time in their names). */
export async function listBackups(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, time: backupFileTime(name) }))
    .filter((entry): entry is { name: string; time: Date } => entry.time !== null)
    .sort((a, b) => a.time.getTime() - b.time.getTime() || a.name.localeCompare(b.name))
    .map((entry) => entry.name);
}

/** Deletes all but the newest `keep` backups (BACKUP_KEEP); returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}
