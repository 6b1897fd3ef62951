import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';
import { fromDbTimestamp } from '../db/timestamps';
import { stringArray } from '../lib/json';

export interface ProductSource {
  /** The feed the product comes from; null for products staff or an import made. */
  feedName: string | null;
  /** When a feed run last confirmed one of its prices (max lastConfirmedAt); null if never. */
  priceConfirmedAt: string | null;
  /** The fields staff edited by hand, which feed runs leave alone. */
  lockedFields: string[];
}

const NONE: ProductSource = { feedName: null, priceConfirmedAt: null, lockedFields: [] };

/** The admin product list's source columns for a page of products (two queries). */
export async function productSources(
  db: Database,
  productIds: readonly string[],
): Promise<(id: string) => ProductSource> {
  if (productIds.length === 0) return () => NONE;
  const rows = await db.sequelize.query<{
    id: string;
    feedName: string | null;
    lockedFields: string | null;
    confirmedAt: unknown;
  }>(
    `SELECT p.id, f.name AS "feedName", p."lockedFields",
       (SELECT max(l."lastConfirmedAt") FROM platform_links l WHERE l."productId" = p.id)
         AS "confirmedAt"
     FROM products p LEFT JOIN feeds f ON f.id = p."feedId"
     WHERE p.id IN (:ids)`,
    { replacements: { ids: productIds }, type: QueryTypes.SELECT },
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        feedName: row.feedName,
        priceConfirmedAt:
          row.confirmedAt === null || row.confirmedAt === undefined
            ? null
            : new Date(fromDbTimestamp(row.confirmedAt)).toISOString(),
        lockedFields: row.lockedFields ? stringArray(row.lockedFields) : [],
      },
    ]),
  );
  return (id) => byId.get(id) ?? NONE;
}
