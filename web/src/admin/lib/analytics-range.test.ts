import { describe, expect, it } from 'vitest';
import { presetDates, rangeDays, readRange, writeRange } from './analytics-range';

// 2026-11-26 05:30 in Jakarta is still 2026-11-25 22:30 UTC: the Jakarta day counts.
const NOW = Date.parse('2026-11-25T22:30:00Z');

describe('analytics date range', () => {
  it('resolves every preset on the Jakarta day, not the UTC one', () => {
    expect(presetDates('today', NOW)).toEqual({
      preset: 'today',
      from: '2026-11-26',
      to: '2026-11-26',
    });
    expect(presetDates('yesterday', NOW)).toMatchObject({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetDates('7d', NOW)).toMatchObject({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetDates('30d', NOW)).toMatchObject({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetDates('month', NOW)).toMatchObject({ from: '2026-11-01', to: '2026-11-26' });
    expect(rangeDays(presetDates('30d', NOW))).toBe(30);
  });

  it('reads the range from the address and falls back to 30 days on nonsense', () => {
    const read = (query: string) => readRange(new URLSearchParams(query), NOW);
    expect(read('range=yesterday')).toMatchObject({ preset: 'yesterday', from: '2026-11-25' });
    expect(read('range=custom&from=2026-11-01&to=2026-11-10')).toEqual({
      preset: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(read('range=custom&from=2026-11-10&to=2026-11-01')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(read('range=custom&from=2026-02-30&to=2026-03-01')).toMatchObject({ preset: '30d' });
    expect(read('range=year')).toMatchObject({ preset: '30d', from: '2026-10-28' });
    expect(read('')).toMatchObject({ preset: '30d' });
  });

  it('writes a choice into the address, keeping the tab and leaving the page', () => {
    const start = new URLSearchParams(
      'tab=products&range=custom&from=2026-11-01&to=2026-11-02&page=3',
    );
    expect(writeRange(start, { preset: '7d' }).toString()).toBe('tab=products&range=7d');
    expect(
      writeRange(new URLSearchParams('tab=sources'), {
        preset: 'custom',
        from: '2026-11-01',
        to: '2026-11-05',
      }).toString(),
    ).toBe('tab=sources&range=custom&from=2026-11-01&to=2026-11-05');
  });
});
