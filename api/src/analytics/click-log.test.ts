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

/** `click` with one column's value replaced: a row the click log's columns cannot hold. */
const withColumn = (click: ClickRow, column: number, value: unknown): ClickRow =>
  click.map((cell, at) => (at === column ? value : cell)) as unknown as ClickRow;

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
    expect(writer.addClick(withColumn(row(10, at), 1, null))).toBe(true);
    for (let n = 11; n <= 20; n += 1) expect(writer.addClick(row(n, at + n))).toBe(true);
    await writer.stop();
    expect(writer.stats()).toMatchObject({ clicks: 20, written: 19, rejected: 1 });
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`)).toBe(
      19,
    );
    expect(await count(`SELECT COUNT(*) AS n FROM click_log`)).toBe(0);
    expect(logged.filter((line) => line.includes('refused a click on link'))).toHaveLength(1);
  });

  describe('after the first batch', () => {
    const run = (sql: string) => fixture.db.sequelize.query(sql);
    beforeAll(async () => {
      // Counts the rows inserted into the click log.
      await run(`CREATE TABLE click_log_inserts (n INTEGER)`);
      if (dialect === 'postgres') {
        await run(`CREATE FUNCTION click_log_count() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN INSERT INTO click_log_inserts VALUES (1); RETURN NULL; END $$`);
        await run(`CREATE TRIGGER click_log_count AFTER INSERT ON click_log
          FOR EACH ROW EXECUTE FUNCTION click_log_count()`);
      } else {
        await run(`CREATE TRIGGER click_log_count AFTER INSERT ON click_log
          BEGIN INSERT INTO click_log_inserts VALUES (1); END`);
      }
    });
    afterAll(async () => {
      await run(`DROP TRIGGER click_log_count${dialect === 'postgres' ? ' ON click_log' : ''}`);
      if (dialect === 'postgres') await run(`DROP FUNCTION click_log_count()`);
      await run(`DROP TABLE click_log_inserts`);
    });
    beforeEach(() => run(`DELETE FROM click_log_inserts`));

    it("stages a batch's clicks without writing them to the click log", async () => {
      const writer = newWriter();
      const at = Date.now();
      for (let n = 1; n <= 5; n += 1) writer.addClick(row(n, at + n));
      await writer.flush();
      for (let n = 6; n <= 12; n += 1) writer.addClick(row(n, at + n));
      await writer.stop();
      expect(writer.stats()).toMatchObject({ clicks: 12, written: 12, rejected: 0 });
      expect(await count(`SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`)).toBe(
        12,
      );
      expect(
        await count(`SELECT SUM(total) AS n FROM analytics_rollups WHERE metric = 'cta_platform'`),
      ).toBe(12);
      // The first batch looked at the log (rows a crash may have left) with its own clicks.
      expect(await count(`SELECT COUNT(*) AS n FROM click_log_inserts`)).toBe(5);
      expect(await count(`SELECT COUNT(*) AS n FROM click_log`)).toBe(0);
      expect(await count(`SELECT COUNT(*) AS n FROM click_derive`)).toBe(0);
    });

    it('refuses a bad click row alone', async () => {
      const writer = newWriter();
      const at = Date.now();
      writer.addClick(row(1, at));
      await writer.flush();
      for (let n = 2; n <= 6; n += 1) writer.addClick(row(n, at + n));
      writer.addClick(withColumn(row(7, at), 2, null));
      for (let n = 8; n <= 12; n += 1) writer.addClick(row(n, at + n));
      await writer.stop();
      expect(writer.stats()).toMatchObject({ clicks: 12, written: 11, rejected: 1 });
      expect(await count(`SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`)).toBe(
        11,
      );
      expect(await count(`SELECT COUNT(*) AS n FROM click_log_inserts`)).toBe(1);
    });
  });
});
