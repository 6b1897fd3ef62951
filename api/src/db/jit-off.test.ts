import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/databases';
import { openDatabase } from './database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(() => database.drop());

async function jitOf(databaseUrl: string): Promise<string> {
  const db = await openDatabase({ databaseUrl, dataDir: '', applicationName: 'jit-test' });
  try {
    const row = await db.sequelize.query<{ jit: string; application_name: string }>(
      'SELECT current_setting($1) AS jit, current_setting($2) AS application_name',
      { bind: ['jit', 'application_name'], plain: true, type: QueryTypes.SELECT },
    );
    expect(row?.application_name).toBe('jit-test');
    return row?.jit ?? '';
  } finally {
    await db.close();
  }
}

/**
 * The server's PostgreSQL connections never JIT-compile a plan (the server's default is on),
 * and an operator's `options` in DATABASE_URL still wins.
 */
it('connects to PostgreSQL with JIT off unless DATABASE_URL says otherwise', async () => {
  const url = database.databaseUrl ?? '';
  expect(await jitOf(url)).toBe('off');
  expect(await jitOf(`${url}?options=${encodeURIComponent('-c jit=on')}`)).toBe('on');
});
