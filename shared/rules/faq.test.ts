import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants';
import { contactFaqs, splitForDisplay } from './faq';

describe('contactFaqs', () => {
  it('keeps active FAQs sorted by order, at most 5', () => {
    const faqs = [
      { id: 'a', isActive: true, order: 5 },
      { id: 'b', isActive: false, order: 0 },
      { id: 'c', isActive: true, order: 1 },
      { id: 'd', isActive: true, order: 3 },
      { id: 'e', isActive: true, order: 2 },
      { id: 'f', isActive: true, order: 9 },
      { id: 'g', isActive: true, order: 4 },
    ];
    expect(contactFaqs(faqs).map((f) => f.id)).toEqual(['c', 'e', 'd', 'g', 'a']);
    expect(faqs[0]?.id).toBe('a');
  });
});

describe('splitForDisplay', () => {
  it('shows up to the limit and counts the rest', () => {
    const platforms = ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'TikTok'];
    expect(splitForDisplay(platforms, LIMITS.cardPlatformBadges)).toEqual({
      shown: ['Shopee', 'Tokopedia', 'Lazada'],
      more: 2,
    });
    expect(splitForDisplay(platforms.slice(0, 2), LIMITS.priceSummaryLinks)).toEqual({
      shown: ['Shopee', 'Tokopedia'],
      more: 0,
    });
  });
});
