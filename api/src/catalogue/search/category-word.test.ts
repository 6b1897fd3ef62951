import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@shared/constants';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { setCategoryReading, setCategoryWordReading, setOneSetReading } from './engines';
import { listActiveProducts } from '../products/queries';
import { searchProductIds } from './queries';
import {
  insertMadeProducts,
  moveToSecondCategory,
  termRanking,
  type MadeProduct,
} from './test-support';

/**
 * PostgreSQL: a search in a category asks one GIN index of the search vector plus the row's
 * category word (migration 0040, CATEGORY_DOCUMENT in engines.ts). Its answers against the
 * ranking computed from the rows and against the same search without that index, after moves
 * between categories, a rename and a deactivation; its plan uses the index (the engine's
 * expression is the migration's: a different one would be read by a sequential scan, with the
 * same answers, so only the plan can tell); and no visitor's word reaches the category word.
 */

const PRODUCTS = SEARCH_COUNT_CAP + 300;

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 3 === 0 ? 'alfa ' : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 5 === 1 ? 'Alfa' : null,
      description: `${title}. produk ${i % 4 === 2 ? 'alfa' : 'lain'} ${i % 7 === 0 ? 'beta' : ''}`,
      createdAt: Date.UTC(2025, 0, 1) + Math.floor(((i * 7919) % PRODUCTS) / 3),
    });
  }
  return made;
}

