import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';
import { fromDbTimestamp } from '../db/timestamps';
import { stringArray } from '../lib/json';

export interface ProductSource {
  /** The feed the product comes from; null for products staff or an import made. */
  feedName: string | null;
  /**
   * When a feed run last confirmed one of its prices; null if never. A run that wrote a link
   * stamps its `lastConfirmedAt`; a run that saw the row unchanged only marks the feed item
   * seen (its `lastSeenRunId`, or when that is NULL its feed's `seenRunId`: seen.ts), which
   * confirms the product's link on the feed's platform as of that run's start. The later of
   * the two.
   */
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
    seenAt: unknown;
  }>(
    `SELECT p.id, f.name AS "feedName", p."lockedFields",
       (SELECT max(l."lastConfirmedAt") FROM platform_links l WHERE l."productId" = p.id)
         AS "confirmedAt",
       (SELECT max(r."startedAt") FROM feed_items i
          JOIN feeds fi ON fi.id = i."feedId"
          JOIN feed_runs r ON r.id = COALESCE(i."lastSeenRunId", fi."seenRunId")
        WHERE i."productId" = p.id AND EXISTS (SELECT 1 FROM platform_links l
          WHERE l."productId" = p.id AND l.platform = fi.platform)) AS "seenAt"
     FROM products p LEFT JOIN feeds f ON f.id = p."feedId"
     WHERE p.id IN (:ids)`,
    { replacements: { ids: productIds }, type: QueryTypes.SELECT },
  );
  const epochOf = (value: unknown) =>
    value === null || value === undefined ? null : fromDbTimestamp(value);
  const byId = new Map(
    rows.map((row) => {
      const times = [epochOf(row.confirmedAt), epochOf(row.seenAt)].filter(
        (time): time is number => time !== null,
      );
      return [
        row.id,
        {
          feedName: row.feedName,
          priceConfirmedAt: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
          lockedFields: row.lockedFields ? stringArray(row.lockedFields) : [],
        },
      ];
    }),
  );
  return (id) => byId.get(id) ?? NONE;
}
