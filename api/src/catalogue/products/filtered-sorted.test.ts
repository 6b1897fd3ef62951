import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { FILTER_SETS, filteredTestCatalogue } from '../../../test/support/filtered-catalogue';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { setFilteredSortedReading } from './filtered-sorted';
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
  // Walked (also stopped after 10 rows or 1, then the general path), the general path alone,
  // and by their costs.
  const readings = [['walk'], ['walk', 10], ['walk', 1], ['general'], [null]] as const;
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
});