describe('a search in a category on postgres, from the category word index', () => {
  let testDb: TestDatabase;
  let db: Database;
  const made = catalogue();
  const inTes = new Set(made.filter((_, i) => i % 3 !== 1).map((p) => p.id));
  let tesId = 0;
  let lainId = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrate(db);
    await insertMadeProducts(db, made);
    tesId = await moveToSecondCategory(
      db,
      made.filter((p) => !inTes.has(p.id)).map((p) => p.id),
      { name: 'Lain', slug: 'lain' },
    );
    const [rows] = await db.sequelize.query(`SELECT id FROM categories WHERE slug = 'lain'`);
    lainId = (rows as { id: number }[])[0]!.id;
  }, 120_000);

  afterEach(() => {
    setCategoryWordReading(true);
    setOneSetReading(null);
    setCategoryReading(null);
  });

  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  const terms = ['alfa', 'alf', 'alfa beta', 'beta', 'nomor alfa', 'produk alfa'];
  const pages = [
    [1, 12],
    [4, 40],
    [85, 12],
    [200, 12],
  ] as const;

  /** Every term, category and page, by each reading: as the rows rank them. */
  async function expectRanked(where: string) {
    const scopes = [
      [tesId, inTes],
      [lainId, new Set(made.filter((p) => !inTes.has(p.id)).map((p) => p.id))],
    ] as const;
    for (const oneSet of ['set', 'tiers'] as const) {
      for (const count of ['walk', 'gin'] as const) {
        for (const withIndex of [true, false]) {
          setOneSetReading(oneSet);
          setCategoryReading(count);
          setCategoryWordReading(withIndex);
          for (const term of terms) {
            for (const [categoryId, scope] of scopes) {
              const expected = termRanking(made, scope, term);
              for (const [page, limit] of pages) {
                const label = `${where}: ${term} in ${categoryId}, page ${page} by ${limit} (${oneSet}, ${count}, index ${withIndex})`;
                const found = await searchProductIds(db, { term, page, limit, categoryId });
                expect(found.ids, label).toEqual(expected.slice((page - 1) * limit, page * limit));
                const bound = Math.max(SEARCH_COUNT_CAP, page * limit) + 1;
                expect(found.totalCount, label).toBe(Math.min(expected.length, bound - 1));
              }
            }
          }
        }
      }
    }
  }

  it('ranks, pages and counts as the rows say, with the index and without', async () => {
    await expectRanked('seeded');
  });

  it('follows moves, a rename and deactivations', async () => {
    const moved = made.filter((_, i) => i % 11 === 0).map((p) => p.id);
    await db.sequelize.query(
      `UPDATE products SET "categoryId" = CASE WHEN "categoryId" = $1 THEN $2 ELSE $1 END
        WHERE id = ANY($3::uuid[])`,
      { bind: [tesId, lainId, moved] },
    );
    for (const id of moved) if (!inTes.delete(id)) inTes.add(id);
    await expectRanked('moved');

    // The rename rewrites every vector of the category (its name is in the label): the
    // category word stays.
    await db.sequelize.query(`UPDATE categories SET name = 'Tes Baru' WHERE id = $1`, {
      bind: [tesId],
    });
    const off = made.filter((_, i) => i % 13 === 5);
    await db.sequelize.query(`UPDATE products SET "isActive" = false WHERE id = ANY($1::uuid[])`, {
      bind: [off.map((p) => p.id)],
    });
    const active = made.filter((p) => !off.includes(p));
    made.length = 0;
    made.push(...active);
    await expectRanked('renamed and deactivated');
  });

  it('sorts and filters in a category the same with the index and without', async () => {
    const pagesOf = async (withIndex: boolean, term: string, sort: string) => {
      setCategoryWordReading(withIndex);
      const found = [];
      for (const page of [1, 3, 40]) {
        const listed = await listActiveProducts(db, {
          page,
          limit: 12,
          search: term,
          sort,
          categoryId: String(tesId),
          ...(sort === 'discount' ? { minDiscount: 0 } : {}),
        } as Parameters<typeof listActiveProducts>[1]);
        found.push({ ids: listed.products.map((p) => p.id), total: listed.totalCount });
      }
      return found;
    };
    for (const term of ['alfa', 'alfa beta', 'beta']) {
      for (const sort of ['relevance', 'price_asc', 'discount', 'newest']) {
        const expected = await pagesOf(false, term, sort);
        expect(expected[0]!.ids.length, `${term} ${sort}`).toBeGreaterThan(0);
        expect(await pagesOf(true, term, sort), `${term} ${sort}`).toEqual(expected);
      }
    }
  });

  it('reads the one index for a search in a category', async () => {
    const statements: { sql: string; bind: unknown[] }[] = [];
    const query = db.sequelize.query.bind(db.sequelize);
    (db.sequelize as { query: unknown }).query = (sql: string, options?: { bind?: unknown[] }) => {
      statements.push({ sql, bind: options?.bind ?? [] });
      return query(sql, options as never);
    };
    try {
      setOneSetReading('set');
      await searchProductIds(db, { term: 'beta', page: 1, limit: 12, categoryId: tesId });
    } finally {
      db.sequelize.query = query;
    }
    const oneSet = statements.filter(({ sql }) => sql.includes('array_to_tsvector'));
    expect(oneSet.length).toBe(1);
    await db.sequelize.transaction(async (transaction) => {
      // A few thousand rows: the planner would rather scan them.
      await db.sequelize.query('SET LOCAL enable_seqscan = off', { transaction });
      const plan = await db.sequelize.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${oneSet[0]!.sql}`, {
        bind: oneSet[0]!.bind,
        type: QueryTypes.SELECT,
        transaction,
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('Bitmap Index Scan on product_search_category_word');
      expect(text).not.toContain('product_search_category ');
    });
  });

  it('never lets a typed word reach a category word', async () => {
    const stray = randomUUID();
    const strayMade: MadeProduct = {
      id: stray,
      title: `Barang gamma c${lainId}`,
      badge: null,
      description: `~c${lainId} c${lainId} ~c${lainId}~ gamma`,
      createdAt: Date.UTC(2026, 0, 1),
    };
    await db.sequelize.getQueryInterface().bulkInsert('products', [
      productRow({
        id: stray,
        categoryId: tesId,
        title: strayMade.title,
        description: strayMade.description,
        imageUrl: `/images/${stray}.jpg`,
        badgeText: null,
        platforms: '[]',
        createdAt: new Date(strayMade.createdAt),
        updatedAt: new Date(strayMade.createdAt),
      }),
    ]);
    for (const term of [`c${lainId}`, `~c${lainId}`, 'gamma', `gamma c${lainId}`]) {
      const inLain = await searchProductIds(db, { term, page: 1, limit: 12, categoryId: lainId });
      expect(inLain.ids, term).not.toContain(stray);
      const inTesFound = await searchProductIds(db, {
        term,
        page: 1,
        limit: 12,
        categoryId: tesId,
      });
      expect(inTesFound.ids, term).toContain(stray);
    }
  });
});
