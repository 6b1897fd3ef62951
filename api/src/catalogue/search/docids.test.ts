import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { createMigrator, migrate } from '../../db/migrate';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { searchProductIds } from './queries';

/**
 * SQLite's search docids follow createdAt, with a sequence inside the millisecond (0003);
 * migration 0010 finds the next one with a single step back instead of a scan. An import
 * writes a whole chunk with one createdAt, so these products share a millisecond.
 */
const SAME_MOMENT = new Date('2026-03-01T10:00:00.000Z');

async function addLamp(db: Database, categoryId: number, title: string): Promise<string> {
  const id = randomUUID();
  await db.sequelize.getQueryInterface().bulkInsert('products', [
    productRow({
      id,
      sku: id,
      categoryId,
      title,
      description: 'Lampu belajar hemat energi.',
      imageUrl: `/images/${id}.jpg`,
      platforms: '[]',
      createdAt: SAME_MOMENT,
      updatedAt: SAME_MOMENT,
    }),
  ]);
  return id;
}

const setActive = (db: Database, id: string, active: boolean) =>
  db.sequelize.query(`UPDATE products SET "isActive" = ? WHERE id = ?`, {
    replacements: [active, id],
  });

describe('search docids within one millisecond on sqlite', () => {
  let testDb: TestDatabase;
  let db: Database;
  let categoryId: number;
  const lamps: string[] = [];
  const searchLamps = async () =>
    (await searchProductIds(db, { term: 'lampu', page: 1, limit: 50 })).ids;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await createMigrator(db).up({ to: '0009-admin-list-at-scale' });
    const now = new Date();
    await db.sequelize.getQueryInterface().bulkInsert('categories', [
      {
        name: 'Rumah',
        slug: 'rumah',
        icon: 'tag',
        color: 'blue',
        group: 'Umum',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const [rows] = await db.sequelize.query(`SELECT id FROM categories WHERE slug = 'rumah'`);
    categoryId = (rows as { id: number }[])[0]!.id;
    // Indexed by 0003's triggers, before 0010.
    lamps.push(await addLamp(db, categoryId, 'Lampu Meja A'));
    lamps.push(await addLamp(db, categoryId, 'Lampu Meja B'));
    await migrate(db);
  });

  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it('lists products of one millisecond last written first, across the migration', async () => {
    lamps.push(await addLamp(db, categoryId, 'Lampu Meja C'));
    lamps.push(await addLamp(db, categoryId, 'Lampu Meja D'));
    expect(await searchLamps()).toEqual([lamps[3], lamps[2], lamps[1], lamps[0]]);
  });

  it('puts a product that comes back into the index after the others of its millisecond', async () => {
    await setActive(db, lamps[0]!, false);
    expect(await searchLamps()).toEqual([lamps[3], lamps[2], lamps[1]]);
    await setActive(db, lamps[0]!, true);
    expect(await searchLamps()).toEqual([lamps[0], lamps[3], lamps[2], lamps[1]]);
  });

  it('keeps indexing the same way after the migration is undone', async () => {
    await createMigrator(db).down({ to: '0010-search-docid-lookup' });
    const lampE = await addLamp(db, categoryId, 'Lampu Meja E');
    // The search reads the tier indexes of migration 0022, built again from the docids.
    await migrate(db);
    expect(await searchLamps()).toEqual([lampE, lamps[0], lamps[3], lamps[2], lamps[1]]);
  });
});
