import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';
import { ClickRecorder } from '../../api/src/go';
import { BenchClickLog } from './click-log';
import { createScratchPostgres } from './databases';

const AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function seedLink(db: Database): Promise<number> {
  const at = new Date();
  const qi = db.sequelize.getQueryInterface();
  await qi.bulkInsert('categories', [
    { name: 'B', slug: 'b', icon: 'tag', color: 'blue', group: 'B', createdAt: at, updatedAt: at },
  ]);
  const [category] = await db.sequelize.query<{ id: number }>(`SELECT id FROM categories`, {
    type: QueryTypes.SELECT,
  });
  const productId = '00000000-0000-4000-8000-000000000001';
  await qi.bulkInsert('products', [
    {
      id: productId,
      categoryId: category!.id,
      title: 'P',
      description: 'D',
      imageUrl: 'https://example.com/a.jpg',
      imageUrls: '[]',
      mediaType: 'default',
      discountPercentage: 10,
      badgeColor: 'green',
      platforms: '["Shopee"]',
      isActive: true,
      isFeaturedPromo: false,
      isFeaturedPopular: false,
      featuredOrder: 0,
      createdAt: at,
      updatedAt: at,
    },
  ]);
  await qi.bulkInsert('platform_links', [
    {
      productId,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.example/p/1',
      price: 'Rp 1',
      createdAt: at,
      updatedAt: at,
    },
  ]);
  const [link] = await db.sequelize.query<{ id: number }>(`SELECT id FROM platform_links`, {
    type: QueryTypes.SELECT,
  });
  return link!.id;
}

/** Logs `visitors` new visitors' clicks on one link, then flushes; returns the stored counts. */
async function logClicks(databaseUrl: string | null, derive: boolean, visitors: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-click-log-'));
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    const linkId = await seedLink(db);
    const log = new BenchClickLog(db, 'secret', { derive, everyMs: null });
    await log.create();
    const recorder = new ClickRecorder({ secret: 'secret', sink: { addClick: () => true } });
    for (let n = 0; n < visitors; n += 1) {
      const click = {
        linkId,
        productId: '00000000-0000-4000-8000-000000000001',
        categoryId: null,
        platform: 'Shopee',
        ip: `10.${n >> 8}.${n & 255}.1`,
        userAgent: AGENT,
      };
      const admitted = recorder.admit(click);
      if (admitted) log.add(admitted);
      // A repeat within the hour is the dedupe's, never logged.
      expect(recorder.admit(click)).toBeNull();
    }
    await log.stop();
    const [row] = await db.sequelize.query<Record<string, string | number>>(
      `SELECT (SELECT COUNT(*) FROM click_log) AS logged,
         (SELECT COUNT(*) FROM events WHERE "eventType" = 'cta_click') AS events,
         (SELECT COALESCE(SUM(total), 0) FROM analytics_rollups
          WHERE metric = 'cta_platform' AND value = 'Shopee') AS platform,
         (SELECT COALESCE(SUM(clicks), 0) FROM analytics_sessions) AS visits`,
      { type: QueryTypes.SELECT },
    );
    return {
      counted: log.logged,
      logged: Number(row!.logged),
      events: Number(row!.events),
      platform: Number(row!.platform),
      visits: Number(row!.visits),
    };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("the benches' click log (session 38's proposal, measured)", () => {
  it('derives the events, rollups and visits from the log and empties it (SQLite)', async () => {
    expect(await logClicks(null, true, 300)).toEqual({
      counted: 300,
      logged: 0,
      events: 300,
      platform: 300,
      visits: 300,
    });
  });

  it('stores each new click as one row in one flush (SQLite)', async () => {
    expect(await logClicks(null, false, 1_500)).toEqual({
      counted: 1_500,
      logged: 1_500,
      events: 0,
      platform: 0,
      visits: 0,
    });
  });

  it('derives the events, rollups and visits from the log and empties it (PostgreSQL)', async () => {
    const scratch = await createScratchPostgres('click_log_test');
    try {
      expect(await logClicks(scratch.url, true, 300)).toEqual({
        counted: 300,
        logged: 0,
        events: 300,
        platform: 300,
        visits: 300,
      });
    } finally {
      await scratch.drop();
    }
  });
});
