import type { Transaction } from 'sequelize';
import { PLATFORMS } from '@shared/constants';
import type { Database } from '../../db/database';

/**
 * The listing figures of products (lowestPrice, saving, inStock, platformMask, stockMask), the
 * same SQL as the triggers of migrations 0014 and 0018, for a writer that deferred those
 * triggers (the CSV import: `product_figures_deferred`) and refreshes each product once.
 */
const IN_STOCK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

const bit = `CASE l.platform ${PLATFORMS.map((p, i) => `WHEN '${p}' THEN ${2 ** i}`).join(' ')} ELSE 0 END`;

const saving = `CASE
    WHEN l."priceValue" <= 0 THEN 0
    WHEN l."originalPriceValue" IS NOT NULL THEN
      CASE WHEN l."originalPriceValue" > l."priceValue"
        THEN l."originalPriceValue" - l."priceValue" ELSE 0 END
    WHEN products."discountPercentage" > 0 AND products."discountPercentage" < 100 THEN
      CASE WHEN CAST(round(l."priceValue" * 100.0 / (100 - products."discountPercentage") / 1000) AS BIGINT) * 1000
          > l."priceValue"
        THEN CAST(round(l."priceValue" * 100.0 / (100 - products."discountPercentage") / 1000) AS BIGINT) * 1000
          - l."priceValue"
        ELSE 0 END
    ELSE 0 END`;

const FIGURES = `
  "lowestPrice" = (SELECT min(l."priceValue") FROM platform_links l
    WHERE l."productId" = products.id AND ${IN_STOCK}),
  "inStock" = EXISTS (SELECT 1 FROM platform_links l
    WHERE l."productId" = products.id AND l.availability = 'in_stock'),
  saving = coalesce((SELECT ${saving} FROM platform_links l
    WHERE l."productId" = products.id AND ${IN_STOCK}
    ORDER BY l."priceValue", l.id LIMIT 1), 0),
  "platformMask" = coalesce((SELECT sum(${bit}) FROM platform_links l
    WHERE l."productId" = products.id), 0),
  "stockMask" = coalesce((SELECT sum(${bit}) FROM platform_links l
    WHERE l."productId" = products.id AND l.availability = 'in_stock'), 0)`;

const BATCH = 500;

/** Recomputes the figures of these products, in batches of ids. */
export async function refreshProductFigures(
  db: Database,
  ids: readonly string[],
  transaction: Transaction,
): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) {
    await db.sequelize.query(`UPDATE products SET ${FIGURES} WHERE id IN (:ids)`, {
      replacements: { ids: ids.slice(start, start + BATCH) },
      transaction,
    });
  }
}
