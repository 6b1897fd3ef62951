import { describe, expect, it } from 'vitest';
import { lowestLine, shortRupiah } from './price-lines';

describe('lowestLine', () => {
  it('follows the cheapest marketplace as prices change', () => {
    const shopee = [
      { at: 1, price: 500 },
      { at: 5, price: 300 },
    ];
    const lazada = [
      { at: 2, price: 400 },
      { at: 4, price: 450 },
      { at: 6, price: 200 },
    ];
    expect(lowestLine([shopee, lazada])).toEqual([
      { at: 1, price: 500 },
      { at: 2, price: 400 },
      { at: 4, price: 450 },
      { at: 5, price: 300 },
      { at: 6, price: 200 },
    ]);
  });

  it('drops repeats and is empty without prices', () => {
    expect(lowestLine([[{ at: 1, price: 100 }], [{ at: 2, price: 100 }]])).toEqual([
      { at: 1, price: 100 },
    ]);
    expect(lowestLine([])).toEqual([]);
  });
});

describe('shortRupiah', () => {
  it.each([
    [1_250_000, 'Rp 1,3 jt'],
    [1_200_000, 'Rp 1,2 jt'],
    [15_000_000, 'Rp 15 jt'],
    [950_000, 'Rp 950 rb'],
    [2_500_000_000, 'Rp 2,5 M'],
    [500, 'Rp 500'],
  ])('%d -> %s', (value, text) => {
    expect(shortRupiah(value)).toBe(text);
  });
});
