import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';
import { AnalyticsWriteBuffer, anonymousVisitorKey } from '../../api/src/analytics';
import { toDbTimestamp } from '../../api/src/db/timestamps';
import { ClickRecorder } from '../../api/src/go';
import { anonymizeIp } from '../../api/src/lib/ip';
import { BenchClickLog } from './click-log';
import { createScratchPostgres } from './databases';
import { benchProductId, seedBenchLinks } from './go-fixtures';

const AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** One link (id 1, Shopee) of product 1 in one category. */
async function seedLink(db: Database): Promise<{ linkId: number; categoryId: string }> {
  const { categoryId } = await seedBenchLinks(db, 1);
  return { linkId: 1, categoryId: String(categoryId) };
}

const PRODUCT = benchProductId(1);

function clickOf(
  { linkId, categoryId }: { linkId: number; categoryId: string },
  n: number,
  at: number,
) {
  return {
    linkId,
    productId: PRODUCT,
    categoryId,
    platform: 'Shopee',
    ip: `10.${n >> 8}.${n & 255}.1`,
    userAgent: AGENT,
    at,
  };
}

/**
 * `visitors` new visitors' clicks on one link (visitor 0 has a tracked visit open, which its
 * click joins), through the click log or through the product's write buffer; returns what
 * the reports read.
 */
async function clicksThrough(
  databaseUrl: string | null,
  mode: 'log' | 'log-derive' | 'buffer',
  visitors: number,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-click-log-'));
  const db = await openDatabase({ databaseUrl, dataDir });
  const at = Date.now();
  try {
    await migrate(db);
    const link = await seedLink(db);
    const key = anonymousVisitorKey('secret', anonymizeIp('10.0.0.1'), AGENT, at);
    await db.sequelize.query(
      `INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
         "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet")
       VALUES ('tracked-1', ?, ?, TRUE, ?, 'mobile', 'Chrome', 'search', TRUE)`,
      { replacements: [toDbTimestamp(at - 60_000), at - 60_000, key] },
    );
    const writer = new AnalyticsWriteBuffer(db, {
      flushIntervalMs: 600_000,
      flushRows: 1_000_000,
      maxBufferedRows: 1_000_000,
      log: () => {},
    });
    const log =
      mode === 'buffer'
        ? null
        : new BenchClickLog(db, 'secret', { derive: mode === 'log-derive', everyMs: null });
    await log?.create();
    const recorder = new ClickRecorder({ secret: 'secret', sink: writer });
    for (let n = 0; n < visitors; n += 1) {
      const click = clickOf(link, n, at);
      if (!log) recorder.record(click);
      else {
        const admitted = recorder.admit(click);
        if (admitted) log.add(admitted);
      }
      // A repeat within the hour is the dedupe's, never stored.
      expect(recorder.admit(click)).toBeNull();
    }
    await log?.stop();
    await writer.stop();
    const rows = (sql: string) =>
      db.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
    const [counts] = await rows(
      `SELECT (SELECT COUNT(*) FROM ${log ? 'click_log' : 'events WHERE 0 = 1'}) AS logged,
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'cta_click') AS events`,
    );
    const tables = {
      sessions: await rows(
        `SELECT "sessionId", clicks, "visitDevice", "visitBrowser", "sourceGroup"
         FROM analytics_sessions ORDER BY "sessionId"`,
      ),
      events: await rows(
        `SELECT "sessionId", "productId", "categoryId", platform FROM events ORDER BY "sessionId"`,
      ),
      rollups: await rows(
        `SELECT metric, hour, value, total FROM analytics_rollups
         WHERE metric IN ('event', 'cta_platform', 'cta_product') ORDER BY metric, value`,
      ),
      daily: await rows(`SELECT * FROM analytics_daily ORDER BY "sourceGroup", device`),
      funnel: await rows(`SELECT * FROM analytics_funnel_daily ORDER BY kind, value`),
      products: await rows(`SELECT * FROM analytics_product_daily`),
      steps: await rows(`SELECT * FROM analytics_visit_steps ORDER BY "sessionId", kind`),
    };
    return {
      counted: log ? log.logged : writer.stats().clicks,
      logged: Number(counts!.logged),
      events: Number(counts!.events),
      tables: JSON.parse(JSON.stringify(tables)) as Record<string, unknown>,
    };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `work` on SQLite, then on PostgreSQL; `fresh()` gives a new empty database each call. */
async function onBoth(work: (fresh: () => Promise<string | null>) => Promise<void>) {
  await work(() => Promise.resolve(null));
  const scratches: Array<{ url: string; drop(): Promise<void> }> = [];
  try {
    await work(async () => {
      const scratch = await createScratchPostgres('click_log_test');
      scratches.push(scratch);
      return scratch.url;
    });
  } finally {
    for (const scratch of scratches) await scratch.drop();
  }
}

// Two databases per engine, thousands of rows: more than vitest's 5 s on a loaded machine.
describe("the benches' click log (session 38's proposal, measured)", { timeout: 60_000 }, () => {
  it('stores each new click as one row in one flush', async () => {
    await onBoth(async (fresh) => {
      const logged = await clicksThrough(await fresh(), 'log', 1_500);
      expect([logged.counted, logged.logged, logged.events]).toEqual([1_500, 1_500, 0]);
    });
  });

  it('derives what the write buffer writes, but the product periods, and empties the log', async () => {
    await onBoth(async (fresh) => {
      const derived = await clicksThrough(await fresh(), 'log-derive', 200);
      const written = await clicksThrough(await fresh(), 'buffer', 200);
      expect([derived.counted, derived.logged, derived.events]).toEqual([200, 0, 200]);
      expect(written.events).toBe(200);
      expect(derived.tables).toEqual(written.tables);
    });
  });
});
