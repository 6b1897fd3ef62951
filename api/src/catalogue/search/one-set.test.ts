import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@shared/constants';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { setOneSetReading } from './engines';
import { listActiveProducts } from '../products/queries';
import { searchProductIds } from './queries';
import {
  insertMadeProducts,
  moveToSecondCategory,
  termRanking,
  type MadeProduct,
} from './test-support';

/**
 * A search read as one set (docs/decisions.md, session 43: oneSetPage, countedSearchSetPage)
 * against the same search read tier by tier, and both against the ranking computed from the
 * rows, on both engines (SQLite has no such reading: its answers must be the same). `alfa` is
 * in titles, badges and descriptions (every tier), more than the count's cap in all; `beta` in
 * a fifth of the descriptions; products share milliseconds, so ties go by id.
 */

const PRODUCTS = SEARCH_COUNT_CAP + 160;

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 4 === 0 ? 'alfa ' : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 4 === 1 ? 'Alfa' : null,
      description: `${title}. produk ${i % 4 === 2 ? 'alfa' : 'lain'} ${i % 5 === 0 ? 'beta' : ''}`,
      // Four products a millisecond, in no order of i.
      createdAt: Date.UTC(2025, 0, 1) + Math.floor(((i * 7919) % PRODUCTS) / 4),
    });
  }
  return made;
}

describe.each(['sqlite', 'postgres'] as const)('a search read as one set on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Database;
  const made = catalogue();
  const all = new Set(made.map((p) => p.id));
  // Every third product moves to another category.
  const tes = new Set(made.filter((_, i) => i % 3 !== 0).map((p) => p.id));
  let tesId = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    const setup = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrate(setup);
    await insertMadeProducts(setup, made);
    tesId = await moveToSecondCategory(
      setup,
      made.filter((p) => !tes.has(p.id)).map((p) => p.id),
      { name: 'Lain', slug: 'lain' },
    );
    await setup.close();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  }, 120_000);

  afterEach(() => setOneSetReading(null));

  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  const terms = ['alfa', 'alf', 'alfa beta', 'beta alf', 'nomor alfa'];
  // Page 1, pages across the tiers' edges, a page past the cap and one past every match.
  const pages = [
    [1, 12],
    [7, 40],
    [13, 25],
    [85, 12],
    [90, 12],
    [200, 12],
  ] as const;

  for (const reading of ['set', 'tiers', null] as const) {
    it(`ranks, pages and counts (reading: ${reading ?? 'by cost'})`, async () => {
      setOneSetReading(reading);
      for (const term of terms) {
        for (const [categoryId, scope] of [
          [tesId, tes],
          [null, all],
        ] as const) {
          const expected = termRanking(made, scope, term);
          expect(expected.length, term).toBeGreaterThan(0);
          for (const [page, limit] of pages) {
            const where = `${term} in ${categoryId ?? 'all'}, page ${page} by ${limit}`;
            const found = await searchProductIds(db, { term, page, limit, categoryId });
            expect(found.ids, where).toEqual(expected.slice((page - 1) * limit, page * limit));
            const bound = Math.max(SEARCH_COUNT_CAP, page * limit) + 1;
            if (expected.length >= bound) {
              expect(found, where).toMatchObject({ totalCount: bound - 1, capped: true });
            } else {
              expect(found.totalCount, where).toBe(expected.length);
              expect(found.capped ?? false, where).toBe(false);
            }
          }
        }
      }
    });
  }

  it('sorts, pages and counts the same read as one set or counted first', async () => {
    const sorted = async (reading: 'set' | 'tiers', term: string, sort: string, cat?: number) => {
      setOneSetReading(reading);
      const pages = [];
      for (const page of [1, 3, 90]) {
        const found = await listActiveProducts(db, {
          page,
          limit: 12,
          search: term,
          sort,
          ...(cat === undefined ? {} : { categoryId: String(cat) }),
        } as Parameters<typeof listActiveProducts>[1]);
        pages.push({
          ids: found.products.map((p) => p.id),
          total: found.totalCount,
          capped: found.totalCountCapped ?? false,
        });
      }
      return pages;
    };
    for (const term of ['alfa', 'alfa beta', 'beta alf']) {
      for (const sort of ['price_asc', 'discount', 'newest']) {
        for (const cat of [tesId, undefined]) {
          const tiers = await sorted('tiers', term, sort, cat);
          const expected = termRanking(made, cat === undefined ? all : tes, term);
          const bound = SEARCH_COUNT_CAP + 1;
          expect(tiers[0], `${term} ${sort}`).toMatchObject(
            expected.length >= bound
              ? { total: bound - 1, capped: true }
              : { total: expected.length, capped: false },
          );
          expect(new Set(tiers.slice(0, 2).flatMap((page) => page.ids)).size).toBe(
            tiers[0]!.ids.length + tiers[1]!.ids.length,
          );
          expect(await sorted('set', term, sort, cat), `${term} ${sort} ${cat}`).toEqual(tiers);
        }
      }
    }
  });
});
