import { QueryTypes } from 'sequelize';
import type { LowestPrice, Platform, Product as ProductJson } from '@shared/types';
import type { Database } from '../../db/database';
import type { Product } from '../../db/models';
import { beforePrice, savingOf } from '@shared/rules/saving';
import { presentPublicProduct } from '../products/presenter';

/** The cheapest offer and the original price of its link (for the "before" price). */
type LowestOffer = LowestPrice & { originalPriceValue: number | null };

/**
 * The cheapest current price of each product, over its links with a price that are in stock
 * (an out-of-stock link is never offered as the cheapest), in one query for a whole page of
 * products (ties go to the older link). Products without such a price are absent. Given
 * marketplaces, a product's cheapest offer on one of them comes first, its cheapest anywhere
 * only when it has none there.
 */
export async function lowestPrices(
  db: Database,
  productIds: readonly string[],
  preferred: readonly Platform[] = [],
): Promise<Map<string, LowestOffer>> {
  const lowest = new Map<string, LowestOffer>();
  if (productIds.length === 0) return lowest;
  const preferredFirst =
    preferred.length > 0 ? 'CASE WHEN platform IN (:preferred) THEN 0 ELSE 1 END,' : '';
  const rows = await db.sequelize.query<{
    id: number | string;
    productId: string;
    platform: string;
    priceValue: number | string;
    originalPriceValue: number | string | null;
  }>(
    `SELECT id, "productId", platform, "priceValue", "originalPriceValue" FROM platform_links
     WHERE "productId" IN (:ids) AND "priceValue" IS NOT NULL AND availability = 'in_stock'
     ORDER BY "productId", ${preferredFirst} "priceValue", id`,
    {
      replacements: { ids: [...new Set(productIds)], preferred: [...preferred] },
      type: QueryTypes.SELECT,
    },
  );
  for (const row of rows) {
    if (lowest.has(row.productId)) continue;
    lowest.set(row.productId, {
      price: Number(row.priceValue),
      platform: row.platform as Platform,
      linkId: String(row.id),
      originalPriceValue: row.originalPriceValue === null ? null : Number(row.originalPriceValue),
    });
  }
  return lowest;
}

/**
 * Products as visitors get them: each with its lowest current price (null without one). A list
 * filtered by marketplace shows each product's cheapest offer on those marketplaces, the price
 * its filters and sort read (listing-sql.ts `price()`), not a cheaper one elsewhere that would
 * fall outside the shopper's price range.
 */
export async function presentWithLowestPrices(
  db: Database,
  products: readonly Product[],
  platforms: readonly Platform[] = [],
): Promise<ProductJson[]> {
  const lowest = await lowestPrices(
    db,
    products.map((product) => product.id),
    platforms,
  );
  return products.map((product) => {
    const offer = lowest.get(product.id);
    if (!offer) return presentPublicProduct(product, null);
    const { originalPriceValue, ...price } = offer;
    const prices = {
      priceValue: price.price,
      originalPriceValue,
      discountPercentage: product.discountPercentage,
    };
    return presentPublicProduct(product, {
      ...price,
      beforePrice: beforePrice(prices),
      saving: savingOf(prices),
    });
  });
}
