import { describe, expect, it } from 'vitest';
import { cappedCountText, pagesOf } from './capped-count';

describe('cappedCountText', () => {
  it('writes an exact count in id-ID digits', () => {
    expect(cappedCountText(0, false)).toBe('0');
    expect(cappedCountText(999, undefined)).toBe('999');
    expect(cappedCountText(1000, false)).toBe('1.000');
  });

  it('marks a capped count as a lower bound', () => {
    expect(cappedCountText(1000, true)).toBe('1.000+');
    expect(cappedCountText(12_345, true)).toBe('12.345+');
  });
});

describe('pagesOf', () => {
  it('counts the pages of an exact count', () => {
    expect(pagesOf({ count: 0, capped: false, page: 1, limit: 12 })).toBe(0);
    expect(pagesOf({ count: 12, capped: false, page: 1, limit: 12 })).toBe(1);
    expect(pagesOf({ count: 13, capped: false, page: 1, limit: 12 })).toBe(2);
  });

  it('offers the pages a capped count fills', () => {
    expect(pagesOf({ count: 1000, capped: true, page: 1, limit: 12 })).toBe(84);
  });

  it('offers at least one page past the current one beyond the cap', () => {
    expect(pagesOf({ count: 1008, capped: true, page: 84, limit: 12 })).toBe(85);
    expect(pagesOf({ count: 1200, capped: true, page: 100, limit: 12 })).toBe(101);
  });
});
