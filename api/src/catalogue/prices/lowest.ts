import { QueryTypes } from 'sequelize';
import type { LowestPrice, Platform, Product as ProductJson } from '@shared/types';
import type { Database } from '../../db/database';
import type { Product } from '../../db/models';
import { presentPublicProduct } from '../products/presenter';

/**
 * The cheapest current price of each product, over its links with a price, in one query for
 * a whole page of products (ties go to the older link). Products without a price are absent.
 */
export async function lowestPrices(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, LowestPrice>> {
  const lowest = new Map<string, LowestPrice>();
  if (productIds.length === 0) return lowest;
  const rows = await db.sequelize.query<{
    id: number | string;
    productId: string;
    platform: string;
    priceValue: number | string;
  }>(
    `SELECT id, "productId", platform, "priceValue" FROM platform_links
     WHERE "productId" IN (:ids) AND "priceValue" IS NOT NULL
     ORDER BY "productId", "priceValue", id`,
    { replacements: { ids: [...new Set(productIds)] }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    if (lowest.has(row.productId)) continue;
    lowest.set(row.productId, {
      price: Number(row.priceValue),
      platform: row.platform as Platform,
      linkId: String(row.id),
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
  return products.map((product) => presentPublicProduct(product, lowest.get(product.id) ?? null));
}
