import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/database';
import { toDbTimestamp } from '../../api/src/db/timestamps';
import { migrate } from '../../api/src/db/migrate';
import { AnalyticsWriteBuffer, anonymousVisitorKey } from '../../api/src/analytics';
import { ensureProductPeriods } from '../../api/src/analytics/product-periods';
import { ClickRecorder, type ClickSink } from '../../api/src/go';
import { anonymizeIp } from '../../api/src/lib/ip';
import { createScratchPostgres } from './databases';
import { benchProductId, seedBenchLinks } from './go-fixtures';
import { WriteBufferBeforeClickLog } from './write-buffer-before-click-log';

const AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PLATFORMS = ['Shopee', 'Tokopedia', 'Lazada'];
/** The pages clicks come from, with what JSON.stringify must escape (eventData's text). */
const PATHS = [
  null,
  '/p/a',
  '/q?x="1"&y=\\2',
  '/t\tab\nnl\u0001\u001f\u007f\b\f\r',
  '/é/😀/\u2028/',
  '/',
];

const ipOf = (n: number) => `10.${n >> 8}.${n & 255}.1`;

/**
 * The same visitor activity through the product's write buffer (`product`: clicks as click log
 * rows, derived in SQL) or through the write buffer before the click log (`before`: each click
 * an event record and a visitor object, as ClickRecorder made them); returns every table the
 * reports read. Two batches: tracked visits (one made in the same batch as its visitor's click,
 * one stored before), new visitors on several links, two clicks of one visit, a bot, odd pages,
 * then repeat visitors on other links (their visits of their own found again).
 */
