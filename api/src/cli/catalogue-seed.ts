import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedCatalogue } from '../seed/catalogue';

const USAGE = `Adds generated Indonesian products (titles, categories, links with prices) to the database
(DATABASE_URL, or SQLite in DATA_DIR), migrating it first.

  npm run catalogue:seed -- --products 100000 [--seed 42]

The same --seed gives the same titles, prices and dates; running again adds more products.
Into an empty catalogue the rows are loaded in bulk (triggers and indexes set aside, then
rebuilt: stop the servers on this database first); into one with products, through the
triggers, 1,000 at a time.`;

const MAX_PRODUCTS = 10_000_000;

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1 || number > MAX_PRODUCTS) {
    throw new Error(`--${name} must be a whole number from 1 to ${MAX_PRODUCTS}`);
  }
  return number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || values.products === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  let products: number;
  let seed: number;
  try {
    products = wholeNumber('products', values.products, 0);
    seed = wholeNumber('seed', values.seed, 42);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    // Wall time, and this process's CPU time (user + system, SQLite's work included; on a
    // shared machine the wall time is mostly the others' load).
    const elapsed = () => {
      const cpu = process.cpuUsage(cpuAtStart);
      const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
      return `${((performance.now() - started) / 1000).toFixed(1)} s, CPU ${cpuSeconds}`;
    };
    let reported = 0;
    const rate = (written: number) =>
      Math.round(written / Math.max(0.001, (performance.now() - started) / 1000));
    const result = await seedCatalogue(db, products, {
      seed,
      onProgress: (written) => {
        // A line per tenth of the run, so a long seed shows it is moving.
        if (written === products || written - reported >= Math.max(10_000, products / 10)) {
          reported = written;
          console.log(`[${elapsed()} s] ${written} products (${rate(written)} products/s)`);
        }
      },
      onPhase: (message) => console.log(`[${elapsed()} s] ${message}`),
    });
    console.log(
      `[${elapsed()} s] ${db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'PRAGMA optimize'}`,
    );
    // Fresh statistics for the planner; on PostgreSQL VACUUM also folds the trigram (GIN)
    // indexes' pending lists, which slow the admin search until autovacuum gets to them.
    await db.sequelize.query(db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'PRAGMA optimize');
    console.log(
      `Added ${result.products} products with ${result.links} links in ` +
        `${result.categoryIds.length} categories in ${elapsed()} s (${db.dialect}, ` +
        `${result.path === 'bulk' ? 'bulk load' : 'through the triggers'}).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
