// The date range of the analytics reports as the address carries it (`range=7d`, or
// `range=custom&from=2026-11-01&to=2026-11-20`), so a report can be linked. Days are
// Asia/Jakarta calendar days, as the server counts them (DESIGN.md, "Analytics staff act on").
import { DAY_MS, jakartaDate, jakartaDateStart } from '@shared/rules/jakarta-days';

export const RANGE_PRESETS = [
  { value: 'today', label: 'Hari ini' },
  { value: 'yesterday', label: 'Kemarin' },
  { value: '7d', label: '7 hari' },
  { value: '30d', label: '30 hari' },
  { value: 'month', label: 'Bulan ini' },
  { value: 'custom', label: 'Kustom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** Without `range` in the address the reports cover the last 30 days, today included. */
export const DEFAULT_PRESET = '30d' satisfies RangePreset;

/** A resolved range: first and last Jakarta date included, both YYYY-MM-DD. */
export interface ReportDates {
  preset: RangePreset;
  from: string;
  to: string;
}

function isPreset(value: string | null): value is RangePreset {
  return RANGE_PRESETS.some((p) => p.value === value);
}

function shiftDate(date: string, days: number): string {
  return jakartaDate(jakartaDateStart(date) + days * DAY_MS);
}

/** The dates of a preset on the Jakarta day of `now`; null for 'custom' (the address says). */
export function presetDates(preset: Exclude<RangePreset, 'custom'>, now: number): ReportDates {
  const today = jakartaDate(now);
  switch (preset) {
    case 'today':
      return { preset, from: today, to: today };
    case 'yesterday': {
      const yesterday = shiftDate(today, -1);
      return { preset, from: yesterday, to: yesterday };
    }
    case '7d':
      return { preset, from: shiftDate(today, -6), to: today };
    case '30d':
      return { preset, from: shiftDate(today, -29), to: today };
    case 'month':
      return { preset, from: `${today.slice(0, 8)}01`, to: today };
  }
}

const isDate = (value: string | null): value is string =>
  value !== null && Number.isFinite(jakartaDateStart(value));

/**
 * The range the address asks for. A custom range needs two valid dates in order (swapped
 * when given backwards); anything else falls back to the default preset.
 */
export function readRange(params: URLSearchParams, now: number): ReportDates {
  const preset = params.get('range');
  if (preset === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDate(from) && isDate(to)) {
      return from <= to ? { preset, from, to } : { preset, from: to, to: from };
    }
    return presetDates(DEFAULT_PRESET, now);
  }
  return presetDates(isPreset(preset) && preset !== 'custom' ? preset : DEFAULT_PRESET, now);
}

/**
 * The address after choosing a range: other parameters (the tab, a report's own choices)
 * stay; a preset drops `from`/`to`, a custom range writes them.
 */
export function writeRange(
  params: URLSearchParams,
  choice:
    { preset: Exclude<RangePreset, 'custom'> } | { preset: 'custom'; from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('from');
  next.delete('to');
  next.delete('page');
  next.set('range', choice.preset);
  if (choice.preset === 'custom') {
    next.set('from', choice.from);
    next.set('to', choice.to);
  }
  return next;
}

/** Number of days in a range, both ends included. */
export function rangeDays(range: { from: string; to: string }): number {
  return Math.round((jakartaDateStart(range.to) - jakartaDateStart(range.from)) / DAY_MS) + 1;
}
