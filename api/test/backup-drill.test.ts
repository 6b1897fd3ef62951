import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import type WebSocket from 'ws';
import type { ProductListResponse } from '@shared/types';
import { openDatabase, type Database } from '../src/db/database';
import { COLUMNS, csv, productRow } from '../src/catalogue/imports/test-support';
import { openTrackingSocket, pageviewMessage, sessionMessage, uniqueId } from './faults/support';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDatabase, type TestDialect } from './support/databases';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server';
import { ROOT, startServerProcess, waitFor, type ServerProcess } from './support/processes';

/**
 * The backup drill (docs/contracts.md, "Backups"): on each database, `npm run backup` runs
 * while a server imports products and stores a stream of tracking messages; the file is
 * restored into a fresh place, a server starts on it, and everything committed before the
 * backup began is there, the search finds what it found, and the admin signs in. Then the
 * refusals: a changed file, a newer schema, a target that is not empty.
 */

const BACKUP_CLI = path.join(ROOT, 'api/src/cli/backup.ts');
const RESTORE_CLI = path.join(ROOT, 'api/src/cli/restore.ts');

interface CliResult {
  code: number | null;
  output: string;
}

function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

function targetEnv(database: TestDatabase): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
}

/** Ids of every row of the tables the drill compares, as one read sees them. */
async function snapshot(database: TestDatabase): Promise<Record<string, Set<string>>> {
  const db: Database = await openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  });
  try {
    const tables = ['products', 'platform_links', 'analytics_sessions', 'page_views', 'users'];
    const result: Record<string, Set<string>> = {};
    await db.sequelize.transaction(async (transaction) => {
      for (const table of tables) {
        const [rows] = await db.sequelize.query(`SELECT id FROM ${table}`, { transaction });
        result[table] = new Set((rows as Array<{ id: unknown }>).map((row) => String(row.id)));
      }
    });
    return result;
  } finally {
    await db.close();
  }
}

async function signIn(url: string): Promise<TestClient> {
  const client = new TestClient(url);
  const res = await client.post('/api/admin/login', {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
  });
  expect(res.status).toBe(200);
  return client;
}

async function searchIds(url: string, words: string): Promise<string[]> {
  const res = await new TestClient(url).get<ProductListResponse>(
    `/api/products?page=1&limit=50&search=${encodeURIComponent(words)}`,
  );
  expect(res.status).toBe(200);
  return res.body.products.map((product) => String(product.id)).sort();
}

/** Tracking sockets sending session and page-view messages until stopped. */
function trackingStream(url: string, sockets: number) {
  let stopped = false;
  let sent = 0;
  const open: WebSocket[] = [];
  const runs = Array.from({ length: sockets }, async () => {
    const ws = await openTrackingSocket(url);
    open.push(ws);
    const sessionId = uniqueId('drill');
    ws.send(JSON.stringify(sessionMessage(sessionId)));
    for (let n = 0; !stopped; n += 1) {
      ws.send(JSON.stringify(pageviewMessage(sessionId, n)));
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    sent: () => sent,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
      for (const ws of open) ws.close();
    },
  };
}

async function repack(file: string, change: (dir: string) => void): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-repack-'));
  await tar.x({ file, cwd: dir });
  change(dir);
  const out = `${dir}.tar.gz`;
  await tar.c({ file: out, cwd: dir, gzip: true }, readdirSync(dir));
  rmSync(dir, { recursive: true, force: true });
  return out;
}

const dialects: TestDialect[] = ['sqlite', 'postgres'];

