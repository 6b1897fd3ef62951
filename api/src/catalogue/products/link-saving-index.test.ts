import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { createMigrator } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';

/**
 * SQLite, migration 0044: the in-stock links' saving indexes end with the link's price, so a
 * walk by saving with a price range tests the range from the index entry before it reads the
 * link row (docs/decisions.md, session 51). The same names and leading keys as migration 0025's.
 */
describe('the SQLite saving indexes carry the price (migration 0044)', () => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    db = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  const keys = async (index: string) =>
    (
      await db.sequelize.query<{ name: string }>(
        `SELECT name FROM pragma_index_info('${index}') ORDER BY seqno`,
        { type: QueryTypes.SELECT },
      )
    ).map((column) => column.name);

  it('ends both saving indexes with the price, and goes down and up again', async () => {
    const migrator = createMigrator(db);
    await migrator.up();
    const withPrice = async () => {
      expect(await keys('platform_links_in_stock_saving')).toEqual([
        'platform',
        'saving',
        'productId',
        'priceValue',
      ]);
      expect(await keys('platform_links_in_stock_category_saving')).toEqual([
        'platform',
        'categoryId',
        'saving',
        'productId',
        'priceValue',
      ]);
    };
    await withPrice();
    await migrator.down({ to: '0044-link-saving-carries-price-sqlite' });
    expect(await keys('platform_links_in_stock_saving')).toEqual([
      'platform',
      'saving',
      'productId',
    ]);
    await migrator.up();
    await withPrice();
    // Still partial: only in-stock priced links.
    const [index] = await db.sequelize.query<{ sql: string }>(
      `SELECT sql FROM sqlite_master WHERE name = 'platform_links_in_stock_saving'`,
      { type: QueryTypes.SELECT },
    );
    expect(index!.sql).toMatch(/WHERE availability = 'in_stock' AND "priceValue" IS NOT NULL/);
  });
});
