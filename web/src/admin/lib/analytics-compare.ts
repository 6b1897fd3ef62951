// The change of a figure against the previous period of the same length, as the reports show
// it: an arrow with the percent and a colour, and a sentence for screen readers.
import { formatNumber, SITE_LOCALE } from '@shared/rules/format';

export type Trend = 'up' | 'down' | 'same' | 'new';

export interface Change {
  trend: Trend;
  /** Percent change, positive; null when there was nothing before. */
  percent: number | null;
}

const percentFormat = new Intl.NumberFormat(SITE_LOCALE, { maximumFractionDigits: 1 });

/** e.g. '12%', '3,5%'. */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

export function compare(current: number, previous: number): Change {
  if (current === previous) return { trend: 'same', percent: 0 };
  if (previous === 0) return { trend: 'new', percent: null };
  const percent = Math.round((Math.abs(current - previous) / previous) * 1000) / 10;
  return { trend: current > previous ? 'up' : 'down', percent };
}

/** Short visible form: '▲ 12%', '▼ 5%', '= 0%', '▲ baru'. */
export function changeText(change: Change): string {
  switch (change.trend) {
    case 'up':
      return `▲ ${formatPercent(change.percent ?? 0)}`;
    case 'down':
      return `▼ ${formatPercent(change.percent ?? 0)}`;
    case 'same':
      return '= 0%';
    case 'new':
      return '▲ baru';
  }
}

/** The sentence a screen reader says: 'naik 12% dari periode sebelumnya'. */
export function changeSentence(change: Change): string {
  switch (change.trend) {
    case 'up':
      return `naik ${formatPercent(change.percent ?? 0)} dari periode sebelumnya`;
    case 'down':
      return `turun ${formatPercent(change.percent ?? 0)} dari periode sebelumnya`;
    case 'same':
      return 'sama dengan periode sebelumnya';
    case 'new':
      return 'naik dari nol pada periode sebelumnya';
  }
}

/**
 * What a funnel step says of the step before it. Clicks can come without a product view (a card's
 * link on a list), so an empty step before has no share to give: "—" and nothing lost, not "0%".
 */
export function stepFromPrevious(
  count: number,
  before: number,
): { share: string; lost: string | null } {
  if (before <= 0) return { share: '—', lost: null };
  const kept = share(count, before);
  const lost = Math.max(0, before - count);
  return {
    share: formatPercent(kept),
    lost: `${formatNumber(lost)} (${formatPercent(Math.max(0, 100 - kept))})`,
  };
}

/** Share of a part in a whole, in percent with one decimal (0 for an empty whole). */
export function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
