import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The SQLite file inside a data directory (the server's default name). */
const SQLITE_FILE = 'diskonradar.sqlite';

export interface TestDatabase {
  dataDir: string;
  databaseUrl: string | null;
  /** The PostgreSQL database's name (null on SQLite). */
  name: string | null;
  drop(): Promise<void>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database: a new SQLite file, or a new PostgreSQL database dropped afterwards. Given
 * a template (a closed database already migrated and seeded), it starts as a copy of it.
 */
export async function createTestDatabase(
  dialect: TestDialect,
  template?: TestDatabase,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    // A cleanly closed database has folded its WAL into the file; copy a leftover one anyway.
    for (const file of template ? [SQLITE_FILE, `${SQLITE_FILE}-wal`] : []) {
      const source = path.join(template!.dataDir, file);
      if (existsSync(source)) copyFileSync(source, path.join(dataDir, file));
    }
    return { dataDir, databaseUrl: null, name: null, drop: async () => removeDir() };
  }
  const name = `diskonradar_test_${randomBytes(6).toString('hex')}`;
  const from = template?.name ? ` TEMPLATE ${template.name}` : '';
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}${from}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    name,
    drop: async () => {
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      removeDir();
    },
  };
}
