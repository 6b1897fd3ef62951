import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { engineFor, setCategoryReading, setGinReading, setOneSetReading } from './engines';
import { listActiveProducts } from '../products/queries';
import { searchProductIds, wordGroups } from './queries';
import { tokenize } from './terms';
import {
  insertMadeProducts,
  moveToSecondCategory,
  termRanking,
  type MadeProduct,
} from './test-support';

/**
 * Two PostgreSQL readings of a search (docs/decisions.md, session 42), checked against the
 * ranking computed from the rows on both engines: a prefix spelled out as the indexed words it
 * stands for (`kop`: `kopi`, `kopiah`, `kopiko`, `kopilot`; `var`, 30 words, stays a prefix), and a
 * count in a category that walks the category or reads GIN of the rarest word only, testing
 * the others on its rows (`umum` is in 70% of the descriptions, `jarang` in 10%).
 */

const PRODUCTS = 300;
const KOP = ['kopi', 'kopiah', 'kopilot'];
/** Every indexed word `kop` starts: the titles' and a badge's. */
const KOP_WORDS = ['kopi', 'kopiah', 'kopiko', 'kopilot'];

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 7 === 0 ? `${KOP[i % 3]!} ` : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 11 === 0 ? 'Kopiko' : null,
      description: `${title}. ${i % 10 < 7 ? 'produk umum' : 'produk'} ${
        i % 10 === 3 ? 'jarang' : ''
      } var${i % 30}x`,
      createdAt: Date.UTC(2025, 0, 1) + ((i * 7919) % PRODUCTS) * 60_000,
    });
  }
  return made;
}

describe.each(['sqlite', 'postgres'] as const)(
  'spelled prefixes and category counts on %s',
  (dialect) => {
    let testDb: TestDatabase;
    let db: Database;
    const made = catalogue();
    const all = new Set(made.map((p) => p.id));
    // Every third product moves to another category: the search in "Tes" must leave it out.
    const tes = new Set(made.filter((_, i) => i % 3 !== 0).map((p) => p.id));
    let tesId = 0;

    beforeAll(async () => {
      testDb = await createTestDatabase(dialect);
      const setup = await openDatabase({
        databaseUrl: testDb.databaseUrl,
        dataDir: testDb.dataDir,
      });
      await migrate(setup);
      await insertMadeProducts(setup, made);
      tesId = await moveToSecondCategory(
        setup,
        made.filter((p) => !tes.has(p.id)).map((p) => p.id),
        { name: 'Tes', slug: 'tes-lain' },
      );
      await setup.close();
      db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    });

    afterEach(() => {
      setCategoryReading(null);
      setGinReading(null);
      setOneSetReading(null);
    });

    afterAll(async () => {
      await db?.close();
      await testDb?.drop();
    });

    it.runIf(dialect === 'postgres')(
      'spells a prefix out as every indexed word it starts, and keeps one of many words',
      async () => {
        expect(await wordGroups(db, tokenize('kop'))).toEqual([
          { words: KOP_WORDS, prefix: false },
        ]);
        expect(await wordGroups(db, tokenize('umum kopia'))).toEqual([
          { words: ['umum'], prefix: false },
          { words: ['kopiah'], prefix: false },
        ]);
        expect(await wordGroups(db, tokenize('var'))).toEqual([{ words: ['var'], prefix: true }]);
        expect(await wordGroups(db, tokenize('kopx'))).toEqual([{ words: ['kopx'], prefix: true }]);
        expect(engineFor(db).spelled).toBeDefined();
      },
    );

    const terms = ['kop', 'kopi', 'umum kop', 'var', 'var1', 'umum jarang', 'jarang umum', 'umum'];
    const pages = [
      [1, 12],
      [2, 25],
      [3, 40],
    ] as const;

    const readings = [
      ['walk', null],
      ['gin', 'rarest'],
      ['gin', 'every'],
      [null, null],
    ] as const;
    for (const [reading, gin] of readings) {
      it(`ranks, pages and counts in a category and over all (category: ${reading ?? 'by cost'}, GIN: ${gin ?? 'by cost'})`, async () => {
        setCategoryReading(reading);
        setGinReading(gin);
        // A forced reading is one of the tiers' (the one-set reading has tests of its own).
        if (reading !== null || gin !== null) setOneSetReading('tiers');
        for (const term of terms) {
          for (const [categoryId, scope] of [
            [tesId, tes],
            [null, all],
          ] as const) {
            const expected = termRanking(made, scope, term);
            expect(expected.length, term).toBeGreaterThan(0);
            for (const [page, limit] of pages) {
              const found = await searchProductIds(db, { term, page, limit, categoryId });
              const where = `${term} in ${categoryId ?? 'all'}, page ${page} by ${limit}`;
              expect(found.ids, where).toEqual(expected.slice((page - 1) * limit, page * limit));
              expect(found.totalCount, where).toBe(expected.length);
            }
          }
        }
      });
    }

    it('sorts the same matches whichever words GIN reads', async () => {
      const sorted = async (
        gin: 'rarest' | 'every',
        term: string,
        sort: string,
        categoryId?: number,
      ) => {
        setGinReading(gin);
        setOneSetReading('tiers');
        const pages = [];
        for (const page of [1, 2, 3]) {
          const found = await listActiveProducts(db, {
            page,
            limit: 25,
            search: term,
            sort,
            ...(categoryId === undefined ? {} : { categoryId: String(categoryId) }),
          } as Parameters<typeof listActiveProducts>[1]);
          pages.push({ ids: found.products.map((p) => p.id), total: found.totalCount });
        }
        return pages;
      };
      for (const term of ['umum jarang', 'umum kop', 'kop']) {
        for (const sort of ['price_asc', 'discount', 'newest']) {
          for (const categoryId of [tesId, undefined]) {
            const every = await sorted('every', term, sort, categoryId);
            const expected = termRanking(made, categoryId === undefined ? all : tes, term);
            expect(every[0]!.total, `${term} ${sort}`).toBe(expected.length);
            expect(new Set(every.flatMap((page) => page.ids))).toEqual(new Set(expected));
            expect(await sorted('rarest', term, sort, categoryId), `${term} ${sort}`).toEqual(
              every,
            );
          }
        }
      }
    });
  },
);
