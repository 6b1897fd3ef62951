import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, WAL_SIZE_LIMIT_BYTES } from './database';

let dataDir = '';
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A server keeps its connections open, so SQLite never deletes the WAL, it only starts it over.
 * Without a size limit the file stays as large as the largest transaction ever written (a bulk
 * import or a 1,000,000-product seed: 1.7 GB) for as long as the server runs.
 */
it('the WAL shrinks back after a transaction larger than its limit', async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wal-size-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  const wal = path.join(dataDir, 'diskonradar.sqlite-wal');
  try {
    await db.sequelize.query('CREATE TABLE wal_filler (body BLOB)');
    const rows = Math.ceil((WAL_SIZE_LIMIT_BYTES * 1.5) / 1_000);
    await db.write(async (transaction) => {
      await db.sequelize.query(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
         INSERT INTO wal_filler SELECT randomblob(1000) FROM n`,
        { transaction },
      );
    });
    expect(statSync(wal).size).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    // The next write after the commit's checkpoint starts the WAL over.
    await db.write(async (transaction) => {
      await db.sequelize.query("INSERT INTO wal_filler VALUES (x'00')", { transaction });
    });
    expect(statSync(wal).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
  } finally {
    await db.close();
  }
});
