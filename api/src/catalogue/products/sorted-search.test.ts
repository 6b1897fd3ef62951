import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/constants';
import { LISTING_SORTS, type ListingFilters, type ListingSort } from '@shared/schemas';
import {
  insertCategory,
  openMigratedDatabase,
  seededRandom,
  productRow,
  type FixtureDatabase,
} from '../../../test/support/catalogue-fixtures';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { listingPage, type ListingScope } from './listing';

/**
 * A search sorted by a product figure on SQLite (listing.ts, sortedSearchPage): the walk down
 * the sort's index that tests each row in FTS5, and the set of matches sorted, answer what the
 * general path answers: the same ids in the same order and the same count, on every page. The
 * catalogue shares creation times, prices and discounts, and has inactive products and
 * products without a price.
 */
describe('sorted search on sqlite', () => {
  let fixture: FixtureDatabase;
  const categories: number[] = [];

  beforeAll(async () => {
    fixture = await openMigratedDatabase('sqlite');
    const { db } = fixture;
    for (let i = 0; i < 3; i++) categories.push(await insertCategory(db));
    const random = seededRandom(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const base = Date.UTC(2026, 0, 1);
    const products = [];
    const links = [];
    for (let i = 0; i < 150; i++) {
      const id = randomUUID();
      const createdAt = new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000);
      const words = ['Sepatu', 'Kopi', 'Tas', 'Promosi'].filter(() => random() < 0.4);
      products.push(
        productRow({
          id,
          categoryId: pick(categories),
          title: `${words.join(' ')} Produk ${i}`,
          description: random() < 0.6 ? 'Cocok untuk hadiah' : 'Barang bagus',
          badgeText: random() < 0.3 ? 'Promo' : null,
          discountPercentage: pick([0, 10, 25, 50]),
          isActive: random() < 0.9,
          createdAt,
          updatedAt: createdAt,
        }),
      );
      if (random() < 0.15) continue; // no price
      links.push({
        productId: id,
        platform: pick(PLATFORMS),
        affiliateUrl: `https://example.com/${i}`,
        price: '',
        priceValue: pick([50_000, 90_000, 100_000, 150_000]),
        originalPriceValue: random() < 0.5 ? 200_000 : null,
        availability: 'in_stock',
        createdAt,
        updatedAt: createdAt,
      });
    }
    const qi = db.sequelize.getQueryInterface();
    await qi.bulkInsert('products', products);
    await qi.bulkInsert('platform_links', links);
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
    for (const way of ['walk', 'split', 'set', undefined] as const) {
      const found = await listingPage(db, scope, filters, sort, page, { sortedSearch: way });
      expect(found, `${context} ${way}`).toEqual(general);
    }
    return general.ids.length;
  };

  it('walks, splits, takes the set and reads the general path alike', async () => {
    const { db } = fixture;
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
    const { db } = fixture;
    const filterSets: Omit<ListingFilters, 'sort'>[] = [
      { platforms: ['Shopee'], inStock: false },
      { platforms: ['Tokopedia', 'Lazada'], inStock: true },
      { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
      { platforms: [], inStock: false, maxPrice: 90_000 },
      { platforms: [], inStock: false, minDiscount: 25 },
      { platforms: [], inStock: true },
      { platforms: ['Shopee'], inStock: false, minPrice: 60_000, minDiscount: 10 },
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
});
