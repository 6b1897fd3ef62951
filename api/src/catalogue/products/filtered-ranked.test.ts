import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListingFilters } from '@shared/schemas';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { FILTER_SETS, filteredTestCatalogue } from '../../../test/support/filtered-catalogue';
import { plansOf, statementsOf } from '../../../test/support/plans';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { filteredRankedPage, setFilteredReading } from './filtered-ranked';
import { listingPage, type ListingScope } from './listing';

/**
 * PostgreSQL, a search in relevance order with filters (filtered-ranked.ts): each tier walked
 * or read from GIN with the filters tested per match, and the count beside it, answer what
 * the general path answers (every filtered match sorted by its tier): the same ids in the same
 * order and the same count, on every page and past the count bound. The catalogue shares
 * creation times, prices and discounts, and has inactive products and products without a
 * price; `promo` is in titles (`Promosi`) and badges, `untuk` in descriptions only.
 */
describe('a filtered search in relevance order on postgres', () => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue('postgres', filteredTestCatalogue(44));
  }, 60_000);
  afterEach(() => setFilteredReading(null));
  afterAll(() => fixture?.close());

  const filterSets: Omit<ListingFilters, 'sort'>[] = [
    ...FILTER_SETS,
    { platforms: ['Lazada', 'Shopee'], inStock: true, minPrice: 60_000, maxPrice: 120_000 },
  ];
  // Walked (over the whole catalogue also stopped after 10 rows, then GIN), from GIN, counted
  // down the categories that hold the words, and by their costs.
  const readings = [['walk'], ['walk', 10], ['gin'], ['categories'], [null]] as const;

  it('reads every page as the general path does, whichever way each tier is read', async () => {
    const { db, categories } = fixture;
    let rows = 0;
    for (const term of ['promo', 'untuk', 'tas promo', 'kopi', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const filterSet of filterSets) {
          const filters = { ...filterSet, sort: 'relevance' as const };
          const pages = [0, 8, 16, 40, 64, 120, 1_000].map((offset) => ({ limit: 8, offset }));
          for (const page of pages) {
            const general = await listingPage(db, scope, filters, 'relevance', page, {
              sortedSearch: 'general',
            });
            for (const [reading, cap] of readings) {
              setFilteredReading(reading, cap);
              const found = await listingPage(db, scope, filters, 'relevance', page);
              const context = JSON.stringify({ term, categoryId, filterSet, page, reading, cap });
              expect(found, context).toEqual(general);
            }
            rows += general.ids.length;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(1000);
  }, 240_000);

  it('tests each match on its search row and the covering index alone (migrations 0032, 0045)', async () => {
    const { db } = fixture;
    // Index-only reads need the visibility map a vacuum writes (autovacuum's, at size).
    await db.sequelize.query('VACUUM ANALYZE products');
    await db.sequelize.query('VACUUM ANALYZE platform_links');
    const filters: ListingFilters = {
      sort: 'relevance',
      platforms: ['Shopee'],
      inStock: false,
      minPrice: 60_000,
      maxPrice: 120_000,
      minDiscount: 10,
    };
    const groups = await wordGroups(db, tokenize('promo'));
    const statements = await statementsOf(db, async () => {
      setFilteredReading('walk');
      await filteredRankedPage(db, { categoryId: null, groups }, filters, { limit: 8, offset: 0 });
    });
    const tests = statements.filter(({ sql }) => sql.includes('FROM products p WHERE p.id ='));
    expect(tests.length).toBeGreaterThan(0);
    // At 400 products the planner would rather scan; at 1,000,000 it probes by id.
    for (const text of await plansOf(db, tests, [
      'enable_seqscan',
      'enable_bitmapscan',
      'enable_hashjoin',
    ])) {
      expect(text).toContain('Index Only Scan using products_id_filters on products p');
      expect(text).not.toMatch(/Index Scan using products_pkey/);
      // The marketplace's price is the search row's own (migration 0045): no link is read.
      expect(text).not.toContain('platform_links');
    }
  });
});
