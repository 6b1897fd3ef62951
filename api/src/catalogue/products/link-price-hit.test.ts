import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryTypes } from 'sequelize';
import { LISTING_SORTS, type ListingFilters } from '@shared/schemas';
import {
  openSeededCatalogue,
  randomLinks,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { listingPage, type ListingScope } from './listing';
import { countFilteredMatches } from './sorted-search';

/**
 * SQLite, a search with a marketplace and a price range: its filtered count, its relevance
 * tiers and its docs reading test each match's price on the chosen marketplaces from its docs
 * row (migration 0043), and must still answer what the general path answers (the same ids,
 * order and count on every page, every sort). Several links per product, a product's links on
 * either side of the range, out-of-stock links, links without a price, prices on the range's
 * bounds, inactive products, shared creation times.
 */
describe('a search with a marketplace and a price range on sqlite', () => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue('sqlite', {
      categories: 3,
      seed: 47,
      products: 160,
      tieEvery: 3,
      product: ({ index, categories, random, pick }) => {
        const words = ['Sepatu', 'Kopi', 'Tas', 'Promosi'].filter(() => random() < 0.45);
        return {
          categoryId: pick(categories),
          title: `${words.join(' ')} Produk ${index}`,
          badgeText: random() < 0.3 ? 'Promo' : null,
          discountPercentage: pick([0, 10, 25, 50]),
          isActive: random() < 0.9,
        };
      },
      // The range below is 90,000-120,000: prices on its bounds, inside and outside.
      links: randomLinks([50_000, 90_000, 100_000, 120_000, 150_000]),
    });
  }, 60_000);
  afterAll(() => fixture?.close());

  const filterSets: Omit<ListingFilters, 'sort'>[] = [
    { platforms: ['Shopee'], inStock: false, minPrice: 90_000, maxPrice: 120_000 },
    { platforms: ['Shopee'], inStock: true, minPrice: 100_000 },
    { platforms: ['Lazada'], inStock: false, maxPrice: 90_000, minDiscount: 10 },
    { platforms: ['Shopee', 'Tokopedia'], inStock: false, minPrice: 90_000, maxPrice: 120_000 },
    { platforms: ['Blibli', 'Shopee', 'TikTok'], inStock: true, maxPrice: 100_000 },
  ];

  it('answers as the general path on every page', async () => {
    const { db, categories } = fixture;
    let rows = 0;
    for (const term of ['promo', 'sepatu', 'kopi tas']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const filterSet of filterSets) {
          for (const sort of LISTING_SORTS) {
            const filters = { ...filterSet, sort };
            for (let offset = 0; offset <= 30; offset += 6) {
              const page = { limit: 6, offset };
              const general = await listingPage(db, scope, filters, sort, page, {
                sortedSearch: 'general',
              });
              for (const sortedSearch of [undefined, 'docs'] as const) {
                const found = await listingPage(db, scope, filters, sort, page, { sortedSearch });
                const context = JSON.stringify({ term, categoryId, filters, page, sortedSearch });
                expect(found, context).toEqual(general);
              }
              rows += general.ids.length;
            }
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(500);
  }, 120_000);

  it('tests the docs rows alone, whatever the marketplaces (the plan)', async () => {
    const { db } = fixture;
    const groups = await wordGroups(db, tokenize('promo'));
    for (const platforms of [['Shopee'], ['Shopee', 'Tokopedia']] as const) {
      const filters = { platforms: [...platforms], inStock: false, minPrice: 90_000 };
      const query = vi.spyOn(db.sequelize, 'query');
      await countFilteredMatches(db, { categoryId: null, groups }, filters, 1001);
      const [sql, options] = query.mock.calls.find(([text]) => /min\(docid\)/.test(String(text)))!;
      query.mockRestore();
      const plan = await db.sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, {
        bind: (options as { bind: unknown[] }).bind,
        type: QueryTypes.SELECT,
      });
      const steps = plan.map((step) => step.detail).join('\n');
      // Neither a link nor a product row read for a match: its docs row holds the prices.
      expect(steps, platforms.join()).not.toMatch(/platform_links|\bp USING|products/);
      expect(steps, platforms.join()).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
    }
  });
});
