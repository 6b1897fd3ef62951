import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../test/support/catalogue-fixtures';
import type { ClickRow } from './click-log';
import { AnalyticsWriteBuffer } from './write-buffer';

const PRODUCT = '00000000-0000-4000-8000-000000000001';

const row = (n: number, at: number, platform = 'Shopee'): ClickRow => [
  at,
  n,
  `visitor-${n}`,
  'mobile',
  'Chrome',
  PRODUCT,
  '1',
  platform,
  null,
];

describe.each(['sqlite', 'postgres'] as const)('the click log on %s', (dialect) => {
  let fixture: FixtureDatabase;
  const logged: string[] = [];
  const newWriter = () =>
    new AnalyticsWriteBuffer(fixture.db, {
      flushIntervalMs: 600_000,
      flushRows: 1_000_000,
      maxBufferedRows: 1_000_000,
      log: (line) => logged.push(line),
    });
  const count = async (sql: string) =>
    Number((await selectRows<{ n: number | string }>(fixture.db, sql))[0]!.n);

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
  }, 60_000);
  afterAll(() => fixture?.close());
  beforeEach(async () => {
    logged.length = 0;
    for (const table of ['events', 'analytics_sessions', 'analytics_rollups', 'click_log']) {
      await fixture.db.sequelize.query(`DELETE FROM ${table}`);
    }
  });

  it('derives at start the rows a transaction left in the log', async () => {
    const at = Date.now();
    const qi = fixture.db.sequelize.getQueryInterface();
    await qi.bulkInsert('click_log', [
      {
        at,
        linkId: 1,
        visitorKey: 'left-1',
        device: 'mobile',
        browser: 'Chrome',
        productId: PRODUCT,
        categoryId: '1',
        platform: 'Shopee',
        path: '/a',
      },
      {
        at,
        linkId: 2,
        visitorKey: 'left-2',
        device: 'mobile',
        browser: 'Chrome',
        productId: PRODUCT,
        categoryId: '1',
        platform: 'Lazada',
        path: null,
      },
    ]);
    const writer = newWriter();
    writer.start();
    await writer.stop();
    expect(await count(`SELECT COUNT(*) AS n FROM click_log`)).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`)).toBe(2);
    expect(await count(`SELECT COUNT(*) AS n FROM analytics_sessions WHERE clicks = 1`)).toBe(2);
    expect(
      await count(`SELECT SUM(total) AS n FROM analytics_rollups WHERE metric = 'cta_platform'`),
    ).toBe(2);
  });

  it('refuses a bad click row alone, found by splitting its batch', async () => {
    const writer = newWriter();
    const at = Date.now();
    for (let n = 1; n <= 9; n += 1) expect(writer.addClick(row(n, at + n))).toBe(true);
    // A link id the log's INTEGER NOT NULL column cannot hold.
    expect(
      writer.addClick([
        at,
        null,
        'visitor-bad',
        'mobile',
        'Chrome',
        PRODUCT,
        '1',
        'Shopee',
        null,
      ] as unknown as ClickRow),
    ).toBe(true);
    for (let n = 11; n <= 20; n += 1) expect(writer.addClick(row(n, at + n))).toBe(true);
    await writer.stop();
    expect(writer.stats()).toMatchObject({ clicks: 20, written: 19, rejected: 1 });
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`)).toBe(
      19,
    );
    expect(await count(`SELECT COUNT(*) AS n FROM click_log`)).toBe(0);
    expect(logged.filter((line) => line.includes('refused a click on link'))).toHaveLength(1);
  });
});
