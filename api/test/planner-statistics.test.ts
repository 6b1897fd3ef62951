import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { GrowthStatistics } from '../src/db/planner-statistics';
import {
  insertCategory,
  openMigratedDatabase,
  productRow,
  type FixtureDatabase,
} from './support/catalogue-fixtures';

/**
 * A long write that grows a table from nothing refreshes PostgreSQL's statistics as it goes
 * (autovacuum may be off, as on this machine's server, or behind): each time a table doubled,
 * and once at the end when it grew by a tenth.
 */
describe('GrowthStatistics on PostgreSQL', () => {
  let fixture: FixtureDatabase;
  let categoryId: number;
  beforeAll(async () => {
    fixture = await openMigratedDatabase('postgres');
    categoryId = await insertCategory(fixture.db);
  });
  afterAll(() => fixture?.close());

  const plannedRows = async () => {
    const [row] = await fixture.db.sequelize.query<{ rows: number | string }>(
      `SELECT GREATEST(reltuples, 0)::bigint AS rows FROM pg_class
       WHERE oid = to_regclass('products')`,
      { type: QueryTypes.SELECT },
    );
    return Number(row!.rows);
  };
  const insertProducts = async (count: number) => {
    const rows = Array.from({ length: count }, (_, n) =>
      productRow({ id: randomUUID(), categoryId, title: `Produk ${n}` }),
    );
    await fixture.db.sequelize.getQueryInterface().bulkInsert('products', rows);
  };

  it('analyzes a table each time it doubled, and at the end after a tenth more', async () => {
    const statistics = new GrowthStatistics(fixture.db, ['products']);
    expect(await plannedRows()).toBe(0);

    await insertProducts(600);
    await statistics.grew(600);
    expect(await plannedRows()).toBe(0); // under the 1,000-row floor

    await insertProducts(600);
    await statistics.grew(600);
    expect(await plannedRows()).toBe(1_200); // outgrew the empty table

    await insertProducts(1_000);
    await statistics.grew(1_000);
    expect(await plannedRows()).toBe(1_200); // not yet doubled

    await insertProducts(300);
    await statistics.grew(300);
    expect(await plannedRows()).toBe(2_500); // 1,300 new >= 1,200 known

    await insertProducts(1_000);
    await statistics.grew(1_000);
    expect(await plannedRows()).toBe(2_500);
    await statistics.finished();
    expect(await plannedRows()).toBe(3_500); // 40% more than known: analyzed at the end
  });

  it('leaves a big table alone when a write grew it by less than a tenth', async () => {
    await insertProducts(11_000);
    await fixture.db.sequelize.query('ANALYZE products');
    const before = await plannedRows();
    expect(before).toBe(14_500);
    const statistics = new GrowthStatistics(fixture.db, ['products']);
    await insertProducts(1_200);
    await statistics.grew(1_200);
    await statistics.finished();
    expect(await plannedRows()).toBe(before);
  });

  it('does nothing on SQLite, which plans without such statistics', async () => {
    const sqlite = await openMigratedDatabase('sqlite');
    try {
      const statistics = new GrowthStatistics(sqlite.db, ['products']);
      await statistics.grew(5_000);
      await statistics.finished();
    } finally {
      await sqlite.close();
    }
  });
});
