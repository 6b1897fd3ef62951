import { describe, expect, it } from 'vitest';
import { jakartaDate, jakartaDateStart } from '../rules/jakarta-days';
import { analyticsListQuerySchema, analyticsRangeQuerySchema } from './analytics';

const DAY_MS = 86_400_000;
const issues = (query: Record<string, unknown>) => {
  const result = analyticsListQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]);
};

describe('analytics report queries', () => {
  it('reads dates as whole Asia/Jakarta days, `to` included', () => {
    const window = analyticsRangeQuerySchema.parse({ from: '2024-01-01', to: '2024-01-31' });
    expect(window).toEqual({
      fromMs: Date.parse('2023-12-31T17:00:00Z'),
      toMs: Date.parse('2024-01-31T17:00:00Z'),
    });
  });

  it('defaults to the last 30 Jakarta days up to now, and a limit of 10', () => {
    const before = Date.now();
    const { fromMs, toMs, limit } = analyticsListQuerySchema.parse({});
    expect(toMs).toBeGreaterThanOrEqual(before);
    expect(toMs - fromMs).toBeGreaterThan(29 * DAY_MS);
    expect(toMs - fromMs).toBeLessThanOrEqual(30 * DAY_MS);
    expect(limit).toBe(10);
  });

  it('takes 2000-01-01 00:00 WIB and a year from today, and nothing outside', () => {
    expect(issues({ from: '2000-01-01T00:00:00+07:00', to: '2000-01-02' })).toEqual([]);
    expect(issues({ from: '2020-01-01', to: jakartaDate(Date.now() + 365 * DAY_MS) })).toEqual([]);
    const latest = jakartaDate(Date.now() + 365 * DAY_MS);
    const outside = `Tanggal harus antara 2000-01-01 dan ${latest}`;
    expect(issues({ from: '1999-12-31T16:59:59.999Z' })).toEqual([['from', outside]]);
    expect(issues({ to: jakartaDate(Date.now() + 366 * DAY_MS) })).toEqual([['to', outside]]);
    expect(issues({ from: '0001-01-01', to: '9999-12-31' })).toEqual([
      ['from', outside],
      ['to', outside],
    ]);
  });

  it('names the field of a malformed date, a wrong order, a long range and a bad limit', () => {
    const invalid = 'Tanggal tidak valid: tulis YYYY-MM-DD (WIB) atau tanggal-waktu ISO';
    expect(issues({ to: '-271821-04-20' })).toEqual([['to', invalid]]);
    expect(issues({ from: ['2024-01-01', '2024-01-02'] })).toEqual([['from', invalid]]);
    expect(issues({ from: '2024-02-01', to: '2024-01-31' })).toEqual([
      ['from', 'Tanggal awal harus sebelum tanggal akhir'],
    ]);
    expect(issues({ from: '2001-01-01', to: '2011-01-10' })).toEqual([
      ['from', 'Rentang laporan paling lama 10 tahun'],
    ]);
    expect(issues({ limit: '101' })).toEqual([
      ['limit', 'limit harus bilangan bulat 1 sampai 100'],
    ]);
  });

  it('knows which calendar dates exist', () => {
    expect(jakartaDateStart('2024-02-29')).toBe(Date.parse('2024-02-28T17:00:00Z'));
    expect(jakartaDateStart('2023-02-29')).toBeNaN();
    expect(jakartaDateStart('2024-13-01')).toBeNaN();
    expect(jakartaDateStart('24-01-01')).toBeNaN();
  });
});
