// `npm run links:check [-- --concurrency 8 --timeout-ms 10000]`: checks every platform link of
// the configured database once, stores what each answered, and prints a summary with the
// broken links. Exit code 0 whatever the links answered (1 only when the check itself fails).
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { checkLinks, DEFAULT_CHECK_OPTIONS } from '../catalogue/link-health/checker';
import { linkHealthSummary, listBrokenLinks } from '../catalogue/link-health/queries';

const USAGE = `Usage: npm run links:check [-- --concurrency N] [--timeout-ms MS]`;

function option(argv: string[], name: string, fallback: number): number {
  const index = argv.indexOf(name);
  if (index === -1) return fallback;
  const value = Number(argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(USAGE);
  return value;
}

async function main(argv: string[]): Promise<number> {
  let concurrency: number;
  let timeoutMs: number;
  try {
    concurrency = option(argv, '--concurrency', DEFAULT_CHECK_OPTIONS.concurrency);
    timeoutMs = option(argv, '--timeout-ms', DEFAULT_CHECK_OPTIONS.timeoutMs);
  } catch {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const summary = await checkLinks(db, {
      concurrency,
      timeoutMs,
      warn: (line) => console.warn(line),
    });
    console.log(
      `Checked ${summary.checked} links in ${(summary.durationMs / 1000).toFixed(1)} s: ` +
        `${summary.ok} ok, ${summary.blocked} refused the checker (not flagged), ${summary.broken} broken, ` +
        `${summary.unreachable} unreachable (${summary.networkDown ? 'the network looks down: nothing flagged' : 'flagged when unreachable twice in a row'}).`,
    );
    const health = await linkHealthSummary(db);
    if (health.broken > 0) {
      const { links } = await listBrokenLinks(db, 1, 50);
      console.log(
        `Broken links (${health.broken}${health.broken > links.length ? `, first ${links.length}` : ''}):`,
      );
      for (const link of links) {
        const why = link.lastStatus === null ? link.lastError : `HTTP ${link.lastStatus}`;
        console.log(
          `  #${link.id} ${link.platform} "${link.productTitle}" ${link.affiliateUrl} (${why})`,
        );
      }
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
