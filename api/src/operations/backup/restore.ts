import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { migrations } from '../../db/migrate';
import { STARTUP_LOCK_KEY } from '../../db/startup-lock';
import { SQLITE_FILE } from './data-files';
import {
  DATA_PREFIX,
  DATABASE_MEMBER,
  MANIFEST_NAME,
  sha256File,
  type BackupEngine,
  type BackupManifest,
} from './manifest';
import { checkToolVersion, connectionArgs, runTool, toolFailure } from './postgres-tools';

/** A restore that must not go ahead; the message tells the operator why and what to do. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** postgres:// URL of an empty database, or null for SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** BACKUP_DIR: may sit inside the data folder, which still counts as empty then. */
  backupDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  ms: number;
}

/** The data folder holds nothing but (perhaps) the backups folder. */
async function checkDataFolderEmpty(target: RestoreTarget): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(target.dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const others = entries.filter(
    (name) => path.resolve(target.dataDir, name) !== path.resolve(target.backupDir),
  );
  if (others.length === 0) return;
  const holdsDatabase = others.includes(SQLITE_FILE);
  throw new RestoreRefused(
    `The data folder ${target.dataDir} is not empty (${others.slice(0, 5).join(', ')}` +
      `${others.length > 5 ? ', ...' : ''}). ` +
      (holdsDatabase && !target.databaseUrl
        ? 'It holds a database, perhaps one a running server uses. '
        : '') +
      'A restore never overwrites: stop the server and restore into an empty folder ' +
      '(set DATA_DIR to a new folder, or move the old contents away).',
  );
}

/** The PostgreSQL database exists, has no tables, and no other session or start-up holds it. */
async function checkDatabaseEmpty(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new RestoreRefused(
      `Cannot connect to the target database (${(error as Error).message}). ` +
        'Create an empty database first (e.g. "createdb diskonradar") and point DATABASE_URL at it.',
    );
  }
  try {
    const { rows: tables } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_catalog.pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(tables[0]!.count) > 0) {
      throw new RestoreRefused(
        `The target database already has ${tables[0]!.count} tables. A restore never ` +
          'overwrites: create an empty database and point DATABASE_URL at it.',
      );
    }
    const { rows: lock } = await client.query<{ free: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS free',
      [STARTUP_LOCK_KEY],
    );
    if (!lock[0]!.free) {
      throw new RestoreRefused('A server is starting on the target database: stop it first.');
    }
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    const { rows: sessions } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (Number(sessions[0]!.count) > 0) {
      throw new RestoreRefused(
        `${sessions[0]!.count} other connection(s) use the target database: stop the server ` +
          '(and anything else connected) first.',
      );
    }
  } finally {
    await client.end();
  }
}

async function listMembers(root: string, relative = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listMembers(root, name)));
    else found.push(name);
  }
  return found;
}

/** Checks the manifest and every member's sha256; the archive is extracted in `staging`. */
async function verify(staging: string, engine: BackupEngine): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(
      await readFile(path.join(staging, MANIFEST_NAME), 'utf8'),
    ) as BackupManifest;
  } catch {
    throw new RestoreRefused('This is not a DiskonRadar backup: it has no readable manifest.');
  }
  if (manifest.format !== 'diskonradar-backup' || manifest.formatVersion !== 1) {
    throw new RestoreRefused('This is not a DiskonRadar backup this release can read.');
  }
  // Names are ours: the database member or data/<relative path>, never leaving the folder.
  const unsafe = manifest.files.find(
    (file) =>
      !(file.name === DATABASE_MEMBER[manifest.engine] || file.name.startsWith(DATA_PREFIX)) ||
      path.isAbsolute(file.name) ||
      file.name.split(/[\\/]/).includes('..'),
  );
  if (unsafe) throw new RestoreRefused(`The backup lists a file it may not: ${unsafe.name}.`);
  const listed = new Set(manifest.files.map((file) => file.name));
  const extra = (await listMembers(staging)).filter(
    (name) => name !== MANIFEST_NAME && !listed.has(name),
  );
  if (extra.length > 0) {
    throw new RestoreRefused(
      `The backup holds files its manifest does not list: ${extra.join(', ')}.`,
    );
  }
  for (const file of manifest.files) {
    const member = path.join(staging, file.name);
    if (!existsSync(member)) {
      throw new RestoreRefused(`The backup is incomplete: ${file.name} is missing.`);
    }
    if ((await sha256File(member)) !== file.sha256) {
      throw new RestoreRefused(
        `Checksum mismatch for ${file.name}: the backup file was changed or damaged. Nothing was restored.`,
      );
    }
  }
  if (manifest.engine !== engine) {
    throw new RestoreRefused(
      `This is a ${manifest.engine} backup but the target is ${engine} ` +
        `(${engine === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}).`,
    );
  }
  if (!migrations.some((migration) => migration.name === manifest.schemaVersion)) {
    throw new RestoreRefused(
      `The backup's schema (${manifest.schemaVersion}) is newer than this release knows ` +
        `(up to ${migrations.at(-1)!.name}): restore it with the release that made it, or a newer one.`,
    );
  }
  return manifest;
}

async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let version: number;
  try {
    const { rows } = await client.query<{ version: number }>(
      "SELECT current_setting('server_version_num')::int AS version",
    );
    version = rows[0]!.version;
  } finally {
    await client.end();
  }
  await checkToolVersion('pg_restore', version);
  const { dbname, env } = connectionArgs(databaseUrl);
  // One transaction: a failed restore leaves the database empty, ready for another try.
  const result = await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      dump,
    ],
    env,
  );
  if (result.code !== 0) throw toolFailure('pg_restore', result);
}

/**
 * Restores a backup file (docs/contracts.md, "Backups") into an empty data folder and, on
 * PostgreSQL, an empty database: checks the target first, then extracts into a hidden folder
 * and verifies the manifest, every checksum, the engine and the schema version before
 * anything is put in place.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const started = Date.now();
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const engine: BackupEngine = target.databaseUrl ? 'postgres' : 'sqlite';
  await checkDataFolderEmpty(target);
  if (target.databaseUrl) await checkDatabaseEmpty(target.databaseUrl);
  await mkdir(target.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    try {
      await tar.x({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new RestoreRefused(
        `The file is damaged or not a DiskonRadar backup (${(error as Error).message}). Nothing was restored.`,
      );
    }
    const manifest = await verify(staging, engine);
    const database = path.join(staging, DATABASE_MEMBER[engine]);
    if (target.databaseUrl) await restorePostgres(target.databaseUrl, database);
    else await rename(database, path.join(target.dataDir, SQLITE_FILE));
    for (const member of manifest.files) {
      if (!member.name.startsWith(DATA_PREFIX)) continue;
      const destination = path.join(target.dataDir, member.name.slice(DATA_PREFIX.length));
      await mkdir(path.dirname(destination), { recursive: true });
      await rename(path.join(staging, member.name), destination);
    }
    return { manifest, ms: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
