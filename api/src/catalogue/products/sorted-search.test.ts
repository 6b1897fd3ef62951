import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/constants';
import { LISTING_SORTS, type ListingFilters, type ListingSort } from '@shared/schemas';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { filteredTestCatalogue } from '../../../test/support/filtered-catalogue';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { listingPage, type ListingScope } from './listing';
import { fewCategoriesPage } from './filtered-sorted';
import { sortedPage, splitSearchPage } from './listing-sql';
import { choose, splitPlan, walkQuery, type NewestMatches } from './sorted-search';

/**
 * A search sorted by a product figure on SQLite (listing.ts, sortedSearchPage): the walk down
 * the sort's index that tests each row in FTS5, and the set of matches sorted, answer what the
 * general path answers: the same ids in the same order and the same count, on every page. The
 * catalogue shares creation times, prices and discounts, and has inactive products and
 * products without a price.
 */
describe('sorted search on sqlite', () => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue(
      'sqlite',
      filteredTestCatalogue(11, { products: 150, inStockShare: 1 }),
    );
  }, 60_000);
  afterAll(() => fixture?.close());

  const compare = async (
    scope: ListingScope,
    filters: ListingFilters,
    sort: ListingSort,
    page: { limit: number; offset: number },
  ) => {
    const { db } = fixture;
    const general = await listingPage(db, scope, filters, sort, page, {
      sortedSearch: 'general',
    });
    const context = JSON.stringify({ scope, filters, page });
    for (const way of ['walk', 'setWalk', 'split', 'set', 'docs', undefined] as const) {
      // The set and the set walk from the count's list of matches, and from FTS5.
      for (const matchList of way === 'set' || way === 'setWalk' ? [true, false] : [true]) {
        const found = await listingPage(db, scope, filters, sort, page, {
          sortedSearch: way,
          matchList,
        });
        expect(found, `${context} ${way} ${matchList}`).toEqual(general);
      }
    }
    return general.ids.length;
  };

  it('walks, splits, takes the set and reads the general path alike', async () => {
    const { db, categories } = fixture;
    const sorts: ListingSort[] = ['newest', 'discount', 'price_asc', 'price_desc', 'saving'];
    let rows = 0;
    for (const term of ['promo', 'untuk', 'sepatu kopi', 'tas untuk', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const sort of sorts) {
          const filters = { platforms: [], inStock: false, sort };
          for (const limit of [7, 40]) {
            for (let offset = 0; offset <= 80; offset += limit) {
              rows += await compare(scope, filters, sort, { limit, offset });
            }
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(1000);
  }, 120_000);

  it('reads a search with filters as the general path does', async () => {
    const { db, categories } = fixture;
    const filterSets: Omit<ListingFilters, 'sort'>[] = [
      { platforms: ['Shopee'], inStock: false },
      { platforms: ['Tokopedia', 'Lazada'], inStock: true },
      { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
      { platforms: [], inStock: false, maxPrice: 90_000 },
      { platforms: [], inStock: false, minDiscount: 25 },
      { platforms: [], inStock: true },
      { platforms: ['Shopee'], inStock: false, minPrice: 60_000, minDiscount: 10 },
      // A marketplace's own price in the range (the docs' copy of it, migration 0043).
      { platforms: ['Shopee'], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
      { platforms: ['Tokopedia', 'Lazada'], inStock: true, maxPrice: 90_000 },
    ];
    let rows = 0;
    for (const term of ['promo', 'untuk', 'sepatu kopi', 'tas']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, categories[0]!]) {
        const scope: ListingScope = { categoryId, groups };
        for (const filterSet of filterSets) {
          for (const sort of LISTING_SORTS) {
            for (let offset = 0; offset <= 40; offset += 8) {
              rows += await compare(scope, { ...filterSet, sort }, sort, { limit: 8, offset });
            }
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(1000);
  }, 120_000);
  it('tests the filters of a walk from the sort index, never a product row (migration 0026)', async () => {
    const { db, categories } = fixture;
    const groups = await wordGroups(db, tokenize('promo'));
    const filterSets: Omit<ListingFilters, 'sort'>[] = [
      { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
      { platforms: [], inStock: true, minDiscount: 25 },
      { platforms: ['Shopee', 'Lazada'], inStock: true, minDiscount: 10 },
    ];
    for (const categoryId of [null, categories[0]!]) {
      for (const sort of ['price_asc', 'price_desc', 'saving', 'discount'] as const) {
        for (const filterSet of filterSets) {
          // A marketplace's price or saving is its links' (ListingSql.linkWalk), not the index's.
          if (filterSet.platforms.length > 0 && sort !== 'discount') continue;
          const walk = walkQuery(db, { categoryId, groups }, { ...filterSet, sort }, sort, 8, 100);
          const plan = await db.sequelize.query<{ detail: string }>(
            `EXPLAIN QUERY PLAN ${walk.sql}`,
            { bind: walk.values, type: QueryTypes.SELECT },
          );
          const index = `products_${categoryId === null ? '' : 'category_'}active_${sort}`;
          const reads = plan.map((step) => step.detail).find((detail) => / p USING /.test(detail));
          // SCAN, or SEARCH where a price range seeks its start.
          expect(reads, JSON.stringify({ categoryId, sort, filterSet })).toMatch(
            new RegExp(`^(SCAN|SEARCH) p USING COVERING INDEX ${index}\\b`),
          );
        }
      }
    }
  });
});

/**
 * The readings' costs (sortedSearchPage): a set reads every match of the words and keeps those
 * that pass the filters, so its cost is the words' matches, not the filtered ones.
 */
describe('sorted search costs', () => {
  // 1,000 of the newest matches pass the filters, 6,000 matches read to find them (1 in 6),
  // half in category 1 (10,000 products), half in category 2 (2,000,000 products).
  const counted: NewestMatches = {
    total: 1_000,
    oldest: 1,
    byCategory: new Map([
      [1, 500],
      [2, 500],
    ]),
    raw: 6_000,
  };
  const sizes = new Map([
    [1, 10_000],
    [2, 2_000_000],
  ]);

  it('counts the words matches a set reads, not the filtered ones', () => {
    // 8,000 filtered matches estimated: 48,000 matches of the words.
    const plan = splitPlan(counted, sizes, 8_000, 12, 1 / 6);
    // Category 1: 4,000 filtered matches in 10,000 products: a walk reads 30 rows (360 set
    // matches' cost), its set 24,000 matches. Category 2's set: 24,000.
    expect([...plan.walked.keys()]).toEqual([1]);
    expect(plan.cost).toBeCloseTo(12 * (12 / 0.4) + 24_000);
    // Without filters the same counts: the set of category 1 costs its 4,000 matches.
    const unfiltered = splitPlan({ ...counted, raw: 1_000 }, sizes, 8_000, 12, 1);
    expect(unfiltered.cost).toBeCloseTo(12 * (12 / 0.4) + 4_000);
  });

  it('walks when the set would read more matches than the walk rows', () => {
    // 0.8% of the products pass (a marketplace's price range): a walk of 1,500 rows, 18,000
    // set matches' cost; the set reads the words' 48,000 matches to keep 8,000.
    expect(choose(12, 0.008, 48_000, null, true)).toBe('walk');
    expect(choose(12, 0.008, 8_000, null, true)).toBe('set');
  });

  it('walks against the matches as a set when that costs least', () => {
    // `creme` in a category at 1,000,000: 4.8% of 23,700 products, ~1,130 matches. The walk
    // tests 250 rows in FTS5 (3,000 set matches' cost), the set walk looks them up in the
    // matches built once (25 + 340), the set reads all 1,130.
    expect(choose(12, 0.048, 1_130, null, true, 0.1 * 250 + 0.3 * 1_130)).toBe('setWalk');
    // Not over a catalogue whose word sits in a few categories (no spread): the split or set.
    expect(choose(12, 0.048, 1_130, null, false, 0.1 * 250 + 0.3 * 1_130)).toBe('set');
    // A word in half the products: the walk's 24 rows beat building 500,000 matches.
    expect(choose(12, 0.5, 500_000, null, true, 0.1 * 24 + 0.3 * 500_000)).toBe('walk');
  });
});

/**
 * PostgreSQL: a search over the whole catalogue sorted by price or saving split by category
 * (listing-sql.ts, splitSearchPage) answers what the general path answers on every page,
 * whether each category walks its sort index, is a set, or is chosen by its cost, after a
 * walk of the whole catalogue's index that found the page or stopped short of it. `tas` is a
 * word of one category (with a few elsewhere), `kopi` of two, `promo` of every one; creation
 * times, prices and savings are shared, some products are inactive or without a price.
 */
describe('sorted search split by category on postgres', () => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue('postgres', {
      categories: 4,
      seed: 35,
      products: 400,
      tieEvery: 3,
      product: ({ index, categories, random, pick }) => {
        const category = pick(categories);
        const words = [
          category === categories[0]
            ? random() < 0.8
              ? 'Tas'
              : ''
            : index % 37 === 0
              ? 'Tas'
              : '',
          category === categories[1] || category === categories[2]
            ? random() < 0.5
              ? 'Kopi'
              : ''
            : '',
        ];
        return {
          categoryId: category,
          title: `${words.join(' ')} Produk ${index}`,
          description: random() < 0.6 ? 'Cocok untuk hadiah' : 'Barang bagus',
          badgeText: random() < 0.5 ? 'Promo' : null,
          discountPercentage: pick([0, 10, 25, 50]),
          isActive: random() < 0.9,
        };
      },
      links: ({ index, categories, random, pick }, { categoryId }) => {
        if (random() < 0.15) return []; // no price
        // Prices follow categories, as in the seeded catalogue: a category's word starts far
        // down the whole catalogue's price index.
        const dear = categories.indexOf(categoryId) * 100_000;
        return [
          {
            platform: pick(PLATFORMS),
            affiliateUrl: `https://example.com/${index}`,
            price: '',
            priceValue: dear + pick([50_000, 90_000, 100_000]),
            originalPriceValue: random() < 0.5 ? dear + 200_000 : null,
            availability: 'in_stock',
          },
        ];
      },
    });
  }, 60_000);
  afterAll(() => fixture?.close());

  it('walks, takes the set or chooses by category as the general path reads', async () => {
    const { db } = fixture;
    const filters = { platforms: [], inStock: false };
    let rows = 0;
    for (const term of ['tas', 'kopi', 'promo', 'tas promo', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      const scope: ListingScope = { categoryId: null, groups };
      for (const sort of ['price_asc', 'price_desc', 'saving'] as const) {
        for (const limit of [7, 40]) {
          for (let offset = 0; offset <= 160; offset += limit) {
            const page = { limit, offset };
            const general = await sortedPage(db, scope, { ...filters, sort }, sort, page);
            for (const mode of ['walk', 'set', 'split'] as const) {
              const found = await splitSearchPage(db, scope, sort, page, mode);
              expect(found, JSON.stringify({ term, sort, page, mode })).toEqual(general);
            }
            // The walk of the whole catalogue first, stopped before the page's end (then the
            // split) or not.
            for (const probeRows of [30, 150]) {
              const found = await splitSearchPage(db, scope, sort, page, 'split', probeRows);
              expect(found, JSON.stringify({ term, sort, page, probeRows })).toEqual(general);
            }
            // By the categories that hold the words (every term here is in at most four): each
            // walks its own sort index, or stops short of its budget and is read as a set.
            for (const budget of [8, 400]) {
              const found = await fewCategoriesPage(db, scope, filters, sort, page, budget);
              expect(found, JSON.stringify({ term, sort, page, budget })).toEqual(general);
            }
            rows += general.length;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(1000);
  }, 120_000);
});
