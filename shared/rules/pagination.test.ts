import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination';

describe('paginationWindow', () => {
  it('shows every page when there are fewer than 5', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(4, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('pins to the first 5 pages near the start', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres on the current page in the middle', () => {
    expect(paginationWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(paginationWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(paginationWindow(17, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('pins to the last 5 pages near the end', () => {
    expect(paginationWindow(18, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paginationWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paginationWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('never shows more than 5 buttons by default', () => {
    for (let page = 1; page <= 50; page++) {
      const pages = paginationWindow(page, 50);
      expect(pages).toHaveLength(5);
      expect(pages).toContain(page);
    }
  });

  it('honours a custom maximum', () => {
    expect(paginationWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(paginationWindow(1, 10, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(10, 10, 3)).toEqual([8, 9, 10]);
  });

  it('clamps out-of-range pages and handles no pages', () => {
    expect(paginationWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(paginationWindow(0, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(Number.NaN, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});
