import { describe, expect, it } from 'vitest';
import { DAY_MS, parseHistoryDays, summarisePriceHistory, thinToDays } from './price-history';

const now = Date.UTC(2026, 5, 1);
const ago = (days: number) => now - days * DAY_MS;
const iso = (days: number) => new Date(ago(days)).toISOString();

describe('summarisePriceHistory', () => {
  it('carries the price in force into the window and orders platforms as the site does', () => {
    const history = summarisePriceHistory(
      [
        { platform: 'Lazada', currentPrice: 200, points: [{ at: ago(5), price: 200 }] },
        {
          platform: 'Shopee',
          currentPrice: 150,
          points: [
            { at: ago(100), price: 100 },
            { at: ago(40), price: 150 },
          ],
        },
      ],
      90,
      now,
    );
    expect(history.platforms).toEqual([
      {
        platform: 'Shopee',
        points: [
          { at: iso(90), price: 100 },
          { at: iso(40), price: 150 },
        ],
      },
      { platform: 'Lazada', points: [{ at: iso(5), price: 200 }] },
    ]);
    expect(history.lowest).toEqual({ price: 150, platform: 'Shopee' });
    expect(history.lowest30d).toEqual({ price: 150, platform: 'Shopee', at: iso(30) });
  });

  it('takes the earliest of equal lowest prices and ignores points after now', () => {
    const history = summarisePriceHistory(
      [
        { platform: 'Shopee', currentPrice: 90, points: [{ at: ago(3), price: 90 }] },
        {
          platform: 'Blibli',
          currentPrice: 95,
          points: [
            { at: ago(12), price: 90 },
            { at: ago(6), price: 95 },
            { at: now + DAY_MS, price: 10 },
          ],
        },
      ],
      30,
      now,
    );
    expect(history.lowest30d).toEqual({ price: 90, platform: 'Blibli', at: iso(12) });
    expect(history.lowest).toEqual({ price: 90, platform: 'Shopee' });
  });

  it('is empty without prices', () => {
    expect(
      summarisePriceHistory([{ platform: 'Shopee', currentPrice: null, points: [] }], 90, now),
    ).toEqual({ platforms: [], lowest: null, lowest30d: null });
  });
});

describe('parseHistoryDays', () => {
  it('accepts 1 to 365 and defaults to 90', () => {
    expect(parseHistoryDays(undefined)).toBe(90);
    expect(parseHistoryDays('')).toBe(90);
    expect(parseHistoryDays('1')).toBe(1);
    expect(parseHistoryDays('365')).toBe(365);
  });

  it.each(['0', '366', '-1', '1.5', 'abc', '1e2', ' 7'])('refuses %j', (raw) => {
    expect(parseHistoryDays(raw)).toBeNull();
  });

  it('refuses repeated parameters', () => {
    expect(parseHistoryDays(['7', '8'])).toBeNull();
  });
});

describe('long ranges', () => {
  const hour = DAY_MS / 24;
  // Every hour for a year: what a busy feed could record.
  const hourly = Array.from({ length: 365 * 24 }, (_, i) => ({
    at: ago(365) + i * hour,
    price: 100_000 + ((i * 7919) % 50) * 1_000,
  }));

  it('keep at most two points a day: the day lowest and its close', () => {
    const day = [
      { at: ago(3), price: 120 },
      { at: ago(3) + hour, price: 90 },
      { at: ago(3) + 2 * hour, price: 110 },
      { at: ago(2), price: 110 },
    ];
    expect(thinToDays(day)).toEqual([day[1], day[2], day[3]]);
    expect(thinToDays([])).toEqual([]);
  });

  it('answer a year in at most two points a day, with the lowest prices intact', () => {
    const link = { platform: 'Shopee', currentPrice: 100_000, points: hourly };
    const year = summarisePriceHistory([link], 365, now);
    const points = year.platforms[0]!.points;
    expect(points.length).toBeLessThanOrEqual(2 * 366);
    expect(Math.min(...points.map((p) => p.price))).toBe(100_000);
    // Ninety days and less keep every change.
    const quarter = summarisePriceHistory([link], 90, now);
    expect(quarter.platforms[0]!.points.length).toBeGreaterThan(90 * 23);
  });
});
