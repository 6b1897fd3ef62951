import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '@shared/constants';
import { LISTING_SORTS, type ListingFilters } from '@shared/schemas';
import {
  openSeededCatalogue,
  randomLinks,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { listingFacets, listingPage, type ListingScope } from './listing';

/**
 * The link walk (a marketplace filter with a price sort or a price range, read from the
 * links' price index, migration 0024; with the saving sort, from the links' saving index,
 * migration 0025) answers exactly what the general path answers, which
 * computes each product's price on the chosen marketplaces: the same ids in the same order
 * and the same count, on every page, on both engines. The catalogue is small and made to hit
 * the edges: several links per product, equal prices across products and across a product's
 * own links, out-of-stock links, in-stock links without a price, links without an original
 * price, products sharing a creation time, inactive products, products without links.
 */
const dialects = ['sqlite', 'postgres'] as const;

describe.each(dialects)('listing link walk on %s', (dialect) => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue(dialect, {
      categories: 3,
      seed: 7,
      products: 90,
      tieEvery: 3,
      product: ({ index, categories, random, pick }) => ({
        categoryId: pick(categories),
        title: `Produk ${index}`,
        discountPercentage: pick([0, 10, 25, 50, 70]),
        isActive: random() < 0.9,
        isFeaturedPromo: random() < 0.2,
      }),
      // Few distinct prices: ties across products and across a product's own links.
      links: randomLinks([50_000, 90_000, 100_000, 150_000, 400_000]),
    });
  }, 60_000);
  afterAll(() => fixture?.close());

  const filterSets: Omit<ListingFilters, 'sort'>[] = [];
  const platformSets: Platform[][] = [
    ['Shopee'],
    ['Lazada'],
    ['Shopee', 'Tokopedia'],
    ['Blibli', 'Shopee', 'TikTok'],
  ];
  for (const platforms of platformSets) {
    filterSets.push({ platforms, inStock: false });
    filterSets.push({ platforms, inStock: true });
    filterSets.push({ platforms, inStock: false, minPrice: 90_000, maxPrice: 150_000 });
    filterSets.push({ platforms, inStock: false, maxPrice: 100_000 });
    filterSets.push({ platforms, inStock: true, minPrice: 100_000, minDiscount: 20 });
  }

  it('answers every page exactly as the general path does', async () => {
    const { db, categories } = fixture;
    const scopes: ListingScope[] = [
      { categoryId: null, groups: null },
      { categoryId: categories[0]!, groups: null },
      { categoryId: null, groups: null, promo: 'featured' },
      { categoryId: null, groups: null, promo: 'discounted' },
    ];
    let compared = 0;
    let walkedRows = 0;
    for (const scope of scopes) {
      for (const base of filterSets) {
        for (const sort of LISTING_SORTS.filter((s) => s !== 'relevance')) {
          const filters = { ...base, sort };
          // The price and saving sorts walk the links: every page, past the end too. The
          // other sorts share the count only (a price range's count reads the links).
          const walks = sort === 'price_asc' || sort === 'price_desc' || sort === 'saving';
          for (const limit of walks ? [7, 50] : [50]) {
            for (let offset = 0; offset <= (walks ? 70 : 0); offset += limit) {
              const page = { limit, offset };
              const walked = await listingPage(db, scope, filters, sort, page);
              const general = await listingPage(db, scope, filters, sort, page, {
                linkWalk: false,
              });
              expect(walked, JSON.stringify({ scope, filters, page })).toEqual(general);
              compared++;
              walkedRows += walked.ids.length;
            }
          }
        }
      }
    }
    // The comparisons saw rows, not only empty pages.
    expect(compared).toBeGreaterThan(500);
    expect(walkedRows).toBeGreaterThan(2000);
  }, 120_000);

  it('counts a large scope up to the bound, the walk and the general path alike', async () => {
    const { db } = fixture;
    const scope: ListingScope = { categoryId: null, groups: null };
    // As if the catalogue held more than EXACT_COUNTS_UP_TO products: it holds 90.
    const large = { exactCountsUpTo: 10 };
    let capped = 0;
    for (const base of filterSets) {
      for (const sort of ['price_asc', 'price_desc', 'saving', 'newest'] as const) {
        const filters = { ...base, sort };
        for (const page of [
          { limit: 7, offset: 0 },
          { limit: 7, offset: 35 },
          { limit: 50, offset: 50 },
        ]) {
          const exact = await listingPage(db, scope, filters, sort, page, { linkWalk: false });
          const walked = await listingPage(db, scope, filters, sort, page, large);
          const general = await listingPage(db, scope, filters, sort, page, {
            ...large,
            linkWalk: false,
          });
          const context = JSON.stringify({ filters, page });
          expect(walked, context).toEqual(general);
          // The same rows as an exact count; the count exact below its bound (1,000 here, or
          // the rows through the page), a lower bound beyond it.
          expect(walked.ids, context).toEqual(exact.ids);
          expect(walked.totalCount, context).toBe(exact.totalCount);
          if (walked.capped) capped++;
        }
      }
    }
    // 90 products never reach the bound of 1,000.
    expect(capped).toBe(0);
  }, 120_000);

  it("counts a large scope's facets over its newest products, as lower bounds", async () => {
    const { db, categories } = fixture;
    for (const scope of [
      { categoryId: null, groups: null },
      { categoryId: categories[1]!, groups: null },
      { categoryId: null, groups: null, promo: 'discounted' as const },
    ]) {
      for (const filters of filterSets) {
        const exact = await listingFacets(db, scope, filters);
        const sampled = await listingFacets(db, scope, filters, { exactCountsUpTo: 10 });
        // The sample (the newest 1,000) holds the whole small catalogue: the same counts.
        expect(sampled, JSON.stringify({ scope, filters })).toEqual({ ...exact, capped: true });
      }
    }
  }, 120_000);
});
