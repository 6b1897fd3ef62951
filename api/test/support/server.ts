import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase, type TestDatabase, type TestDialect } from './databases';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-password-123';

export interface TestServer {
  running: RunningServer;
  url: string;
  close(): Promise<void>;
}

export function testConfig(database: TestDatabase, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      SESSION_SECRET: 'test-session-secret',
    }),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl,
    adminUsername: ADMIN_USERNAME,
    adminPassword: ADMIN_PASSWORD,
    ...overrides,
  };
}

export interface TestServerOptions {
  /**
   * Start from a copy of the demo database that the api project's global setup migrated and
   * seeded once (with the admin), instead of migrating and seeding a new one.
   */
  fromTemplate?: boolean;
}

export async function startTestServer(
  dialect: TestDialect,
  overrides: Partial<AppConfig> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const template = options.fromTemplate ? inject('databaseTemplates')[dialect] : undefined;
  const database = await createTestDatabase(dialect, template && { ...template, drop: noop });
  const running = await startServer({ config: testConfig(database, overrides), log: noop });
  return {
    running,
    url: `http://127.0.0.1:${running.port}`,
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}

const noop = async () => undefined;
