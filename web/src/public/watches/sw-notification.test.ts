import { describe, expect, it } from 'vitest';
import { notificationFor, sitePath } from './sw-notification';

const ORIGIN = 'https://diskonradar.example';

describe('the notification the service worker shows', () => {
  it('shows the server payload with the product, and opens its address', () => {
    const shown = notificationFor(
      JSON.stringify({
        title: 'Harga turun',
        body: 'Harga turun: Rp 1.099.000 di Shopee, sebelumnya Rp 1.299.000',
        url: '/?produk=abc',
        product: 'Sepatu Lari',
      }),
      ORIGIN,
    );
    expect(shown.title).toBe('Harga turun: Sepatu Lari');
    expect(shown.options.body).toBe('Harga turun: Rp 1.099.000 di Shopee, sebelumnya Rp 1.299.000');
    expect(shown.options.data.url).toBe('/?produk=abc');
    expect(shown.options.icon).toBe('/media/favicon.svg');
  });

  it('never opens another site, and survives a payload that is not JSON', () => {
    expect(sitePath('https://evil.example/x', ORIGIN)).toBe('/pantauan');
    expect(sitePath('//evil.example/x', ORIGIN)).toBe('/pantauan');
    expect(sitePath(`${ORIGIN}/?produk=1`, ORIGIN)).toBe('/?produk=1');
    const plain = notificationFor('Harga turun!', ORIGIN);
    expect(plain.title).toBe('Harga turun');
    expect(plain.options.body).toBe('Harga turun!');
    expect(plain.options.data.url).toBe('/pantauan');
    expect(notificationFor(null, ORIGIN).options.data.url).toBe('/pantauan');
  });
});
