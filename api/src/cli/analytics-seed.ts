import { parseArgs } from 'node:util';
import { generateTraffic } from '../seed/synthetic-traffic';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

const USAGE = `Fills the database (DATABASE_URL, or SQLite in DATA_DIR) with synthetic visitor traffic.

  npm run analytics:seed -- --events 1000000 [--sessions 100000] [--pageviews 500000] [--days 90] [--seed 1]

Defaults: sessions = events / 10, page views = events / 2, spread over the last 90 days.`;

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      sessions: { type: 'string' },
      pageviews: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || values.events === undefined) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = Date.now();
    const result = await generateTraffic(db, {
      events: positive('events', values.events) ?? 0,
      sessions: positive('sessions', values.sessions),
      pageViews: positive('pageviews', values.pageviews),
      days: positive('days', values.days),
      seed: positive('seed', values.seed),
      log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`),
    });
    console.log(
      `Stored ${result.sessions} sessions, ${result.pageViews} page views and ${result.events} events ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.dialect}).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
