import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { POSTINGS_FILL, POSTINGS_OF_ROWS } from '../../db/migrations/0041-search-postings-category';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { setOneSetReading } from './engines';
import { choosePostedWords } from './posted-words';
import { setPostingsReading } from './postings';
import { searchProductIds } from './queries';
import {
  expectedRanking,
  insertMadeProducts,
  moveToSecondCategory,
  type MadeProduct,
} from './test-support';

/**
 * Session 47 (docs/decisions.md, "Session 47: page 1,000 of a common word"): a posted word's
 * title and label tiers are read from `search_postings` (migration 0034). Every page and total
 * must be the walk's or GIN's, and the postings must stay what a rebuild from `product_search`
 * gives after every kind of write: a product created, retitled, rebadged, re-dated, deactivated
 * and reactivated, deleted (the cascade), moved to another category, and its category renamed.
 * In a category the postings carry (migration 0041) give its pages as the category's walk does.
 */

const PRODUCTS = 420;
const BASE = Date.UTC(2025, 0, 1);

function catalogue(): MadeProduct[] {
  const made: MadeProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const title = `Barang ${i % 7 === 0 ? 'Alfa ' : ''}${i % 11 === 0 ? 'Beta ' : ''}Nomor`;
    made.push({
      id: randomUUID(),
      title,
      badge: i % 5 < 2 ? 'Alfa' : i % 5 < 3 ? 'Beta' : null,
      description: `${title}. ${i % 3 === 0 ? 'alfa' : 'gamma'} harian`,
      // Two or three products a minute: the postings keep the walk's productId order on ties.
      createdAt: BASE + ((i * 7919) % 170) * 60_000,
    });
  }
  return made;
}

const PAGES = [
  [1, 12],
  [2, 12],
  [6, 12],
  [1, 50],
  [2, 50],
  [3, 50],
  [5, 50],
  [7, 30],
  [13, 25],
  [30, 12],
  [1, 1000],
] as const;

