import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

describe('formatNumber', () => {
  it('uses dots for thousands and a comma for decimals', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});

describe('formatDateTime', () => {
  const utc = '2024-12-01T10:05:09.000Z';

  it('formats in Indonesian, in Jakarta time (UTC+7)', () => {
    const text = formatDateTime(utc);
    expect(text).toContain('1 Desember 2024');
    expect(text).toMatch(/17[.:]05/);
    expect(text).not.toMatch(/09$/);
  });

  it('adds the weekday and seconds on request', () => {
    const text = formatDateTime(new Date(utc), { weekday: true, seconds: true });
    expect(text).toMatch(/^Minggu, 1 Desember 2024/);
    expect(text).toMatch(/17[.:]05[.:]09/);
  });

  it('crosses the date line like Jakarta does', () => {
    expect(formatDateTime('2024-12-31T18:30:00Z')).toContain('1 Januari 2025');
  });

  it('returns a dash for invalid input', () => {
    expect(formatDateTime('not a date')).toBe('-');
  });
});

describe('formatDate', () => {
  it('formats the Jakarta calendar date', () => {
    expect(formatDate('2024-08-16T20:00:00Z')).toBe('17 Agustus 2024');
    expect(formatDate('nope')).toBe('-');
  });
});
