import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/constants';
import type { ListingFilters } from '@shared/schemas';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
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
    fixture = await openSeededCatalogue('postgres', {
      categories: 3,
      seed: 45,
      products: 400,
      tieEvery: 3,
      product: ({ index, categories, random, pick }) => {
        const words = ['Sepatu', 'Kopi', 'Tas', 'Promosi'].filter(() => random() < 0.4);
        return {
          categoryId: pick(categories),
          title: `${words.join(' ')} Produk ${index}`,
          description: random() < 0.6 ? 'Cocok untuk hadiah' : 'Barang bagus',
          badgeText: random() < 0.3 ? 'Promo' : null,
          discountPercentage: pick([0, 10, 25, 50]),
          isActive: random() < 0.9,
        };
      },
      links: ({ index, random, pick }) => {
        if (random() < 0.15) return []; // no price
        return [
          {
            platform: pick(PLATFORMS),
            affiliateUrl: `https://example.com/${index}`,
            price: '',
            priceValue: pick([50_000, 90_000, 100_000, 150_000]),
            originalPriceValue: random() < 0.5 ? 200_000 : null,
            availability: random() < 0.8 ? 'in_stock' : 'out_of_stock',
          },
        ];
      },
    });
  }, 60_000);
  afterEach(() => setFilteredSortedReading(null));
  afterAll(() => fixture?.close());

  const filterSets: Omit<ListingFilters, 'sort'>[] = [
    { platforms: [], inStock: false, minDiscount: 25 },
    { platforms: ['Shopee'], inStock: false },
    { platforms: ['Tokopedia', 'Lazada'], inStock: true },
    { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
    { platforms: [], inStock: true },
    { platforms: ['Shopee'], inStock: false, minPrice: 60_000, minDiscount: 10 },
  ];
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
