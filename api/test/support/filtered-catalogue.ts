import { PLATFORMS } from '@shared/constants';
import type { ListingFilters } from '@shared/schemas';
import type { SeededCatalogueOptions } from './catalogue-fixtures';

/**
 * The catalogue the search tests (filtered-ranked, filtered-sorted, sorted-search) compare
 * their paths on: shared creation times, prices and discounts, inactive products and products
 * without a price; `promo` is in titles (`Promosi`) and badges, `untuk` in descriptions only.
 */
export function filteredTestCatalogue(
  seed: number,
  { products = 400, inStockShare = 0.8 }: { products?: number; inStockShare?: number } = {},
): SeededCatalogueOptions {
  return {
    categories: 3,
    seed,
    products,
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
          availability: random() < inStockShare ? 'in_stock' : 'out_of_stock',
        },
      ];
    },
  };
}

/** Each filter alone and together, one marketplace and two. */
export const FILTER_SETS: Omit<ListingFilters, 'sort'>[] = [
  { platforms: [], inStock: false, minDiscount: 25 },
  { platforms: ['Shopee'], inStock: false },
  { platforms: ['Tokopedia', 'Lazada'], inStock: true },
  { platforms: [], inStock: false, minPrice: 60_000, maxPrice: 120_000 },
  { platforms: [], inStock: true },
  { platforms: ['Shopee'], inStock: false, minPrice: 60_000, minDiscount: 10 },
];
