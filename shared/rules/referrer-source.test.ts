import { describe, expect, it } from 'vitest';
import { classifyReferrer, referrerHostOf } from './referrer-source';

describe('classifyReferrer', () => {
  const cases: Array<[string | null, string, string]> = [
    ['https://www.google.co.id/', 'search', 'google.co.id'],
    ['https://google.com/search?q=diskon', 'search', 'google.com'],
    ['https://www.bing.com/search?q=x', 'search', 'bing.com'],
    ['https://wa.me/628123', 'social', 'wa.me'],
    ['https://web.whatsapp.com/', 'social', 'web.whatsapp.com'],
    ['https://l.facebook.com/l.php?u=x', 'social', 'l.facebook.com'],
    ['https://m.facebook.com/', 'social', 'm.facebook.com'],
    ['https://fb.me/abc', 'social', 'fb.me'],
    ['https://www.instagram.com/', 'social', 'instagram.com'],
    ['https://www.tiktok.com/@toko/video/1', 'social', 'tiktok.com'],
    ['https://t.co/abc', 'social', 't.co'],
    ['https://x.com/someone', 'social', 'x.com'],
    ['https://twitter.com/someone', 'social', 'twitter.com'],
    ['https://t.me/diskonradar', 'social', 't.me'],
    ['https://shopee.co.id/produk', 'marketplace', 'shopee.co.id'],
    ['https://www.tokopedia.com/toko', 'marketplace', 'tokopedia.com'],
    ['https://www.lazada.co.id/', 'marketplace', 'lazada.co.id'],
    ['https://www.blibli.com/', 'marketplace', 'blibli.com'],
    ['https://m.bukalapak.com/', 'marketplace', 'm.bukalapak.com'],
    ['https://shop.tiktok.com/view/product/1', 'marketplace', 'shop.tiktok.com'],
    ['https://www.tiktokshop.com/', 'marketplace', 'tiktokshop.com'],
    ['https://kompas.com/read/1', 'other', 'kompas.com'],
    ['https://notgoogle.example/', 'other', 'notgoogle.example'],
    [null, 'direct', ''],
    ['', 'direct', ''],
    ['android-app://com.google.android.gm/', 'direct', ''],
    ['not a url', 'direct', ''],
  ];
  it.each(cases)('%s is %s', (referrer, group, host) => {
    expect(classifyReferrer(referrer)).toEqual({ group, host });
  });

  it('counts the site itself as direct, whatever www. and port', () => {
    expect(classifyReferrer('https://www.diskonradar.id/p/1', ['diskonradar.id'])).toEqual({
      group: 'direct',
      host: '',
    });
    expect(classifyReferrer('http://localhost:3000/', ['localhost:3000'])).toEqual({
      group: 'direct',
      host: '',
    });
  });

  it('reads hosts in lower case without www.', () => {
    expect(referrerHostOf('https://WWW.Google.COM/x')).toBe('google.com');
  });
});
