import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { FILTER_SETS, filteredTestCatalogue } from '../../../test/support/filtered-catalogue';
import { plansOf, statementsOf } from '../../../test/support/plans';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { setFilteredSortedReading } from './filtered-sorted';
import { hasListingFilters } from '@shared/schemas';
import { listingPage, type ListingScope } from './listing';

/**
 * PostgreSQL, a search with filters sorted by price or saving (filtered-sorted.ts): the walk of
 * the sort's index (one marketplace's link index) testing each row, bounded by rows walked,
 * then the general path when it ends short, answers what the general path answers (every
 * filtered match sorted): the same ids in the same order and the same count, on every page and
 * past the count bound. The catalogue shares creation times, prices and discounts, and has
 * inactive products and products without a price; `promo` is in titles (`Promosi`) and
 * badges, `untuk` in descriptions only.
 */
describe('a filtered search sorted by price or saving on postgres', () => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue('postgres', filteredTestCatalogue(45));
  }, 60_000);
  afterEach(() => setFilteredSortedReading(null));
  afterAll(() => fixture?.close());

  const filterSets = FILTER_SETS;
  // One marketplace and a price range (alone, or in stock): counted over the search rows, each
  // on its link alone (ListingSql.rangeTest), where the general path counts through the products.
  // One marketplace alone: a category's link walk ends before its products without a price
  // there, which only its set places.
  const rangeSets: typeof FILTER_SETS = [
    { platforms: ['Shopee'], inStock: false },
    { platforms: ['Shopee'], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
    { platforms: ['Shopee'], inStock: true, maxPrice: 100_000 },
  ];
  // Walked (also stopped after 10 rows or 1, then the general path), each category that holds
  // the words walked (also stopped after 10 rows or 1 over them all, then that category's
  // matches as a set), the general path alone, and by their costs.
  const readings = [
    ['walk'],
    ['walk', 10],
    ['walk', 1],
    ['categories'],
    ['categories', 10],
    ['categories', 1],
    ['general'],
    [null],
  ] as const;
  const sorts = ['price_asc', 'price_desc', 'saving'] as const;

  it('reads every page as the general path does, walked or not', async () => {
    const { db, categories } = fixture;
    let rows = 0;
    for (const term of ['promo', 'untuk', 'tas promo', 'kopi', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const filterSet of filterSets) {
          for (const sort of sorts) {
            const filters = { ...filterSet, sort };
            const pages = [0, 8, 16, 40, 64, 120, 1_000].map((offset) => ({ limit: 8, offset }));
            for (const page of pages) {
              const general = await listingPage(db, scope, filters, sort, page, {
                sortedSearch: 'general',
              });
              for (const [reading, cap] of readings) {
                setFilteredSortedReading(reading, cap);
                const found = await listingPage(db, scope, filters, sort, page);
                const context = JSON.stringify({
                  term,
                  categoryId,
                  filterSet,
                  sort,
                  page,
                  reading,
                  cap,
                });
                expect(found, context).toEqual(general);
              }
              rows += general.ids.length;
            }
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(3000);
  }, 600_000);

  // The readings above less the walks stopped after 10 rows (this grid is read under load).
  const rangeReadings = readings.filter(([, cap]) => cap !== 10);

  it('counts and pages few matches with filters from one reading of their set, as the general path does', async () => {
    const { db, categories } = fixture;
    let rows = 0;
    const sets: typeof FILTER_SETS = [
      ...FILTER_SETS,
      // Several marketplaces by price: no figure walk, so the set too.
      { platforms: ['Tokopedia', 'Lazada'], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
    ];
    const statements = await statementsOf(db, async () => {
      for (const term of ['promo', 'untuk', 'tas promo', 'zzzz']) {
        const groups = await wordGroups(db, tokenize(term));
        for (const categoryId of [null, categories[0]!]) {
          const scope: ListingScope = { categoryId, groups };
          for (const filterSet of sets) {
            for (const sort of ['newest', 'discount', 'price_asc', 'price_desc'] as const) {
              const filters = { ...filterSet, sort };
              for (const offset of [0, 16, 64, 1_000]) {
                const page = { limit: 8, offset };
                const general = await listingPage(db, scope, filters, sort, page, {
                  sortedSearch: 'general',
                });
                const found = await listingPage(db, scope, filters, sort, page);
                expect(found, JSON.stringify({ term, categoryId, filterSet, sort, page })).toEqual(
                  general,
                );
                rows += general.ids.length;
              }
            }
          }
        }
      }
    });
    expect(rows).toBeGreaterThan(500);
    // The set's own statement answered (at this size every search's matches are few).
    expect(
      statements.some(({ sql }) => sql.includes('SELECT count(*) FROM m JOIN products p')),
    ).toBe(true);
  }, 240_000);

  it('counts one marketplace with a price range and walks its links as the general path does', async () => {
    const { db, categories } = fixture;
    let rows = 0;
    for (const term of ['promo', 'untuk', 'tas promo', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const filterSet of rangeSets) {
          for (const sort of sorts) {
            const filters = { ...filterSet, sort };
            for (const offset of [0, 8, 16, 1_000]) {
              const page = { limit: 8, offset };
              const general = await listingPage(db, scope, filters, sort, page, {
                sortedSearch: 'general',
              });
              for (const [reading, cap] of rangeReadings) {
                setFilteredSortedReading(reading, cap);
                const found = await listingPage(db, scope, filters, sort, page);
                const context = { term, categoryId, filterSet, sort, page, reading, cap };
                expect(found, JSON.stringify(context)).toEqual(general);
              }
              rows += general.ids.length;
            }
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(250);
  }, 600_000);

  it("tests a walk's filters on its sort index alone, never a product row (migration 0042)", async () => {
    const { db } = fixture;
    // Index-only reads need the visibility map a vacuum writes (autovacuum's, at size).
    await db.sequelize.query('VACUUM ANALYZE products');
    const filterSet = { platforms: [], inStock: true, minPrice: 60_000, maxPrice: 120_000 };
    const groups = await wordGroups(db, tokenize('promo'));
    const statements = await statementsOf(db, async () => {
      for (const reading of ['walk', 'categories'] as const) {
        for (const sort of sorts) {
          setFilteredSortedReading(reading);
          const filters = { ...filterSet, minDiscount: 10, sort };
          const scope: ListingScope = { categoryId: null, groups };
          await listingPage(db, scope, filters, sort, { limit: 8, offset: 0 });
        }
      }
    });
    const walks = statements.filter(({ sql }) => /AS hit\s+FROM products p WHERE/.test(sql));
    // Each sort over the whole catalogue, and in each category that holds the word.
    expect(walks.length).toBeGreaterThan(sorts.length * 2);
    // At 400 products the planner would rather scan and sort; at 1,000,000 it walks the index.
    for (const plan of await plansOf(db, walks, [
      'enable_seqscan',
      'enable_bitmapscan',
      'enable_sort',
    ])) {
      expect(plan).toMatch(
        /Index Only Scan using products_(category_)?active_(price_asc|price_desc|saving) on products p/,
      );
      expect(plan).not.toMatch(/Index Scan using products_/);
    }
  });

  it('walks the categories that hold a word, kept as products are written', async () => {
    const { db, categories } = fixture;
    const [first, second] = [categories[0]!, categories[1]!];
    const held = async (word: string) =>
      (
        await db.sequelize.query<{ categoryId: number }>(
          `SELECT "categoryId" FROM search_word_categories WHERE word = $1 ORDER BY 1`,
          { bind: [word], type: QueryTypes.SELECT },
        )
      ).map((row) => Number(row.categoryId));
    // Two active products of the first category take a word no other product has.
    await db.sequelize.query(
      `UPDATE products SET title = title || ' Zebrakuda' WHERE id IN (SELECT id FROM products
        WHERE "isActive" AND "categoryId" = $1 ORDER BY id LIMIT 2)`,
      { bind: [first] },
    );
    expect(await held('zebrakuda')).toEqual([first]);
    const compare = async (expectedRows: number) => {
      const groups = await wordGroups(db, tokenize('zebrakuda'));
      let rows = 0;
      for (const filterSet of [{ platforms: [], inStock: false }, ...filterSets, ...rangeSets]) {
        for (const sort of sorts) {
          const filters = { ...filterSet, sort };
          const scope: ListingScope = { categoryId: null, groups };
          for (const page of [
            { limit: 1, offset: 0 },
            { limit: 1, offset: 1 },
            { limit: 8, offset: 0 },
          ]) {
            const general = await listingPage(db, scope, filters, sort, page, {
              sortedSearch: 'general',
            });
            for (const [reading, cap] of readings) {
              setFilteredSortedReading(reading, cap);
              const found = await listingPage(db, scope, filters, sort, page);
              expect(found, JSON.stringify({ filterSet, sort, page, reading, cap })).toEqual(
                general,
              );
            }
            if (!hasListingFilters(filterSet) && page.limit === 8) rows += general.ids.length;
          }
        }
      }
      expect(rows).toBe(expectedRows * sorts.length);
    };
    await compare(2);
    // One of them moves to the second category: the table keeps the first (it only grows), and
    // the walk of a category without the word finds nothing there.
    await db.sequelize.query(
      `UPDATE products SET "categoryId" = $1 WHERE id = (SELECT id FROM products
        WHERE "isActive" AND "categoryId" = $2 AND title LIKE '%Zebrakuda' ORDER BY id LIMIT 1)`,
      { bind: [second, first] },
    );
    expect(await held('zebrakuda')).toEqual([first, second].sort((a, b) => a - b));
    await compare(2);
  }, 300_000);
});
