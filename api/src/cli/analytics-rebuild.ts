import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { rebuildAllRollups } from '../analytics';

/**
 * `npm run analytics:rebuild`: recomputes every analytics rollup (hourly figures, the staff
 * reports' daily visits and products) from the raw rows of the configured database
 * (DATABASE_URL, or SQLite in DATA_DIR). Idempotent; run it with the server stopped or
 * running (one transaction).
 */
async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = Date.now();
    await rebuildAllRollups(db);
    console.log(
      `Rebuilt the analytics rollups in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.dialect}).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
