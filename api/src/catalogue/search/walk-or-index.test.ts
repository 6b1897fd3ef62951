import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { createMigrator, migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { readShares, shareOf } from './engines';
import { searchProductIds, suggest } from './queries';
import { expectedRanking, insertMadeProducts, type MadeProduct } from './test-support';

/**
 * PostgreSQL reads a common word's page by walking the rows newest first and a rare word's
 * from its GIN entries, chosen from the column statistics (docs/decisions.md, "Search at
 * 1,000,000 products on PostgreSQL: walk or GIN"). Both must rank and count exactly alike: here a catalogue
 * with statistics, where `umum` (70% of descriptions) and `judul` (40% of titles) walk and
 * `langka` does not, checked against the ranking computed from the rows themselves.
 */

const PRODUCTS = 300;

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 5 < 2 ? 'Judul ' : ''}${i % 37 === 0 ? 'Langka ' : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 5 === 4 ? 'Umum' : null,
      description: `${title}. ${i % 10 < 7 ? 'produk umum' : 'produk'} harian`,
      // Written in an order unlike their age: migration 0023 must sort them.
      createdAt: Date.UTC(2025, 0, 1) + ((i * 7919) % PRODUCTS) * 60_000,
    });
  }
  return made;
}

describe.each(['sqlite', 'postgres'] as const)(
  'search rows in createdAt order on %s',
  (dialect) => {
    let testDb: TestDatabase;
    let db: Database;
    const made = catalogue();

    beforeAll(async () => {
      testDb = await createTestDatabase(dialect);
      const setup = await openDatabase({
        databaseUrl: testDb.databaseUrl,
        dataDir: testDb.dataDir,
      });
      await createMigrator(setup).up({ to: '0021-analytics-product-periods' });
      await insertMadeProducts(setup, made);
      await migrate(setup);
      // Undone and done again: down leaves the rows as they are, up sorts them again.
      await createMigrator(setup).down({ to: '0021-analytics-product-periods' });
      await migrate(setup);
      if (dialect === 'postgres') await setup.sequelize.query('ANALYZE product_search');
      await setup.close();
      // A fresh handle: the word statistics are read after ANALYZE.
      db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    });

    afterAll(async () => {
      await db?.close();
      await testDb?.drop();
    });

    it.runIf(dialect === 'postgres')(
      'stores the rows oldest first after migration 0023',
      async () => {
        const [rows] = await db.sequelize.query(
          'SELECT "createdAt" AS at FROM product_search ORDER BY ctid',
        );
        const times = (rows as { at: Date }[]).map((row) => new Date(row.at).getTime());
        expect(times).toHaveLength(PRODUCTS);
        expect(times).toEqual(times.slice().sort((a, b) => a - b));
      },
    );

    it.runIf(dialect === 'postgres')(
      'sees common words as common and rare ones as rare',
      async () => {
        const shares = await readShares(db);
        expect(shareOf(shares, 'document', [{ words: ['umum'], prefix: false }])).toBeGreaterThan(
          0.5,
        );
        expect(shareOf(shares, 'title', [{ words: ['judul'], prefix: false }])).toBeGreaterThan(
          0.3,
        );
        expect(shareOf(shares, 'title', [{ words: ['umu'], prefix: true }])).toBe(0);
      },
    );

    it('ranks, pages and counts every word exactly, walked or read from the index', async () => {
      for (const [term, words] of [
        ['umum', ['umum']],
        ['judul', ['judul']],
        ['judul umum', ['judul', 'umum']],
        ['langka', ['langka']],
        ['barang', ['barang']],
        ['umum barang', ['umum', 'barang']],
      ] as const) {
        const all = expectedRanking(made, [...words]);
        for (const [page, limit] of [
          [1, 12],
          [2, 50],
          [4, 50],
          [7, 50],
          [3, 100],
        ] as const) {
          const found = await searchProductIds(db, { term, page, limit });
          expect(found.ids, `${term} page ${page} by ${limit}`).toEqual(
            all.slice((page - 1) * limit, page * limit),
          );
          expect(found.totalCount, `${term} page ${page}`).toBe(all.length);
        }
        const suggested = await suggest(db, term);
        expect(suggested.products.map((p) => p.id)).toEqual(all.slice(0, 5));
      }
    });
  },
);
