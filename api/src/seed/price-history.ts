import { parseRupiah } from '@shared/rules/price';
import type { Database } from '../db/database';
import { select } from '../db/sql';
import { toDbTimestamp } from '../db/timestamps';
import { seededRandom } from '../lib/prng';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_HISTORY_DAYS = 90;
const ROWS_PER_INSERT = 1000;

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  }
  return hash >>> 0;
}

/** Shop prices end in round thousands (hundreds for cheap items). */
function roundPrice(price: number): number {
  const step = price >= 100_000 ? 1000 : price >= 10_000 ? 100 : 1;
  return Math.max(step, Math.round(price / step) * step);
}

/**
 * A plausible 90-day history ending at `current` at about `now`: a random walk backwards from
 * today's price (changes every 2 to 7 days, a few percent each, kept within -20%/+25% of
 * today's), with now and then a pre-sale spike: the price raised 15-30% for a day or three
 * just before a cut, as shops do before 11.11 or payday sales.
 */
export function demoPriceSeries(
  current: number,
  seedText: string,
  now: number,
  days = DEMO_HISTORY_DAYS,
): Array<{ at: number; price: number }> {
  const random = seededRandom(hashSeed(seedText));
  const start = now - days * DAY_MS;
  const points: Array<{ at: number; price: number }> = [];
  let at = now - (0.25 + random() * 2) * DAY_MS;
  let price = current;
  points.push({ at, price });
  while (at > start) {
    const previousAt = at - (2 + random() * 5) * DAY_MS;
    if (random() < 0.15) {
      // The price just before this change was inflated for a short while.
      const spikeAt = Math.max(previousAt, at - (1 + random() * 2) * DAY_MS);
      points.push({ at: spikeAt, price: roundPrice(price * (1.15 + random() * 0.15)) });
    }
    const drift = (random() - 0.5) * 0.08;
    const next = Math.min(current * 1.25, Math.max(current * 0.8, price * (1 + drift)));
    at = Math.max(previousAt, start);
    price = roundPrice(next);
    points.push({ at, price });
  }
  points.reverse();
  // Only changes are points: drop repeats of the same price.
  return points.filter((point, index) => index === 0 || point.price !== points[index - 1]!.price);
}

/**
 * Fills in 90 days of price history for every priced link that has no history of its own yet
 * (at most the one point recorded when it was created), for the demo catalogue's charts.
 * Links without priceValue get it from their display price first. Deterministic for the same
 * catalogue and `now`; safe to call again (links with history are left alone).
 */
export async function seedPriceHistory(db: Database, now = new Date()): Promise<number> {
  const nowMs = now.getTime();
  return db.write(async (transaction) => {
    const unpriced = await select<{ price: string }>(
      db,
      `SELECT DISTINCT price FROM platform_links WHERE "priceValue" IS NULL AND price <> ''`,
      [],
      transaction,
    );
    for (const { price } of unpriced) {
      const value = parseRupiah(price);
      if (value === null) continue;
      await db.sequelize.query(
        `UPDATE platform_links SET "priceValue" = ? WHERE "priceValue" IS NULL AND price = ?`,
        { replacements: [value, price], transaction },
      );
    }
    const links = await select<{
      id: number | string;
      productId: string;
      platform: string;
      priceValue: number | string;
      points: number | string;
    }>(
      db,
      `SELECT l.id, l."productId", l.platform, l."priceValue",
              (SELECT COUNT(*) FROM price_points pp WHERE pp."linkId" = l.id) AS points
       FROM platform_links l
       WHERE l."priceValue" IS NOT NULL
       ORDER BY l.id`,
      [],
      transaction,
    );
    const fresh = links.filter((link) => Number(link.points) <= 1);
    if (fresh.length === 0) return 0;
    const rows = fresh.flatMap((link) =>
      demoPriceSeries(
        Number(link.priceValue),
        `${link.productId}:${link.platform}:${link.priceValue}`,
        nowMs,
      ).map((point) => ({
        linkId: Number(link.id),
        productId: link.productId,
        platform: link.platform,
        price: point.price,
        at: toDbTimestamp(point.at),
      })),
    );
    // The creation point is replaced by the history, which ends at the same price.
    for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
      await db.sequelize.query(
        `DELETE FROM price_points WHERE "linkId" IN (${fresh
          .slice(i, i + ROWS_PER_INSERT)
          .map((link) => Number(link.id))
          .join(', ')})`,
        { transaction },
      );
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await db.sequelize
        .getQueryInterface()
        .bulkInsert('price_points', rows.slice(i, i + ROWS_PER_INSERT), { transaction });
    }
    return rows.length;
  });
}
