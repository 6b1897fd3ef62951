// `npm run search:postings`: on PostgreSQL, chooses again which common words the search posts
// (api/src/catalogue/search/posted-words.ts) and rebuilds their postings. Writes to the
// catalogue wait while it runs (about 30 s at 1,000,000 products). Nothing to do on SQLite.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { choosePostedWords } from '../catalogue/search/posted-words';

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = Date.now();
    const chosen = await choosePostedWords(db);
    if (!chosen) {
      console.log('SQLite reads every search tier from its own full-text tables: nothing to do.');
      return 0;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Posted ${chosen.words.length} words (${chosen.postings.toLocaleString('en')} postings) ` +
        `in ${seconds} s${chosen.words.length > 0 ? `: ${chosen.words.join(', ')}` : ''}.`,
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
