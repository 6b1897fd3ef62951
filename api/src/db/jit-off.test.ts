import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases';
import { openDatabase } from './database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(() => database.drop());

async function settingsOf(databaseUrl: string): Promise<{ jit: string; workers: string }> {
  const db = await openDatabase({ databaseUrl, dataDir: '', applicationName: 'jit-test' });
  try {
    const row = await db.sequelize.query<{ jit: string; workers: string; name: string }>(
      `SELECT current_setting($1) AS jit, current_setting($2) AS workers,
        current_setting($3) AS name`,
      {
        bind: ['jit', 'max_parallel_workers_per_gather', 'application_name'],
        plain: true,
        type: QueryTypes.SELECT,
      },
    );
    expect(row?.name).toBe('jit-test');
    return { jit: row?.jit ?? '', workers: row?.workers ?? '' };
  } finally {
    await db.close();
  }
}

/**
 * The server's PostgreSQL connections never JIT-compile a plan nor start parallel workers (the
 * server's defaults are on and 2), and an operator's `options` in DATABASE_URL still wins.
 */
it('connects to PostgreSQL with JIT and parallel workers off unless DATABASE_URL says otherwise', async () => {
  const url = database.databaseUrl ?? '';
  expect(await settingsOf(url)).toEqual({ jit: 'off', workers: '0' });
  const own = encodeURIComponent('-c jit=on -c max_parallel_workers_per_gather=1');
  expect(await settingsOf(`${url}?options=${own}`)).toEqual({ jit: 'on', workers: '1' });
});