describe.each(dialects)('backup drill on %s', { timeout: 240_000 }, (dialect) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let server: ServerProcess;
  let restored: ServerProcess | undefined;
  let backupFile: string;
  let before: Record<string, Set<string>>;
  let foundBefore: string[];
  let cookieClient: TestClient;
  let marker: string;

  const serverEnv = (database: TestDatabase, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    ...targetEnv(database),
    ANALYTICS_FLUSH_MS: '50',
    ANALYTICS_SOCKET_RATE: '100000',
    ...extra,
  });

  beforeAll(async () => {
    source = await createTestDatabase(dialect);
    target = await createTestDatabase(dialect);
    // No SESSION_SECRET: the server generates one in the data folder, which the backup carries.
    server = await startServerProcess(
      serverEnv(source, { ADMIN_USERNAME, ADMIN_PASSWORD }),
      120_000,
    );
  }, 180_000);

  afterAll(async () => {
    await restored?.stop();
    await server?.stop();
    await source?.drop();
    await target?.drop();
  }, 60_000);

  it('backs up while an import and tracking messages are being written', async () => {
    const admin = await signIn(server.url);
    cookieClient = new TestClient(server.url);
    cookieClient.cloneCookiesFrom(admin);
    marker = `drill${uniqueId('x').slice(2)}`;
    const first = await admin.request<{ id: string }>('POST', '/api/admin/imports/products', {
      rawBody: csv(
        COLUMNS,
        Array.from({ length: 40 }, (_, n) => productRow(marker, n)),
      ),
      headers: { 'content-type': 'text/csv' },
    });
    expect(first.status).toBe(202);
    await waitFor(async () => {
      const res = await admin.get<{ status: string }>(`/api/admin/imports/${first.body.id}`);
      return res.body.status === 'done' ? true : undefined;
    }, 60_000);
    foundBefore = await searchIds(server.url, `Produk ${marker}`);
    expect(foundBefore).toHaveLength(40);

    // Writes that go on through the backup: a larger import and a stream of page views.
    const stream = trackingStream(server.url, 8);
    const second = await admin.request<{ id: string }>('POST', '/api/admin/imports/products', {
      rawBody: csv(
        COLUMNS,
        Array.from({ length: 3000 }, (_, n) => productRow(`later${marker}`, n)),
      ),
      headers: { 'content-type': 'text/csv' },
    });
    expect(second.status).toBe(202);
    await waitFor(() => (stream.sent() > 200 ? true : undefined), 30_000);

    before = await snapshot(source);
    const backup = await runCli(BACKUP_CLI, [], targetEnv(source));
    const sentDuringBackup = stream.sent();
    await stream.stop();
    expect(backup.output).toMatch(/Backup written: /);
    expect(backup.code).toBe(0);
    backupFile = /Backup written: (\S+) /.exec(backup.output)![1]!;
    expect(path.dirname(backupFile)).toBe(path.join(source.dataDir, 'backups'));
    expect(path.basename(backupFile)).toMatch(
      /^diskonradar-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/,
    );
    // The stream really ran while the backup did.
    expect(sentDuringBackup).toBeGreaterThan(before.page_views!.size);
    const after = await snapshot(source);
    expect(after.page_views!.size).toBeGreaterThan(before.page_views!.size);

    const members: string[] = [];
    await tar.t({ file: backupFile, onReadEntry: (entry) => members.push(entry.path) });
    expect(members[0]).toBe('manifest.json');
    expect(members).toContain(dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
    expect(members).toContain('data/session-secret');
  });

  it('restores into a fresh place where a server starts with everything committed before', async () => {
    const restore = await runCli(RESTORE_CLI, [backupFile], targetEnv(target));
    expect(restore.output).toMatch(/Restored the backup of /);
    expect(restore.code).toBe(0);
    // No admin settings: the admin and the session secret come from the backup.
    restored = await startServerProcess(serverEnv(target), 120_000);
    const now = await snapshot(target);
    for (const [table, ids] of Object.entries(before)) {
      const missing = [...ids].filter((id) => !now[table]!.has(id));
      expect({ table, missing: missing.length }).toEqual({ table, missing: 0 });
    }
    expect(await searchIds(restored.url, `Produk ${marker}`)).toEqual(foundBefore);
    await signIn(restored.url);
    // A session signed before the backup is still good: the secret was restored.
    const carried = new TestClient(restored.url);
    carried.cloneCookiesFrom(cookieClient);
    expect((await carried.get('/api/admin/me')).status).toBe(200);
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    // The running server's own database and data folder.
    const result = await runCli(RESTORE_CLI, [backupFile], targetEnv(source));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Restore refused: The data folder .* is not empty/);
    if (dialect === 'postgres') {
      const fresh = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-empty-'));
      const intoLiveDb = await runCli(RESTORE_CLI, [backupFile], {
        DATA_DIR: fresh,
        DATABASE_URL: source.databaseUrl!,
      });
      expect(intoLiveDb.code).toBe(1);
      expect(intoLiveDb.output).toMatch(
        /Restore refused: The target database already has \d+ tables/,
      );
      expect(readdirSync(fresh)).toEqual([]);
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses a changed file, a damaged one and a newer schema, restoring nothing', async () => {
    const empty = await createTestDatabase(dialect);
    try {
      const tampered = await repack(backupFile, (dir) =>
        writeFileSync(path.join(dir, 'data/session-secret'), 'someone else'),
      );
      const changed = await runCli(RESTORE_CLI, [tampered], targetEnv(empty));
      expect(changed.code).toBe(1);
      expect(changed.output).toMatch(/Checksum mismatch for data\/session-secret/);

      const bytes = readFileSync(backupFile);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = bytes[middle]! ^ 0xff;
      const damagedFile = `${tampered}.damaged.tar.gz`;
      writeFileSync(damagedFile, bytes);
      const damaged = await runCli(RESTORE_CLI, [damagedFile], targetEnv(empty));
      expect(damaged.code).toBe(1);
      expect(damaged.output).toMatch(/Restore refused: (The file is damaged|Checksum mismatch)/);

      const newer = await repack(backupFile, (dir) => {
        const file = path.join(dir, 'manifest.json');
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        writeFileSync(file, JSON.stringify({ ...manifest, schemaVersion: '9999-from-the-future' }));
      });
      const future = await runCli(RESTORE_CLI, [newer], targetEnv(empty));
      expect(future.code).toBe(1);
      expect(future.output).toMatch(/schema \(9999-from-the-future\) is newer than this release/);

      for (const file of [tampered, damagedFile, newer]) rmSync(file, { force: true });
      expect(readdirSync(empty.dataDir)).toEqual([]);
      if (empty.databaseUrl) {
        const db = await openDatabase({ databaseUrl: empty.databaseUrl, dataDir: empty.dataDir });
        const [rows] = await db.sequelize.query(
          "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'",
        );
        await db.close();
        expect(Number((rows as Array<{ n: unknown }>)[0]!.n)).toBe(0);
      }
    } finally {
      await empty.drop();
    }
  });

  it('takes scheduled backups in the server and keeps the newest BACKUP_KEEP', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-scheduled-'));
    await restored?.stop();
    // 0.0005 h: a backup every 1.8 s.
    restored = await startServerProcess(
      serverEnv(target, { BACKUP_DIR: dir, BACKUP_INTERVAL_HOURS: '0.0005', BACKUP_KEEP: '2' }),
      120_000,
    );
    const server = restored;
    const pruned = await waitFor(
      () => (/\[backup\] deleted 1 older/.test(server.output()) ? true : undefined),
      90_000,
      200,
    );
    expect(server.output()).toMatch(/\[backup\] wrote /);
    expect(pruned).toBe(true);
    const files = readdirSync(dir).filter((name) => name.endsWith('.tar.gz'));
    expect(files.length).toBeLessThanOrEqual(2);
    rmSync(dir, { recursive: true, force: true });
  });

  if (dialect === 'postgres') {
    it('names the missing tool when pg_dump is not there, and an outdated one', async () => {
      const result = await runCli(BACKUP_CLI, [], {
        ...targetEnv(source),
        PG_BIN_DIR: '/nonexistent/postgresql/bin',
      });
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/Backup failed: pg_dump was not found/);

      // A pg_dump older than the server is refused before it runs.
      const bin = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-old-pg-'));
      writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', {
        mode: 0o755,
      });
      const old = await runCli(BACKUP_CLI, [], { ...targetEnv(source), PG_BIN_DIR: bin });
      rmSync(bin, { recursive: true, force: true });
      expect(old.code).toBe(1);
      expect(old.output).toMatch(
        /Backup failed: pg_dump is version 9 but the PostgreSQL server is version \d+/,
      );
    });
  }
});
