import { formatDate } from '@shared/rules/format';
import { formatRupiah } from '@shared/rules/price';
import type { PriceHistory as PriceHistoryData } from '@shared/rules/price-history';
import { priceVerdict } from '@shared/rules/price-verdict';
import { platformColor, platformName } from '../content/site';
import { usePriceHistory } from '../data/queries';
import { useSite } from '../lib/site-context';

// A hand-drawn step chart in inline SVG: no chart library, a few hundred bytes of code.
const W = 320;
const H = 130;
// The bottom keeps the lowest price's label clear of the date axis.
const PAD = { top: 10, right: 4, bottom: 28, left: 4 };

const time = (iso: string) => Date.parse(iso);

/** 'Rp 1,2 jt' / 'Rp 350 rb': axis labels that fit a phone. */
function shortRupiah(value: number): string {
  if (value >= 1_000_000) {
    const millions = (Math.round(value / 100_000) / 10).toLocaleString('id-ID');
    return `Rp ${millions} jt`;
  }
  if (value >= 1_000) return `Rp ${Math.round(value / 1_000)} rb`;
  return formatRupiah(value);
}

function PriceChart({ history, end }: { history: PriceHistoryData; end: number }) {
  const series = history.platforms.filter((s) => s.points.length > 0);
  const prices = series.flatMap((s) => s.points.map((p) => p.price));
  const start = Math.min(...series.map((s) => time(s.points[0]!.at)));
  const last = Math.max(end, ...series.flatMap((s) => s.points.map((p) => time(p.at))));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // A flat price still gets a visible band.
  const spread = high - low || Math.max(1, high * 0.1);
  const x = (t: number) =>
    PAD.left + ((t - start) / Math.max(1, last - start)) * (W - PAD.left - PAD.right);
  const y = (price: number) =>
    PAD.top + (1 - (price - low) / spread) * (H - PAD.top - PAD.bottom - 10) + 5;
  const step = (points: { at: string; price: number }[]) =>
    points
      .map(
        (p, i) =>
          `${i === 0 ? 'M' : 'H'}${x(time(p.at)).toFixed(1)}${i === 0 ? ' ' : ' V'}${y(p.price).toFixed(1)}`,
      )
      .join(' ') + ` H${x(last).toFixed(1)}`;
  const mark = history.lowest30d;
  const summary = series
    .map((s) => `${platformName(s.platform)} sekarang ${formatRupiah(s.points.at(-1)!.price)}`)
    .join(', ');
  return (
    <figure className="price-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Grafik harga ${formatDate(start)} sampai ${formatDate(last)}: ${summary}.`}
      >
        <line className="price-grid" x1={0} x2={W} y1={y(high)} y2={y(high)} />
        <line className="price-grid" x1={0} x2={W} y1={y(low)} y2={y(low)} />
        {series.map((s) => (
          <path
            key={s.platform}
            d={step(s.points)}
            fill="none"
            stroke={platformColor(s.platform)}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ))}
        {mark ? (
          <circle
            className="price-low-mark"
            cx={x(Math.max(start, time(mark.at)))}
            cy={y(mark.price)}
            r={3.5}
          />
        ) : null}
        <text x={2} y={y(high) - 2} className="price-axis">
          {shortRupiah(high)}
        </text>
        <text x={2} y={y(low) + 11} className="price-axis">
          {shortRupiah(low)}
        </text>
        <text x={2} y={H - 2} className="price-axis">
          {formatDate(start)}
        </text>
        <text x={W - 2} y={H - 2} className="price-axis" textAnchor="end">
          Hari ini
        </text>
      </svg>
      <figcaption>
        <ul className="price-legend">
          {series.map((s) => (
            <li key={s.platform}>
              <span
                className="price-swatch"
                style={{ background: platformColor(s.platform) }}
                aria-hidden="true"
              />
              {platformName(s.platform)} {formatRupiah(s.points.at(-1)!.price)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The product's prices over 90 days and the plain 30-day verdict. */
export function PriceHistoryPanel({ productId }: { productId: string }) {
  const { data } = usePriceHistory(productId);
  const { renderedAt } = useSite();
  const verdict = priceVerdict(data);
  if (!data || data.platforms.length === 0) return null;
  return (
    <section className="price-history" aria-label="Riwayat harga">
      <h3 className="platform-heading">Riwayat Harga 90 Hari</h3>
      {verdict ? (
        <div className={`price-verdict price-verdict-${verdict.kind}`}>
          <p className="price-low30">{verdict.lowest30d}</p>
          <p>{verdict.text}</p>
        </div>
      ) : null}
      <PriceChart history={data} end={renderedAt} />
    </section>
  );
}
