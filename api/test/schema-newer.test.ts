import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase, type TestDialect } from './support/databases';
import { ROOT } from './support/processes';

/**
 * A database migrated by a newer release (docs/operations.md, "Upgrades: expand, then
 * contract"): `npm start` and the CLIs that open the database refuse it with a message naming
 * the unknown migration, exit non-zero, and print no stack trace. `npm run reload` without a
 * running server says so.
 */
const FUTURE = '9999-from-a-newer-release';

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function envOf(database: TestDatabase): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    SESSION_SECRET: 'schema-newer-secret',
    SEED_DEMO: 'false',
  };
}

function expectRefusal(result: { code: number | null; output: string }) {
  expect(result.code, result.output).toBe(1);
  expect(result.output).toContain('migrated by a newer release');
  expect(result.output).toContain(FUTURE);
  expect(result.output).toMatch(/deploy that newer release .*or restore a backup/);
  expect(result.output).not.toMatch(/\n\s+at /);
  expect(result.output).not.toMatch(/serving at/);
}

function defineSuite(dialect: TestDialect) {
  describe(`a schema newer than this release (${dialect})`, { timeout: 120_000 }, () => {
    let database: TestDatabase | null = null;
    afterAll(() => database?.drop());

    it('npm start and npm run admin refuse it, naming the unknown migration', async () => {
      database = await createTestDatabase(dialect);
      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        await migrate(db);
        await db.sequelize.query('INSERT INTO schema_migrations (name) VALUES (:name)', {
          replacements: { name: FUTURE },
        });
      } finally {
        await db.close();
      }
      const [server, admin] = await Promise.all([
        run('api/src/cli/start.ts', [], envOf(database)),
        run('api/src/cli/admin.ts', ['list'], envOf(database)),
      ]);
      expectRefusal(server);
      expectRefusal(admin);
    });
  });
}

defineSuite('sqlite');
defineSuite('postgres');

describe('npm run reload without a running server', { timeout: 60_000 }, () => {
  it('says no server runs for this DATA_DIR and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-reload-'));
    try {
      const result = await run('api/src/cli/reload.ts', [], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        `No running DiskonRadar server found for DATA_DIR ${dataDir}`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