async function activityThrough(databaseUrl: string | null, mode: 'product' | 'before') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-click-log-'));
  const db = await openDatabase({ databaseUrl, dataDir });
  const at = Date.UTC(2026, 10, 27, 3, 15, 7, 321);
  try {
    await migrate(db);
    const { categoryId } = await seedBenchLinks(db, 9);
    await ensureProductPeriods(db, at);
    const keyOf = (n: number, agent = AGENT) =>
      anonymousVisitorKey('secret', anonymizeIp(ipOf(n)), agent, at);
    await db.sequelize.query(
      `INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
         "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet")
       VALUES ('tracked-0', ?, ?, TRUE, ?, 'mobile', 'Chrome', 'search', TRUE)`,
      { replacements: [toDbTimestamp(at - 60_000), at - 60_000, keyOf(1)] },
    );
    const options = {
      flushIntervalMs: 600_000,
      flushRows: 1_000_000,
      maxBufferedRows: 1_000_000,
      log: () => {},
    };
    const writer =
      mode === 'product'
        ? new AnalyticsWriteBuffer(db, options)
        : new WriteBufferBeforeClickLog(db, options);
    const sink: ClickSink =
      writer instanceof WriteBufferBeforeClickLog
        ? {
            // ClickRecorder's click before the click log: an event record and a visitor.
            addClick: ([t, linkId, key, device, browser, productId, category, platform, from]) =>
              writer.addClick(
                {
                  sessionId: 'go:unused',
                  eventType: 'cta_click',
                  eventData: JSON.stringify({
                    source: 'redirect',
                    linkId,
                    productId,
                    platform,
                    categoryId: category,
                    path: from,
                  }),
                  productId,
                  categoryId: category,
                  platform,
                  at: t,
                },
                { key, device, browser },
              ),
            addBot: (record) => writer.addBot(record),
          }
        : writer;
    const recorder = new ClickRecorder({ secret: 'secret', sink });
    const click = (n: number, link: number, when: number, bot = false) =>
      recorder.record({
        linkId: link,
        productId: benchProductId(Math.ceil(link / 3)),
        categoryId: String(categoryId),
        platform: PLATFORMS[(link - 1) % 3]!,
        ip: ipOf(n),
        userAgent: bot ? 'Googlebot/2.1 (+http://www.google.com/bot.html)' : AGENT,
        fromPath: PATHS[n % PATHS.length],
        at: when,
        bot,
      });
    // Visitor 0's tracked visit arrives in the clicks' batch, with a product view.
    const visitor0 = { key: keyOf(0), device: 'mobile', browser: 'Chrome' };
    writer.addSession(
      {
        sessionId: 'tracked-1',
        ipAddress: null,
        userAgent: AGENT,
        country: 'ID',
        city: 'Jakarta',
        device: 'mobile',
        browser: 'Chrome',
        referrer: 'https://www.google.com/',
        referrerHost: 'www.google.com',
        sourceGroup: 'search',
        at: at - 5_000,
      },
      visitor0,
    );
    writer.addPageview(
      {
        sessionId: 'tracked-1',
        path: '/p/1',
        title: 'Produk',
        duration: null,
        at: at - 5_000,
        landing: {
          sourceGroup: 'search',
          referrerHost: 'www.google.com',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
        },
      },
      null,
      visitor0,
    );
    writer.addEvent(
      {
        sessionId: 'tracked-1',
        eventType: 'product_view',
        eventData: JSON.stringify({ productId: benchProductId(1) }),
        productId: benchProductId(1),
        categoryId: null,
        platform: null,
        at: at - 4_000,
      },
      null,
      null,
      visitor0,
    );
    for (let n = 0; n < 150; n += 1) {
      expect(click(n, (n % 9) + 1, at + n)).toBe('counted');
      if (n % 10 === 0) expect(click(n, ((n + 4) % 9) + 1, at + n + 1)).toBe('counted');
      // A repeat within the hour is the dedupe's, never stored.
      expect(click(n, (n % 9) + 1, at + n + 2)).toBe('duplicate');
    }
    expect(click(500, 1, at, true)).toBe('counted');
    // Another device of visitor 3 (another visitor key).
    expect(
      recorder.record({
        linkId: 2,
        productId: benchProductId(1),
        categoryId: null,
        platform: 'Tokopedia',
        ip: ipOf(3),
        userAgent: DESKTOP,
        at,
      }),
    ).toBe('counted');
    await writer.flush();
    for (let n = 0; n < 30; n += 1) {
      expect(click(n, ((n + 1) % 9) + 1, at + 600_000 + n)).toBe('counted');
    }
    await writer.stop();
    const rows = (sql: string) =>
      db.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
    const tables = {
      sessions: await rows(`SELECT * FROM analytics_sessions ORDER BY "sessionId"`),
      events: await rows(
        `SELECT "sessionId", "eventType", "eventData", "productId", "categoryId", platform,
           "createdAt"
         FROM events ORDER BY "sessionId", "createdAt", "eventType", "eventData"`,
      ),
      rollups: await rows(`SELECT * FROM analytics_rollups ORDER BY metric, hour, value`),
      daily: await rows(
        `SELECT * FROM analytics_daily ORDER BY day, "sourceGroup", "referrerHost", device, browser`,
      ),
      funnel: await rows(`SELECT * FROM analytics_funnel_daily ORDER BY day, kind, value`),
      products: await rows(`SELECT * FROM analytics_product_daily ORDER BY day, "productId"`),
      totals: await rows(`SELECT * FROM analytics_product_totals ORDER BY day`),
      periods: await rows(`SELECT * FROM analytics_product_period ORDER BY period, "productId"`),
      steps: await rows(`SELECT * FROM analytics_visit_steps ORDER BY "sessionId", kind, value`),
    };
    const [left] = await rows(
      `SELECT (SELECT COUNT(*) FROM click_log) AS logged,
         (SELECT COUNT(*) FROM click_derive) AS staged`,
    );
    return {
      left: [Number(left!.logged), Number(left!.staged)],
      tables: JSON.parse(JSON.stringify(tables)) as Record<string, unknown[]>,
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

// Two databases per engine, hundreds of rows: more than vitest's 5 s on a loaded machine.
describe('the /go click log (migration 0029)', { timeout: 120_000 }, () => {
  it('writes what the write buffer wrote before it, table for table, and empties the log', async () => {
    await onBoth(async (fresh) => {
      const product = await activityThrough(await fresh(), 'product');
      const before = await activityThrough(await fresh(), 'before');
      expect(product.left).toEqual([0, 0]);
      // 150 visitors, 15 second links, a second device, 30 repeat visitors; and the bot.
      expect(before.tables.events!.length).toBe(150 + 15 + 1 + 30 + 1 + 1);
      expect(before.tables.periods!.length).toBeGreaterThan(0);
      for (const [table, rows] of Object.entries(before.tables)) {
        expect({ table, rows: product.tables[table] }).toEqual({ table, rows });
      }
    });
  });
});
