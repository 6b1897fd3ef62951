// Pure helpers of the price chart (components/PriceHistory.tsx): the lowest-price line and the
// axis labels. Kept apart so they are unit-tested without a browser.
import { formatRupiah } from '@shared/rules/price';

export interface ChartPoint {
  at: number;
  price: number;
}

/**
 * The lowest price over time across marketplaces: at every change of any marketplace's price,
 * the cheapest price then in force (a marketplace counts from its first point on). Each
 * series is a step line, oldest first; the answer is one too, without repeated prices.
 */
export function lowestLine(series: readonly (readonly ChartPoint[])[]): ChartPoint[] {
  const times = [...new Set(series.flatMap((points) => points.map((p) => p.at)))].sort(
    (a, b) => a - b,
  );
  const cursor = series.map(() => -1);
  const line: ChartPoint[] = [];
  for (const at of times) {
    let low = Infinity;
    series.forEach((points, s) => {
      while (cursor[s]! + 1 < points.length && points[cursor[s]! + 1]!.at <= at) cursor[s]!++;
      const current = points[cursor[s]!];
      if (current && current.price < low) low = current.price;
    });
    if (low !== Infinity && line.at(-1)?.price !== low) line.push({ at, price: low });
  }
  return line;
}

const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** 'Rp 1,2 jt' / 'Rp 950 rb': Indonesian axis labels short enough for a phone. */
export function shortRupiah(value: number): string {
  if (value >= 1_000_000_000) return `Rp ${oneDecimal.format(value / 1_000_000_000)} M`;
  if (value >= 1_000_000) return `Rp ${oneDecimal.format(value / 1_000_000)} jt`;
  if (value >= 1_000) return `Rp ${Math.round(value / 1_000)} rb`;
  return formatRupiah(value);
}
