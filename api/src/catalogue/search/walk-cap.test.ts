import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@shared/constants';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { setOneSetReading, setWalkFloor } from './engines';
import { countBound, searchProductIds, suggest } from './queries';
import { expectedRanking, insertMadeProducts, type MadeProduct } from './test-support';

/**
 * Session 39 (docs/decisions.md, "Search at 1,000,000 products on PostgreSQL: walk or GIN"):
 * a tier's walk stops at a cap and GIN reads the tier instead (two words each common in the
 * labels but never together there: `alfa beta`, a badge is `Alfa` or `Beta`), and a page that
 * ends past the count cap counts its total through the tiers (one row past the page's end)
 * instead of a count of its own. Both must rank, page and count exactly as the rows say, on
 * both engines; on PostgreSQL the statements show that the capped walk gave way to GIN and
 * that a deep page ran no count.
 */

const PRODUCTS = SEARCH_COUNT_CAP + 300;

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 50 === 0 ? 'Alfa Beta ' : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 5 < 2 ? 'Alfa' : i % 5 < 4 ? 'Beta' : null,
      description: `${title}. ${i % 10 < 8 ? 'alfa dan beta' : 'alfa saja'} harian`,
      createdAt: Date.UTC(2025, 0, 1) + ((i * 7919) % PRODUCTS) * 60_000,
    });
  }
  return made;
}

describe.each(['sqlite', 'postgres'] as const)('capped walks and deep pages on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Database;
  const made = catalogue();
  const statements: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    const setup = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrate(setup);
    await insertMadeProducts(setup, made);
    if (dialect === 'postgres') await setup.sequelize.query('ANALYZE product_search');
    await setup.close();
    // A fresh handle: the word statistics are read after ANALYZE.
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    // Every statement the search sends, to see which way it read.
    const query = db.sequelize.query.bind(db.sequelize);
    (db.sequelize as { query: unknown }).query = (sql: unknown, options: unknown) => {
      statements.push(String(sql));
      return query(sql as string, options as object);
    };
    // Walks may stop after 20 rows: the cap falls inside this small catalogue. The tiers are
    // read one by one (a small catalogue's statistics would read its matches as one set).
    setWalkFloor(20);
    setOneSetReading('tiers');
  }, 120_000);

  afterAll(async () => {
    setWalkFloor(null);
    setOneSetReading(null);
    await db?.close();
    await testDb?.drop();
  });

  const pages = [
    [1, 12],
    [2, 50],
    [9, 100],
    [10, 100],
    [20, 50],
    [21, 50],
    [11, 100],
    [14, 100],
  ] as const;

  it('ranks, pages and counts exactly, past the cap and at its edges', async () => {
    for (const [term, words] of [
      ['alfa beta', ['alfa', 'beta']],
      ['beta alfa', ['beta', 'alfa']],
      ['alfa', ['alfa']],
      ['beta', ['beta']],
    ] as const) {
      const all = expectedRanking(made, [...words]);
      for (const [page, limit] of pages) {
        const context = `${term} page ${page} by ${limit}`;
        const found = await searchProductIds(db, { term, page, limit });
        expect(found.ids, context).toEqual(all.slice((page - 1) * limit, page * limit));
        const bound = countBound((page - 1) * limit, limit);
        if (all.length >= bound) {
          expect(found, context).toMatchObject({ totalCount: bound - 1, capped: true });
        } else {
          expect(found.totalCount, context).toBe(all.length);
          expect(found.capped, context).toBeUndefined();
        }
      }
      const suggested = await suggest(db, term);
      expect(suggested.products.map((p) => p.id)).toEqual(all.slice(0, 5));
    }
    // The catalogue has what the test is about: more matches than the cap, three tiers.
    expect(expectedRanking(made, ['alfa', 'beta']).length).toBeGreaterThan(SEARCH_COUNT_CAP);
  }, 120_000);

  it.runIf(dialect === 'postgres')(
    'gives a capped walk up for GIN, and counts a deep page through its tiers',
    async () => {
      statements.length = 0;
      // Just past the 26 titles with both words: the label tier is read, a short walk.
      await searchProductIds(db, { term: 'alfa beta', page: 14, limit: 2 });
      const walked = statements.findIndex(
        (sql) =>
          sql.includes(') AS r') &&
          sql.includes('s.label @@ $1::tsquery AND NOT s.title @@ $1::tsquery AS hit'),
      );
      expect(walked).toBeGreaterThanOrEqual(0);
      // The label tier walked to its cap without a match, then read from GIN.
      expect(
        statements
          .slice(walked + 1)
          .some((sql) => sql.includes('WITH m AS MATERIALIZED') && sql.includes('s.label @@')),
      ).toBe(true);

      statements.length = 0;
      await searchProductIds(db, { term: 'alfa', page: 10, limit: 100 });
      expect(statements.some((sql) => sql.includes('AS total'))).toBe(false);
      statements.length = 0;
      await searchProductIds(db, { term: 'alfa', page: 1, limit: 12 });
      expect(statements.some((sql) => sql.includes('AS total'))).toBe(true);
    },
  );
});
