import { describe, expect, it } from 'vitest';
import { displayPrice, platformBadges, platformName, priceSummary } from './product-card';

describe('product card rules', () => {
  it('shows at most 3 platform badges and counts the rest', () => {
    expect(platformBadges(['Shopee', 'Lazada'])).toEqual({ shown: ['Shopee', 'Lazada'], more: 0 });
    expect(platformBadges(['Shopee', 'Lazada', 'Blibli', 'TikTok', 'Bukalapak'])).toEqual({
      shown: ['Shopee', 'Lazada', 'Blibli'],
      more: 2,
    });
  });
  it('summarises at most 4 prices then the other platforms', () => {
    expect(priceSummary([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3, 4], moreLine: null });
    expect(priceSummary([1, 2, 3, 4, 5, 6])).toEqual({
      shown: [1, 2, 3, 4],
      moreLine: '+2 other platforms',
    });
  });
  it('names TikTok as TikTok Shop and shows a missing price as N/A', () => {
    expect(platformName('TikTok')).toBe('TikTok Shop');
    expect(platformName('Shopee')).toBe('Shopee');
    expect(displayPrice('')).toBe('N/A');
    expect(displayPrice(null)).toBe('N/A');
    expect(displayPrice('Rp 10.000')).toBe('Rp 10.000');
  });
});
