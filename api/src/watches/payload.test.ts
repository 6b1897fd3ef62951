import { describe, expect, it } from 'vitest';
import { watchCreateSchema, watchListQuery, WATCH_MESSAGES } from '@shared/schemas/watch';
import { payloadOf } from './sender';

const base = {
  watchId: 'w1',
  productId: '6f1c1c52-7a51-4a4e-9d1b-1f0c0f9f4a11',
  title: 'Sepatu Lari',
};

describe('the notification a shopper reads', () => {
  it('says the new price, the marketplace by its display name and the price before', () => {
    expect(
      payloadOf({ ...base, price: 1_099_000, previousPrice: 1_299_000, platform: 'TikTok' }),
    ).toMatchObject({
      title: 'Harga turun',
      body: 'Harga turun: Rp 1.099.000 di TikTok Shop, sebelumnya Rp 1.299.000',
      url: `/?produk=${base.productId}`,
      product: 'Sepatu Lari',
    });
  });

  it('leaves out what it does not know', () => {
    expect(payloadOf({ ...base, price: 5_000, previousPrice: null, platform: null }).body).toBe(
      'Harga turun: Rp 5.000',
    );
  });
});

describe('watch input', () => {
  it('accepts a push watch and an e-mail watch, lower-casing ids and addresses', () => {
    const push = watchCreateSchema.parse({
      productId: base.productId.toUpperCase(),
      rule: { kind: 'below', price: 1_000_000 },
      channel: {
        push: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      },
    });
    expect(push.productId).toBe(base.productId);
    const email = watchCreateSchema.parse({
      productId: base.productId,
      platform: 'Shopee',
      rule: { kind: 'any' },
      channel: { email: ' Pembeli@Contoh.ID ' },
    });
    expect(email.channel).toEqual({ email: 'pembeli@contoh.id' });
  });

  it('refuses a target without a price and a malformed token list, in Indonesian', () => {
    const result = watchCreateSchema.safeParse({
      productId: base.productId,
      rule: { kind: 'below' },
      channel: { email: 'bukan-email' },
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(WATCH_MESSAGES.price);
    expect(watchListQuery.safeParse({ tokens: 'a,b' }).success).toBe(false);
    expect(watchListQuery.parse({ tokens: `${'x'.repeat(43)},${'x'.repeat(43)}` }).tokens).toEqual([
      'x'.repeat(43),
    ]);
  });
});
