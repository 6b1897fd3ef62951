import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

export type BackupEngine = 'sqlite' | 'postgres';

/** One member of the archive besides the manifest, with its sha256. */
export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** manifest.json, the archive's first member (docs/contracts.md, "Backups"). */
export interface BackupManifest {
  format: 'diskonradar-backup';
  formatVersion: 1;
  /** When the database snapshot was taken (ISO 8601, UTC). */
  createdAt: string;
  engine: BackupEngine;
  /** The last migration applied to the backed-up database. */
  schemaVersion: string;
  appVersion: string;
  files: ManifestFile[];
}

export const MANIFEST_NAME = 'manifest.json';
/** The database member: SQLite's file, or pg_dump's custom-format archive. */
export const DATABASE_MEMBER: Record<BackupEngine, string> = {
  sqlite: 'database.sqlite',
  postgres: 'database.pgdump',
};
/** Data-folder files (the generated secrets, uploads) live under this prefix in the archive. */
export const DATA_PREFIX = 'data/';

const FILE_NAME = /^diskonradar-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z)\.tar\.gz$/;

/** diskonradar-2026-11-25T19-40-00Z.tar.gz: sortable, and valid on every file system. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `diskonradar-${stamp}.tar.gz`;
}

/** The time in a backup's file name, or null when the name is not one of ours. */
export function backupFileTime(name: string): Date | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [date, time] = match[1]!.split('T') as [string, string];
  const [clock, rest] = [time.slice(0, 8).replace(/-/g, ':'), time.slice(8)];
  const parsed = new Date(`${date}T${clock}${rest.replace(/^-/, '.')}`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
