import { useState } from 'react';
import { formatDate } from '@shared/rules/format';
import { formatRupiah } from '@shared/rules/price';
import {
  PRICE_HISTORY_DAYS,
  type PriceHistory as PriceHistoryData,
} from '@shared/rules/price-history';
import { priceVerdict } from '@shared/rules/price-verdict';
import { platformColor, platformName } from '../content/site';
import { usePriceHistory } from '../data/queries';
import { lowestLine, shortRupiah, type ChartPoint } from '../lib/price-lines';
import { useSite } from '../lib/site-context';

// A hand-drawn step chart in inline SVG: no chart library in the public bundle
// (docs/contracts.md, "Prices shoppers can read").
const W = 340;
const H = 170;
// The left gutter holds the rupiah labels; the bottom, the dates.
const PAD = { top: 16, right: 8, bottom: 22, left: 60 };

const RANGES = [
  { days: 30, label: '30 hari', heading: '30 Hari' },
  { days: 90, label: '90 hari', heading: '90 Hari' },
  { days: 365, label: '1 tahun', heading: '1 Tahun' },
] as const;

type Series = { platform: string; points: ChartPoint[] };

const toPoints = (history: PriceHistoryData): Series[] =>
  history.platforms
    .filter((s) => s.points.length > 0)
    .map((s) => ({
      platform: s.platform,
      points: s.points.map((p) => ({ at: Date.parse(p.at), price: p.price })),
    }));

