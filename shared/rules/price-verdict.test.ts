import { describe, expect, it } from 'vitest';
import { priceVerdict } from './price-verdict';

describe('priceVerdict', () => {
  it('says when the current lowest price is the lowest of the last 30 days', () => {
    const verdict = priceVerdict({
      platforms: [],
      lowest: { price: 99_000, platform: 'Tokopedia' },
      lowest30d: { price: 99_000, platform: 'Tokopedia', at: '2026-11-18T05:00:00.000Z' },
    });
    expect(verdict).toEqual({
      kind: 'lowest',
      lowest30d: 'Harga terendah 30 hari terakhir: Rp 99.000 (Tokopedia)',
      text: 'Harga sekarang (Rp 99.000 di Tokopedia) adalah yang terendah dalam 30 hari terakhir.',
    });
  });

  it('names the date (in Jakarta) and platform when it was cheaper', () => {
    const verdict = priceVerdict({
      platforms: [],
      lowest: { price: 1_299_000, platform: 'Shopee' },
      // 20:00 UTC is already the next day in Jakarta.
      lowest30d: { price: 1_099_000, platform: 'TikTok', at: '2026-11-02T20:00:00.000Z' },
    });
    expect(verdict?.kind).toBe('was-cheaper');
    expect(verdict?.lowest30d).toBe('Harga terendah 30 hari terakhir: Rp 1.099.000 (TikTok Shop)');
    expect(verdict?.text).toBe(
      'Pernah lebih murah: Rp 1.099.000 di TikTok Shop pada 3 November 2026. Sekarang mulai Rp 1.299.000 di Shopee.',
    );
  });

  it('says nothing without a history or a current price', () => {
    expect(priceVerdict(null)).toBeNull();
    expect(priceVerdict({ platforms: [], lowest: null, lowest30d: null })).toBeNull();
    expect(
      priceVerdict({
        platforms: [],
        lowest: null,
        lowest30d: { price: 1, platform: 'Shopee', at: '2026-11-02T20:00:00.000Z' },
      }),
    ).toBeNull();
  });
});
