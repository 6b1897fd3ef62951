/**
 * Imports cut short (issue 19.5): a process that died leaves jobs `running` and its uploads
 * on disk, which the next start cleans up; a graceful stop ends a running import after its
 * chunk, audited, never left running.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ImportJob } from '@shared/rules/product-csv';
import { DIALECTS } from '../../../test/support/api';
import { TestClient } from '../../../test/support/client';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { unique } from '../../../test/support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, testConfig } from '../../../test/support/server';
import { toDbTimestamp } from '../../db/timestamps';
import { openDatabase, type Database } from '../../db/database';
import { ftsAsideFile } from '../../seed/fts-aside';
import { startServer, type RunningServer } from '../../server';
import { insertJob, STALE_JOB_MESSAGE, STALE_JOB_MS } from './jobs';
import { stoppedMessage } from './runner';
import { uploadsDir } from './service';
import { COLUMNS, csv, productRow } from './test-support';

const DAY_MS = 24 * 60 * 60_000;
const ACTOR = { userId: null, username: 'admin', ip: null };

async function signedIn(server: RunningServer): Promise<TestClient> {
  const client = new TestClient(`http://127.0.0.1:${server.port}`);
  const login = await client.post('/api/admin/login', {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
  });
  expect(login.status).toBe(200);
  return client;
}

async function jobRow(db: Database, id: string) {
  const [row] = await db.sequelize.query<{ status: string; message: string | null }>(
    `SELECT status, message FROM import_jobs WHERE id = ?`,
    { replacements: [id], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** A job as a process that died would leave it, `updatedAt` moved back by `ageMs`. */
async function leftJob(db: Database, status: string, ageMs: number): Promise<string> {
  const id = randomUUID();
  await insertJob(db, {
    id,
    dryRun: true,
    actor: ACTOR,
    fileSize: 10,
    headers: ['sku'],
    errors: [],
  });
  await db.sequelize.query(`UPDATE import_jobs SET status = ?, "updatedAt" = ? WHERE id = ?`, {
    replacements: [status, toDbTimestamp(Date.now() - ageMs), id],
  });
  return id;
}

function leftFile(dataDir: string, id: string, ageMs: number): string {
  const dir = uploadsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${id}.csv`);
  writeFileSync(file, 'sku\nA\n');
  const then = new Date(Date.now() - ageMs);
  utimesSync(file, then, then);
  return file;
}

for (const dialect of DIALECTS) {
  describe(`imports cut short (${dialect})`, () => {
    const databases: TestDatabase[] = [];
    const servers: RunningServer[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(databases.map((database) => database.drop()));
    });

    async function freshDatabase() {
      const database = await createTestDatabase(dialect, {
        ...inject('databaseTemplates')[dialect],
        drop: async () => undefined,
      });
      databases.push(database);
      return database;
    }

    async function start(database: TestDatabase) {
      const server = await startServer({ config: testConfig(database), log: () => undefined });
      servers.push(server);
      return server;
    }

    it('start-up fails the jobs a dead process left running, removes its uploads and purges old jobs', async () => {
      const database = await freshDatabase();
      const first = await start(database);
      // On SQLite the new process is the only one: any running job is dead. On PostgreSQL
      // another worker may be running it, so only a job quiet for STALE_JOB_MS is.
      const dead = await leftJob(first.db, 'running', STALE_JOB_MS + 60_000);
      const old = await leftJob(first.db, 'done', 8 * DAY_MS);
      const recent = await leftJob(first.db, 'done', DAY_MS);
      await first.db.sequelize.query(
        `INSERT INTO import_job_failures ("jobId", row, reason, cells) VALUES (?, 2, 'x', '[]')`,
        { replacements: [old] },
      );
      await first.close();
      servers.splice(servers.indexOf(first), 1);
      const deadUpload = leftFile(database.dataDir, dead, STALE_JOB_MS + 60_000);
      const orphan = leftFile(database.dataDir, randomUUID(), STALE_JOB_MS + 60_000);
      // A bulk import's scratch file beside the SQLite database, left by a crash mid-load.
      const scratch = dialect === 'sqlite' ? ftsAsideFile(first.db) : null;
      if (scratch) {
        writeFileSync(scratch, 'left');
        writeFileSync(`${scratch}-journal`, 'left');
      }

      const second = await start(database);
      if (scratch) {
        expect(existsSync(scratch)).toBe(false);
        expect(existsSync(`${scratch}-journal`)).toBe(false);
      }
      expect(await jobRow(second.db, dead)).toEqual({
        status: 'failed',
        message: STALE_JOB_MESSAGE,
      });
      expect(existsSync(deadUpload)).toBe(false);
      expect(existsSync(orphan)).toBe(false);
      expect(await jobRow(second.db, old)).toBeNull();
      expect(await jobRow(second.db, recent)).toMatchObject({ status: 'done' });
      const failures = await second.db.sequelize.query(
        `SELECT id FROM import_job_failures WHERE "jobId" = ?`,
        { replacements: [old], type: QueryTypes.SELECT },
      );
      expect(failures).toEqual([]);
    });

    it('a graceful stop ends a running import after its chunk: audited, not left running', async () => {
      const database = await freshDatabase();
      const server = await start(database);
      const admin = await signedIn(server);
      const marker = `henti${unique()}`;
      const rows = Array.from({ length: 6_000 }, (_, n) => productRow(marker, n));
      const res = await admin.request<{ id: string }>('POST', '/api/admin/imports/products', {
        rawBody: csv(COLUMNS, rows),
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.status).toBe(202);
      const { id } = res.body;
      for (let attempt = 0; attempt < 500; attempt++) {
        const job = await admin.get<ImportJob>(`/api/admin/imports/${id}`);
        if (job.body.processedRows > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await server.close();
      servers.splice(servers.indexOf(server), 1);

      // The stopped server's database, read from outside it.
      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        const [job] = await db.sequelize.query<{
          status: string;
          message: string;
          processedRows: number | string;
          created: number | string;
        }>(`SELECT status, message, "processedRows", created FROM import_jobs WHERE id = ?`, {
          replacements: [id],
          type: QueryTypes.SELECT,
        });
        const processed = Number(job!.processedRows);
        expect(processed).toBeGreaterThan(0);
        expect(processed).toBeLessThan(rows.length);
        expect(job).toMatchObject({ status: 'failed', message: stoppedMessage(processed) });
        const [products] = await db.sequelize.query<{ count: number | string }>(
          `SELECT COUNT(*) AS count FROM products WHERE sku LIKE ?`,
          { replacements: [`${marker}-%`], type: QueryTypes.SELECT },
        );
        expect(Number(products?.count)).toBe(Number(job!.created));
        const audit = await db.sequelize.query<{ summary: string }>(
          `SELECT summary FROM audit_log WHERE "entityId" = ? ORDER BY id`,
          { replacements: [id], type: QueryTypes.SELECT },
        );
        expect(audit.map((entry) => entry.summary)).toEqual([
          'Impor CSV produk dimulai',
          `Impor CSV produk: ${job!.created} dibuat, 0 diubah, 0 tidak berubah, 0 gagal ` +
            '(dihentikan: server berhenti)',
        ]);
        expect(existsSync(path.join(uploadsDir(database.dataDir), `${id}.csv`))).toBe(false);
      } finally {
        await db.close();
      }
    });
  });
}
