import { loadConfig, type AppConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase, type TestDialect } from './databases';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-password-123';

export interface TestServer {
  running: RunningServer;
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(
  dialect: TestDialect,
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const config: AppConfig = {
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
  const running = await startServer({ config, log: () => undefined });
  return {
    running,
    url: `http://127.0.0.1:${running.port}`,
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}