describe('title and label postings of common words on postgres', () => {
  let testDb: TestDatabase;
  let db: Database;
  const made = catalogue();
  const statements: string[] = [];
  // The whole catalogue, and each of its two categories.
  const scopes: (number | null)[] = [null];

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrate(db);
    await insertMadeProducts(db, made);
    const tesId = await moveToSecondCategory(
      db,
      made.filter((_, i) => i % 4 === 1).map((p) => p.id),
      { name: 'Lain', slug: 'lain' },
    );
    const [lain] = await db.sequelize.query(`SELECT id FROM categories WHERE slug = 'lain'`);
    scopes.push(tesId, (lain as { id: number }[])[0]!.id);
    // A small catalogue posts no word by the migration's rule: the test lists its own.
    await db.sequelize.query(`INSERT INTO search_posting_words (word) VALUES ('alfa'), ('beta')`);
    for (const sql of POSTINGS_FILL) await db.sequelize.query(sql);
    await db.sequelize.query('ANALYZE product_search');
    const query = db.sequelize.query.bind(db.sequelize);
    (db.sequelize as { query: unknown }).query = (sql: unknown, options: unknown) => {
      statements.push(String(sql));
      return query(sql as string, options as object);
    };
    // The tiers one by one (a small catalogue's statistics would read its matches as one set).
    setOneSetReading('tiers');
  }, 120_000);

  afterAll(async () => {
    setOneSetReading(null);
    setPostingsReading(null);
    await db?.close();
    await testDb?.drop();
  });

  /** Every page by the postings equals the walk's or GIN's, and the postings were read. */
  async function expectSamePages(term: string) {
    for (const categoryId of scopes) {
      for (const [page, limit] of PAGES) {
        const context = `${term} in ${categoryId ?? 'all'}, page ${page} by ${limit}`;
        setPostingsReading('postings');
        statements.length = 0;
        const byPostings = await searchProductIds(db, { term, page, limit, categoryId });
        expect(
          statements.some((sql) => sql.includes('FROM search_postings')),
          context,
        ).toBe(true);
        setPostingsReading('off');
        statements.length = 0;
        const general = await searchProductIds(db, { term, page, limit, categoryId });
        expect(
          statements.some((sql) => sql.includes('search_postings')),
          context,
        ).toBe(false);
        setPostingsReading(null);
        expect(byPostings, context).toEqual(general);
      }
    }
  }

  /** Postings the rebuild lacks, and rebuilt postings the table lacks (EXCEPT ALL both ways). */
  async function postingsOffRebuild(): Promise<{ extra: number; missing: number }> {
    const [rows] = await db.sequelize.query(
      `SELECT
        (SELECT count(*) FROM (SELECT word, tier, "createdAt", "productId", "categoryId" FROM search_postings
          EXCEPT ALL ${POSTINGS_OF_ROWS}) AS e) AS extra,
        (SELECT count(*) FROM (${POSTINGS_OF_ROWS}
          EXCEPT ALL SELECT word, tier, "createdAt", "productId", "categoryId" FROM search_postings) AS m) AS missing`,
    );
    const row = (rows as { extra: string; missing: string }[])[0]!;
    return { extra: Number(row.extra), missing: Number(row.missing) };
  }

  it('ranks and pages a posted word as the rows say, with the same totals as the walk', async () => {
    for (const word of ['alfa', 'beta']) {
      const all = expectedRanking(made, [word]);
      const found = await searchProductIds(db, { term: word, page: 3, limit: 50 });
      expect(found.ids).toEqual(all.slice(100, 150));
      expect(found.totalCount).toBe(all.length);
      await expectSamePages(word);
    }
    // Three tiers: the title, the label only (a badge) and the description.
    const tierOf = (p: MadeProduct) =>
      /alfa/i.test(p.title) ? 0 : /alfa/i.test(p.badge ?? '') ? 1 : 2;
    const tiers = new Set(
      made.filter((p) => /alfa/i.test(`${p.title} ${p.badge} ${p.description}`)).map(tierOf),
    );
    expect([...tiers].sort()).toEqual([0, 1, 2]);
  }, 120_000);

  it('reads the postings of a posted word the label statistics list, unforced', async () => {
    statements.length = 0;
    await searchProductIds(db, { term: 'alfa', page: 4, limit: 50 });
    expect(statements.some((sql) => sql.includes('FROM search_postings'))).toBe(true);
  });

  it('reads an unlisted word, a prefix and two words as before', async () => {
    for (const term of ['gamma', 'alfa beta', 'nomor']) {
      statements.length = 0;
      await searchProductIds(db, { term, page: 2, limit: 12 });
      expect(
        statements.some((sql) => sql.includes('FROM search_postings')),
        term,
      ).toBe(false);
    }
  });

  it('keeps the postings a rebuild through every write path', async () => {
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    const ids = made.map((p) => p.id);
    const inList = (list: string[]) => list.map((id) => `'${id}'`).join(', ');
    const run = (sql: string) => db.sequelize.query(sql);

    // Created: some with the words, some at a minute other products have.
    const [categories] = await db.sequelize.query(`SELECT id FROM categories WHERE slug = 'tes'`);
    const categoryId = (categories as { id: number }[])[0]!.id;
    await db.sequelize.getQueryInterface().bulkInsert(
      'products',
      Array.from({ length: 30 }, (_, i) =>
        productRow({
          id: randomUUID(),
          categoryId,
          title: `Baru ${i % 2 === 0 ? 'Alfa' : 'Gamma'} ${i}`,
          description: 'baru beta',
          imageUrl: `/images/new-${i}.jpg`,
          badgeText: i % 3 === 0 ? 'Beta' : null,
          platforms: '[]',
          createdAt: new Date(BASE + (i % 40) * 60_000),
          updatedAt: new Date(BASE),
        }),
      ),
    );
    // Badges changed, given and taken away.
    await run(`UPDATE products SET "badgeText" = 'Beta' WHERE id IN (${inList(ids.slice(0, 40))})`);
    await run(
      `UPDATE products SET "badgeText" = 'Alfa' WHERE id IN (${inList(ids.slice(40, 70))})`,
    );
    await run(`UPDATE products SET "badgeText" = NULL WHERE id IN (${inList(ids.slice(70, 90))})`);
    // Titles given a word, or losing it.
    await run(
      `UPDATE products SET title = title || ' Alfa' WHERE id IN (${inList(ids.slice(90, 130))})`,
    );
    await run(
      `UPDATE products SET title = 'Barang Biasa' WHERE id IN (${inList(ids.slice(130, 160))})`,
    );
    // A description edit alone (no posting changes) and a new date.
    await run(
      `UPDATE products SET description = 'alfa lagi' WHERE id IN (${inList(ids.slice(160, 180))})`,
    );
    await run(
      `UPDATE products SET "createdAt" = "createdAt" + interval '3 minutes'
        WHERE id IN (${inList(ids.slice(180, 200))})`,
    );
    // Deactivated, some reactivated; deleted (the search rows go by the products FK's cascade).
    await run(
      `UPDATE products SET "isActive" = false WHERE id IN (${inList(ids.slice(200, 260))})`,
    );
    await run(`UPDATE products SET "isActive" = true WHERE id IN (${inList(ids.slice(200, 220))})`);
    await run(`DELETE FROM products WHERE id IN (${inList(ids.slice(260, 290))})`);
    // Moved to the other category and back, the label's words unchanged by the move alone when
    // both categories' names hold no posted word.
    const [tes, lain] = [scopes[1]!, scopes[2]!];
    await run(
      `UPDATE products SET "categoryId" = CASE WHEN "categoryId" = ${tes} THEN ${lain} ELSE ${tes} END
        WHERE id IN (${inList(ids.slice(290, 340))})`,
    );
    await run(
      `UPDATE products SET "categoryId" = ${tes} WHERE id IN (${inList(ids.slice(290, 300))})`,
    );
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    await expectSamePages('alfa');
    await expectSamePages('beta');

    // The category renamed: every label gains, then loses, a posted word.
    await run(`UPDATE categories SET name = 'Tes Beta' WHERE id = ${categoryId}`);
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    await expectSamePages('beta');
    await run(`UPDATE categories SET name = 'Tes' WHERE id = ${categoryId}`);
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    await expectSamePages('beta');
  }, 180_000);

  it('chooses the posted words again from the catalogue as it grew (npm run search:postings)', async () => {
    // Every label word in at least 40% of the rows, counted here from the rows themselves.
    const [rows] = await db.sequelize.query(
      `SELECT w AS word FROM product_search s, unnest(tsvector_to_array(s.label)) w GROUP BY w
        HAVING count(*) >= 0.4 * (SELECT count(*) FROM product_search) ORDER BY w`,
    );
    const common = (rows as { word: string }[]).map((row) => row.word);
    // A word posted before and now rarer goes (beta), a word now common comes (barang).
    expect(common).toContain('barang');
    expect(common).not.toContain('beta');
    const chosen = await choosePostedWords(db, { share: 0.4, minRows: 1 });
    expect(chosen?.words).toEqual(common);
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    expect(chosen?.postings).toBeGreaterThan(0);
    // The newly posted word reads from its postings, with the pages the walk gives.
    await expectSamePages('barang');
    // Later writes are kept for the new list by the trigger.
    await db.sequelize.query(`UPDATE products SET title = 'Lain' WHERE title LIKE 'Barang Biasa%'`);
    expect(await postingsOffRebuild()).toEqual({ extra: 0, missing: 0 });
    await expectSamePages('barang');
  }, 120_000);
});
