import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@shared/constants';
import type { ListingSort } from '@shared/schemas';
import {
  openSeededCatalogue,
  type SeededCatalogue,
} from '../../../test/support/catalogue-fixtures';
import { wordGroups } from '../search/queries';
import { tokenize } from '../search/terms';
import { listingPage, type ListingScope } from './listing';

/**
 * A sorted search without filters counts its matches in the search index alone
 * (listing.ts, countMatches) and answers what counting through the products answers: the same
 * total, the same "1.000+" past the cap, the same ids, on both engines, also after products
 * were deactivated, moved to another category or changed their words (the triggers' path).
 */
const dialects = ['sqlite', 'postgres'] as const;

describe.each(dialects)('sorted search count on %s', (dialect) => {
  let fixture: SeededCatalogue;

  beforeAll(async () => {
    fixture = await openSeededCatalogue(dialect, {
      categories: 3,
      seed: 26,
      // More `promo` matches than the cap over the whole catalogue, fewer in each category.
      products: SEARCH_COUNT_CAP + 300,
      tieEvery: 4,
      product: ({ index, categories, random, pick }) => ({
        categoryId: pick(categories),
        title: `${random() < 0.3 ? 'Sepatu' : 'Kopi'} Produk ${index}`,
        description: random() < 0.9 ? 'Harga promo untuk hadiah' : 'Barang bagus',
        badgeText: random() < 0.2 ? 'Promo' : null,
        discountPercentage: pick([0, 10, 25, 50]),
        isActive: random() < 0.93,
      }),
    });
  }, 120_000);
  afterAll(() => fixture?.close());

  const compareAll = async () => {
    const { db, categories } = fixture;
    let capped = 0;
    let rows = 0;
    for (const term of ['promo', 'sepatu', 'sepatu promo', 'zzzz']) {
      const groups = await wordGroups(db, tokenize(term));
      for (const categoryId of [null, ...categories]) {
        const scope: ListingScope = { categoryId, groups };
        for (const sort of ['newest', 'discount', 'price_asc'] as ListingSort[]) {
          const filters = { platforms: [], inStock: false, sort };
          for (const page of [
            { limit: 12, offset: 0 },
            { limit: 12, offset: 396 },
            { limit: 50, offset: 1_000 },
          ]) {
            const context = JSON.stringify({ term, categoryId, sort, page });
            // The general path (SQLite too), counted both ways.
            const products = await listingPage(db, scope, filters, sort, page, {
              sortedSearch: 'general',
              searchCount: false,
            });
            const index = await listingPage(db, scope, filters, sort, page, {
              sortedSearch: 'general',
            });
            expect(index, context).toEqual(products);
            // And as a visitor's request reads it.
            expect(await listingPage(db, scope, filters, sort, page), context).toEqual(products);
            // PostgreSQL past the bound: every match as a set, sorted (fewMatches).
            expect(
              await listingPage(db, scope, filters, sort, page, { searchSet: true }),
              context,
            ).toEqual(products);
            if (dialect === 'sqlite') {
              // sortedSearchPage: the set walk and the set from FTS5 past the bound (from the
              // count's list under it), the share of a capped count over the newest 200 docs.
              for (const way of ['setWalk', 'set', 'walk', undefined] as const) {
                const found = await listingPage(db, scope, filters, sort, page, {
                  sortedSearch: way,
                  spanRows: 200,
                });
                expect(found, `${context} ${way}`).toEqual(products);
              }
            }
            if (products.capped) capped++;
            rows += products.ids.length;
          }
        }
      }
    }
    return { capped, rows };
  };

  it('counts from the search index what the products count, past the cap too', async () => {
    const { capped, rows } = await compareAll();
    expect(capped).toBeGreaterThan(0);
    expect(rows).toBeGreaterThan(500);
  }, 180_000);

  it('still agrees after deactivations, moves and new words (through the triggers)', async () => {
    const { db, categories, productIds: ids } = fixture;
    const t = dialect === 'postgres' ? 'TRUE' : '1';
    const f = dialect === 'postgres' ? 'FALSE' : '0';
    const some = (from: number) => ids.slice(from, from + 40);
    const inList = (list: string[]) => list.map((id) => `'${id}'`).join(', ');
    await db.sequelize.query(
      `UPDATE products SET "isActive" = ${f} WHERE id IN (${inList(some(0))})`,
    );
    await db.sequelize.query(
      `UPDATE products SET "isActive" = ${t} WHERE id IN (${inList(some(40))})`,
    );
    await db.sequelize.query(
      `UPDATE products SET "categoryId" = ${categories[1]} WHERE id IN (${inList(some(80))})`,
    );
    await db.sequelize.query(
      `UPDATE products SET description = 'Tanpa kata itu' WHERE id IN (${inList(some(120))})`,
    );
    const { rows } = await compareAll();
    expect(rows).toBeGreaterThan(500);
  }, 180_000);
});
