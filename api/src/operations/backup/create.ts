import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { appVersion } from '../../app-version';
import { copyInto, listDataFiles, SQLITE_FILE } from './data-files';
import {
  backupFileName,
  DATA_PREFIX,
  DATABASE_MEMBER,
  MANIFEST_NAME,
  sha256File,
  type BackupEngine,
  type BackupManifest,
  type ManifestFile,
} from './manifest';
import { dumpPostgres } from './postgres-dump';
import { copySqliteOnline, sqliteSchemaVersion } from './sqlite-copy';

export interface BackupSource {
  /** postgres:// URL, or null for the SQLite file in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** BACKUP_DIR. */
  dir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** Wall time of the whole backup. */
  ms: number;
}

/** A name not taken yet: two backups within one second get the milliseconds too. */
function freshName(dir: string, at: Date): string {
  const plain = backupFileName(at);
  if (!existsSync(path.join(dir, plain))) return plain;
  return plain.replace(
    /Z\.tar\.gz$/,
    `-${String(at.getUTCMilliseconds()).padStart(3, '0')}Z.tar.gz`,
  );
}

/**
 * Writes one backup file into `dir` (docs/contracts.md, "Backups"): the database as of one
 * moment, the data-folder files and a manifest with each member's sha256, as a gzipped tar.
 * Members are staged in a hidden folder inside `dir`, checksummed there and streamed into
 * the archive, which takes its final name only when complete; nothing is held in memory.
 */
export async function createBackup(source: BackupSource): Promise<BackupResult> {
  const started = Date.now();
  await mkdir(source.dir, { recursive: true });
  const staging = await mkdtemp(path.join(source.dir, '.partial-'));
  try {
    const engine: BackupEngine = source.databaseUrl ? 'postgres' : 'sqlite';
    const databaseMember = DATABASE_MEMBER[engine];
    const databaseCopy = path.join(staging, databaseMember);
    let createdAt: Date;
    let schemaVersion: string;
    if (source.databaseUrl) {
      const dump = await dumpPostgres(source.databaseUrl, databaseCopy);
      createdAt = dump.takenAt;
      schemaVersion = dump.schemaVersion;
    } else {
      const database = path.join(source.dataDir, SQLITE_FILE);
      if (!existsSync(database)) {
        throw new Error(`There is no database at ${database}: nothing to back up.`);
      }
      createdAt = new Date();
      await copySqliteOnline(database, databaseCopy);
      schemaVersion = await sqliteSchemaVersion(databaseCopy);
    }
    const dataFiles = await listDataFiles(source.dataDir, source.dir);
    for (const file of dataFiles) {
      await copyInto(path.join(source.dataDir, file), path.join(staging, DATA_PREFIX + file));
    }
    const members = [databaseMember, ...dataFiles.map((file) => DATA_PREFIX + file)];
    const files: ManifestFile[] = [];
    for (const name of members) {
      const file = path.join(staging, name);
      files.push({ name, bytes: (await stat(file)).size, sha256: await sha256File(file) });
    }
    const manifest: BackupManifest = {
      format: 'diskonradar-backup',
      formatVersion: 1,
      createdAt: createdAt.toISOString(),
      engine,
      schemaVersion,
      appVersion: appVersion(),
      files,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${staging}.tar.gz`;
    // Level 1: most of the gain of gzip on database pages at a fraction of the CPU
    // (a pg_dump archive is compressed already).
    await tar.c({ file: partial, cwd: staging, gzip: { level: 1 }, portable: true }, [
      MANIFEST_NAME,
      ...members,
    ]);
    const file = path.join(source.dir, freshName(source.dir, createdAt));
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest, ms: Date.now() - started };
  } catch (error) {
    await rm(`${staging}.tar.gz`, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