function PriceChart({
  history,
  end,
  days,
  shown,
}: {
  history: PriceHistoryData;
  end: number;
  days: number;
  shown: ReadonlySet<string>;
}) {
  const series = toPoints(history);
  const lowest = lowestLine(series.map((s) => s.points));
  const visible = [lowest, ...series.filter((s) => shown.has(s.platform)).map((s) => s.points)];
  const prices = visible.flatMap((points) => points.map((p) => p.price));
  const start = Math.min(...series.map((s) => s.points[0]!.at));
  const last = Math.max(end, ...series.flatMap((s) => s.points.map((p) => p.at)));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // A flat price still gets a visible band.
  const spread = high - low || Math.max(1, high * 0.1);
  const plotH = H - PAD.top - PAD.bottom;
  const x = (t: number) =>
    PAD.left + ((t - start) / Math.max(1, last - start)) * (W - PAD.left - PAD.right);
  const y = (price: number) => PAD.top + (1 - (price - low) / spread) * plotH;
  const step = (points: readonly ChartPoint[]) =>
    points
      .map(
        (p, i) =>
          `${i === 0 ? 'M' : 'H'}${x(p.at).toFixed(1)}${i === 0 ? ' ' : ' V'}${y(p.price).toFixed(1)}`,
      )
      .join(' ') + ` H${x(last).toFixed(1)}`;
  const ticks = high === low ? [high] : [high, Math.round((high + low) / 2), low];
  const mark = history.lowest30d;
  const markX = mark ? Math.min(W - PAD.right, x(Math.max(start, Date.parse(mark.at)))) : 0;
  const summary =
    `Harga termurah ${formatDate(start)} sampai ${formatDate(last)}: ` +
    `terendah ${formatRupiah(Math.min(...lowest.map((p) => p.price)))}, ` +
    `tertinggi ${formatRupiah(Math.max(...lowest.map((p) => p.price)))}, ` +
    `sekarang ${formatRupiah(lowest.at(-1)!.price)}.`;
  return (
    <figure className="price-chart" data-days={days}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Grafik harga. ${summary}`}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="price-grid" x1={PAD.left} x2={W} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 4} y={y(tick) + 3.5} className="price-axis" textAnchor="end">
              {shortRupiah(tick)}
            </text>
          </g>
        ))}
        {series
          .filter((s) => shown.has(s.platform))
          .map((s) => (
            <path
              key={s.platform}
              className="price-line-platform"
              data-platform={s.platform}
              d={step(s.points)}
              fill="none"
              stroke={platformColor(s.platform)}
              strokeWidth={1.5}
              strokeDasharray="4 2"
            />
          ))}
        <path
          className="price-line-lowest"
          d={step(lowest)}
          fill="none"
          strokeWidth={3}
          strokeLinejoin="round"
        />
        {mark ? (
          <g className="price-low-marker">
            <circle className="price-low-mark" cx={markX} cy={y(mark.price)} r={4} />
            <text
              className="price-low-label"
              x={markX}
              y={Math.max(10, y(mark.price) - 7)}
              textAnchor={markX > W - 70 ? 'end' : markX < PAD.left + 60 ? 'start' : 'middle'}
            >
              Terendah 30 hari
            </text>
          </g>
        ) : null}
        <text x={PAD.left} y={H - 4} className="price-axis">
          {formatDate(start)}
        </text>
        <text x={W - 2} y={H - 4} className="price-axis" textAnchor="end">
          Hari ini
        </text>
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

/** The same figures as a table: the chart's text alternative. */
function PriceTable({ history }: { history: PriceHistoryData }) {
  const series = toPoints(history);
  const rows = [
    {
      key: 'lowest',
      name: 'Harga termurah',
      points: lowestLine(series.map((s) => s.points)),
    },
    ...series.map((s) => ({ key: s.platform, name: platformName(s.platform), points: s.points })),
  ];
  return (
    <details className="price-table-details">
      <summary>Lihat tabel harga</summary>
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">Marketplace</th>
            <th scope="col">Sekarang</th>
            <th scope="col">Terendah</th>
            <th scope="col">Tertinggi</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const prices = row.points.map((p) => p.price);
            return (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{formatRupiah(prices.at(-1)!)}</td>
                <td>{formatRupiah(Math.min(...prices))}</td>
                <td>{formatRupiah(Math.max(...prices))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The product's prices: one line of the lowest price over time, each marketplace on demand,
 * ranges of 30 days, 90 days and a year, the 30-day lowest marked and stated.
 */
export function PriceHistoryPanel({ productId }: { productId: string }) {
  const [days, setDays] = useState<number>(PRICE_HISTORY_DAYS.default);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const { data, isPlaceholderData } = usePriceHistory(productId, days);
  const { renderedAt } = useSite();
  const verdict = priceVerdict(data);
  if (!data || data.platforms.length === 0) return null;
  const range = RANGES.find((r) => r.days === days) ?? RANGES[1];
  const toggle = (platform: string) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(platform)) next.add(platform);
      return next;
    });
  return (
    <section className="price-history" aria-label="Riwayat harga" aria-busy={isPlaceholderData}>
      <h3 className="platform-heading">Riwayat Harga {range.heading}</h3>
      {verdict ? (
        <div className={`price-verdict price-verdict-${verdict.kind}`}>
          <p className="price-low30">{verdict.lowest30d}</p>
          <p>{verdict.text}</p>
        </div>
      ) : null}
      <div className="chart-controls" role="group" aria-label="Rentang waktu">
        {RANGES.map((r) => (
          <button
            key={r.days}
            type="button"
            className="chart-toggle"
            aria-pressed={r.days === days}
            onClick={() => setDays(r.days)}
          >
            {r.label}
          </button>
        ))}
      </div>
      <PriceChart history={data} end={renderedAt} days={days} shown={shown} />
      <div className="chart-controls" role="group" aria-label="Tampilkan harga per marketplace">
        <span className="chart-toggle-static">
          <span className="price-swatch price-swatch-lowest" aria-hidden="true" />
          Harga termurah
        </span>
        {data.platforms.map((s) => (
          <button
            key={s.platform}
            type="button"
            className="chart-toggle"
            aria-pressed={shown.has(s.platform)}
            onClick={() => toggle(s.platform)}
          >
            <span
              className="price-swatch"
              style={{ background: platformColor(s.platform) }}
              aria-hidden="true"
            />
            {platformName(s.platform)}
          </button>
        ))}
      </div>
      <PriceTable history={data} />
    </section>
  );
}
