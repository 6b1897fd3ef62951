import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../api/src/config';
import { startServer } from '../api/src/server';
import { serverLogPath } from './server-log';

/** The geolocation service the pages call; tests answer it with page.route(). */
export const E2E_GEO_URL = 'https://geo.e2e.test/json/';

/** The settings of an e2e server over its own data folder: the demo admin, the test geo service. */
export function e2eServerConfig(dataDir: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin12345',
    GEO_LOOKUP_URL: E2E_GEO_URL,
    ...extra,
  });
}

/**
 * Starts ONE server on a random free port with a fresh temporary database (demo data seeded),
 * for every spec. It builds nothing: run `npm run build` first.
 */
export default async function globalSetup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const file of ['dist/web/index.html', 'dist/web/admin.html', 'dist/ssr/entry-server.js']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the e2e tests.`);
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-'));
  // The feed fetch reads its policy from the environment: e2e/admin/feeds.spec.ts serves its
  // feed from a loopback server of its own.
  process.env.FETCH_ALLOW_PRIVATE = 'true';
  const config = e2eServerConfig(dataDir, {
    // Playwright's request client reuses idle connections without retrying one the server has
    // just closed (a browser retries): keep them open longer than its reuse, as behind a proxy.
    KEEP_ALIVE_TIMEOUT_MS: '65000',
    // e2e/admin/feeds.spec.ts serves its feed from a loopback server of its own.
    FETCH_ALLOW_PRIVATE: 'true',
  });
  const serverLog = createWriteStream(serverLogPath(dataDir), { flags: 'a' });
  const server = await startServer({
    config,
    log: (line) => serverLog.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${server.port}`;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    // A graceful close waits for open sockets; after 10 s the remaining ones are cut.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), 10_000);
    });
    const result = await Promise.race([server.close().then(() => 'closed' as const), timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      console.warn('e2e server did not close within 10 s; closing its connections');
      server.server.closeAllConnections();
    }
    await new Promise<void>((resolve) => serverLog.end(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
