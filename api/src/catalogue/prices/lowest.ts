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
 * products (ties go to the older link). Products without such a price are absent.
 */
export async function lowestPrices(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, LowestOffer>> {
  const lowest = new Map<string, LowestOffer>();
  if (productIds.length === 0) return lowest;
  const rows = await db.sequelize.query<{
    id: number | string;
    productId: string;
    platform: string;
    priceValue: number | string;
    originalPriceValue: number | string | null;
  }>(
    `SELECT id, "productId", platform, "priceValue", "originalPriceValue" FROM platform_links
     WHERE "productId" IN (:ids) AND "priceValue" IS NOT NULL AND availability = 'in_stock'
     ORDER BY "productId", "priceValue", id`,
    { replacements: { ids: [...new Set(productIds)] }, type: QueryTypes.SELECT },
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

/** Products as visitors get them: each with its lowest current price (null without one). */
export async function presentWithLowestPrices(
  db: Database,
  products: readonly Product[],
): Promise<ProductJson[]> {
  const lowest = await lowestPrices(
    db,
    products.map((product) => product.id),
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
