import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/constants';
import type { ListingFilters } from '@shared/schemas';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { setFilteredReading } from './filtered-ranked';
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
    fixture = await openSeededCatalogue('postgres', {
      categories: 3,
      seed: 44,
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
  afterEach(() => setFilteredReading(null));
  afterAll(() => fixture?.close());

  const filterSets: Omit<ListingFilters, 'sort'>[] = [
    { platforms: [], inStock: false, minDiscount: 25 },
    { platforms: ['Shopee'], inStock: false },
    { platforms: ['Tokopedia', 'Lazada'], inStock: true },
    { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
    { platforms: [], inStock: true },
    { platforms: ['Shopee'], inStock: false, minPrice: 60_000, minDiscount: 10 },
  ];
  // Walked (over the whole catalogue also stopped after 10 rows, then GIN), from GIN, and by
  // their costs.
  const readings = [['walk'], ['walk', 10], ['gin'], [null]] as const;

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
});
