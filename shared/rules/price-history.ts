import { PLATFORMS } from '../constants';

/** `GET /api/products/{id}/price-history?days=N`. Times are ISO 8601 (UTC). */
export interface PriceHistory {
  platforms: Array<{ platform: string; points: Array<{ at: string; price: number }> }>;
  /** The lowest current price over the product's links. */
  lowest: { price: number; platform: string } | null;
  /** The lowest price any link had over the 30 days before now, and when it was first in force. */
  lowest30d: { price: number; platform: string; at: string } | null;
}

export const PRICE_HISTORY_DAYS = { min: 1, max: 365, default: 90 } as const;
export const LOWEST_WINDOW_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface PricePoint {
  /** Epoch milliseconds. */
  at: number;
  price: number;
}

/** One link's prices: its current price and every change, oldest first. */
export interface LinkPriceSeries {
  platform: string;
  currentPrice: number | null;
  points: PricePoint[];
}

/** A link's price is a step function: each point holds until the next one. */
function pointsWithin(points: readonly PricePoint[], from: number, to: number): PricePoint[] {
  const within: PricePoint[] = [];
  let before: PricePoint | null = null;
  for (const point of points) {
    if (point.at > to) break;
    if (point.at < from) before = point;
    else within.push(point);
  }
  // The price in force when the window opens starts the window.
  if (before && (within.length === 0 || within[0]!.at > from)) {
    within.unshift({ at: from, price: before.price });
  }
  return within;
}

/** Past this many days a series keeps at most two points a day (DAILY_POINTS). */
export const FULL_DETAIL_DAYS = 90;

/**
 * Long ranges stay small whatever a feed does: per UTC day, the day's lowest price and the
 * price it closed at (the step line stays true from one day to the next), in time order. The
 * answer is then at most 2 points per day per platform.
 */
export function thinToDays(points: readonly PricePoint[]): PricePoint[] {
  const kept: PricePoint[] = [];
  let index = 0;
  while (index < points.length) {
    const day = Math.floor(points[index]!.at / DAY_MS);
    let low = points[index]!;
    let last = low;
    for (
      index++;
      index < points.length && Math.floor(points[index]!.at / DAY_MS) === day;
      index++
    ) {
      last = points[index]!;
      if (last.price < low.price) low = last;
    }
    kept.push(low);
    if (last !== low) kept.push(last);
  }
  return kept;
}

function platformRank(platform: string): number {
  const index = (PLATFORMS as readonly string[]).indexOf(platform);
  return index === -1 ? PLATFORMS.length : index;
}

/**
 * The price-history answer from each link's points (which must reach back to the last change
 * before the longer of `days` and 30 days, so that the price in force then is known).
 */
export function summarisePriceHistory(
  links: readonly LinkPriceSeries[],
  days: number,
  now: number,
): PriceHistory {
  const from = now - days * DAY_MS;
  const from30 = now - LOWEST_WINDOW_DAYS * DAY_MS;
  const platforms = links
    .map((link) => {
      const points = pointsWithin(link.points, from, now);
      return {
        platform: link.platform,
        points: days > FULL_DETAIL_DAYS ? thinToDays(points) : points,
      };
    })
    .filter((series) => series.points.length > 0)
    .sort(
      (a, b) =>
        platformRank(a.platform) - platformRank(b.platform) || a.platform.localeCompare(b.platform),
    )
    .map((series) => ({
      platform: series.platform,
      points: series.points.map((point) => ({
        at: new Date(point.at).toISOString(),
        price: point.price,
      })),
    }));

  let lowest: PriceHistory['lowest'] = null;
  let lowest30d: { price: number; platform: string; at: number } | null = null;
  for (const link of links) {
    if (link.currentPrice !== null && (lowest === null || link.currentPrice < lowest.price)) {
      lowest = { price: link.currentPrice, platform: link.platform };
    }
    for (const point of pointsWithin(link.points, from30, now)) {
      if (
        lowest30d === null ||
        point.price < lowest30d.price ||
        (point.price === lowest30d.price && point.at < lowest30d.at)
      ) {
        lowest30d = { price: point.price, platform: link.platform, at: point.at };
      }
    }
  }
  return {
    platforms,
    lowest,
    lowest30d: lowest30d && { ...lowest30d, at: new Date(lowest30d.at).toISOString() },
  };
}

/** `days` from a query string: whole days from 1 to 365, 90 when absent; null when invalid. */
export function parseHistoryDays(raw: unknown): number | null {
  if (raw === undefined || raw === '') return PRICE_HISTORY_DAYS.default;
  if (typeof raw !== 'string' || !/^\d{1,3}$/.test(raw)) return null;
  const days = Number(raw);
  return days >= PRICE_HISTORY_DAYS.min && days <= PRICE_HISTORY_DAYS.max ? days : null;
}
