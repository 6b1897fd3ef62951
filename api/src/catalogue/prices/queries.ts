import {
  DAY_MS,
  LOWEST_WINDOW_DAYS,
  summarisePriceHistory,
  type LinkPriceSeries,
  type PriceHistory,
} from '@shared/rules/price-history';
import type { Database } from '../../db/database';
import { select } from '../../db/sql';
import { fromDbTimestamp, toDbTimestamp } from '../../db/timestamps';

/** True when the product exists and shoppers may see it. */
export async function isActiveProduct(db: Database, productId: string): Promise<boolean> {
  const rows = await select<{ id: string }>(
    db,
    'SELECT id FROM products WHERE id = ? AND "isActive" = ?',
    [productId, true],
  );
  return rows.length > 0;
}

interface LinkRow {
  id: number | string;
  platform: string;
  priceValue: number | string | null;
  availability: string;
}

interface PointRow {
  linkId: number | string;
  price: number | string;
  at: unknown;
}

/**
 * The price history of one product over `days` days before `now`: every recorded change of
 * each link's price, the price in force when the window opens, the lowest current price and
 * the lowest price of the last 30 days. Reads the (productId, at) and (linkId, at) indexes.
 */
export async function priceHistory(
  db: Database,
  productId: string,
  days: number,
  now = Date.now(),
): Promise<PriceHistory> {
  const from = toDbTimestamp(now - Math.max(days, LOWEST_WINDOW_DAYS) * DAY_MS);
  const to = toDbTimestamp(now);
  const [links, points, carried] = await Promise.all([
    select<LinkRow>(
      db,
      `SELECT id, platform, "priceValue", availability FROM platform_links
       WHERE "productId" = ? ORDER BY id`,
      [productId],
    ),
    select<PointRow>(
      db,
      `SELECT "linkId", price, at FROM price_points
       WHERE "productId" = ? AND at >= ? AND at <= ?
       ORDER BY at, id`,
      [productId, from, to],
    ),
    // The last change before the window, per link: the price in force when it opens.
    select<PointRow>(
      db,
      `SELECT p."linkId", p.price, p.at FROM price_points p
       WHERE p.id IN (
         SELECT (SELECT p2.id FROM price_points p2
                 WHERE p2."linkId" = l.id AND p2.at < ?
                 ORDER BY p2.at DESC, p2.id DESC LIMIT 1)
         FROM platform_links l WHERE l."productId" = ?
       )`,
      [from, productId],
    ),
  ]);
  const series = new Map<number, LinkPriceSeries>();
  for (const link of links) {
    series.set(Number(link.id), {
      platform: link.platform,
      // An out-of-stock link has no price on offer today (never "the lowest").
      currentPrice:
        link.priceValue === null || link.availability === 'out_of_stock'
          ? null
          : Number(link.priceValue),
      points: [],
    });
  }
  for (const row of [...carried, ...points]) {
    series.get(Number(row.linkId))?.points.push({
      at: fromDbTimestamp(row.at),
      price: Number(row.price),
    });
  }
  return summarisePriceHistory([...series.values()], days, now);
}
