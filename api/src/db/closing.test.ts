import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './database';

let dataDir = '';
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface ConnectionManager {
  getConnection(options: { uuid: string }): Promise<unknown>;
}

/**
 * A SQLite connection still opening while the database closes (a request or a background job
 * at shutdown) is closed under it; the PRAGMAs run on every new connection then failed with
 * SQLITE_MISUSE through an 'error' event nothing handled: an uncaught exception that ends
 * the server process (and failed a CI run from a test that stops a server).
 */
it('a connection opening as the database closes throws nothing uncaught', async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'closing-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', record);
  try {
    const manager = db.sequelize.connectionManager as unknown as ConnectionManager;
    const opening = manager.getConnection({ uuid: 'opening-at-close' });
    await db.close();
    await opening.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    process.off('uncaughtException', record);
  }
  expect(uncaught.map(String)).toEqual([]);
});
