import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { AnalyticsWriteBuffer } from '../src/analytics';
import { rebuildAllRollups } from '../src/analytics/rollups';
import { ClickRecorder } from '../src/go';
import { openMigratedDatabase, type FixtureDatabase } from './support/catalogue-fixtures';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Clicks without JavaScript make a visit of their own (`go:<visitor key>`) that carries their
 * count: new visits are written with it, a visit already stored adds to it.
 */
describe.each(['sqlite', 'postgres'] as const)('/go visits of their own on %s', (dialect) => {
  let fixture: FixtureDatabase;
  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('counts clicks across batches on one visit, as a rebuild from the raw rows does', async () => {
    const { db } = fixture;
    const writer = new AnalyticsWriteBuffer(db, {
      flushIntervalMs: 60_000,
      flushRows: 1_000_000,
      maxBufferedRows: 10_000,
      log: () => undefined,
    });
    const recorder = new ClickRecorder({ secret: 'test-secret', sink: writer });
    const click = (ip: string, linkId: number) =>
      recorder.record({
        linkId,
        productId: `product-${linkId}`,
        categoryId: '1',
        platform: 'Shopee',
        ip,
        userAgent: PHONE,
        fromPath: null,
      });
    // One batch: a visitor's two links and another visitor's one; the next: the first again.
    expect([click('10.0.1.5', 1), click('10.0.1.5', 2), click('10.0.2.5', 1)]).toEqual([
      'counted',
      'counted',
      'counted',
    ]);
    await writer.flush();
    expect(click('10.0.1.5', 3)).toBe('counted');
    await writer.flush();

    const visits = await db.sequelize.query<{ sessionId: string; clicks: number | string }>(
      `SELECT "sessionId", clicks FROM analytics_sessions ORDER BY clicks DESC`,
      { type: QueryTypes.SELECT },
    );
    expect(visits.map((visit) => Number(visit.clicks))).toEqual([3, 1]);
    expect(visits.every((visit) => visit.sessionId.startsWith('go:'))).toBe(true);

    const daily = () =>
      db.sequelize.query<Record<string, number | string>>(
        `SELECT SUM(visits) AS visits, SUM("clickVisits") AS "clickVisits", SUM(clicks) AS clicks
         FROM analytics_daily`,
        { type: QueryTypes.SELECT },
      );
    const ingested = (await daily()).map((row) => Object.values(row).map(Number));
    expect(ingested).toEqual([[2, 2, 4]]);
    await rebuildAllRollups(db);
    expect((await daily()).map((row) => Object.values(row).map(Number))).toEqual(ingested);
    await writer.stop();
  });
});
