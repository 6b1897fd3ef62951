import { describe, expect, it } from 'vitest';
import type { MetaTag } from '@shared/types';
import { renderHead } from './head';
import { serializeJsonForScript } from './escape';
import type { PageMeta } from './page-meta';

const ORIGIN = 'https://diskonradar.id';

const meta: PageMeta = {
  title: 'Promo "Hari" Ini <b>',
  description: 'Diskon & promo',
  path: '/promo-hari-ini',
  schemaType: 'website',
};

function tag(partial: Partial<MetaTag>): MetaTag {
  return {
    id: '1',
    htmlTag: '',
    pageUrl: '*',
    isActive: true,
    createdAt: '',
    parsedName: null,
    parsedProperty: null,
    parsedContent: null,
    ...partial,
  };
}

describe('renderHead', () => {
  it('escapes every text it writes', () => {
    const head = renderHead(meta, ORIGIN);
    expect(head).toContain('<title>Promo &quot;Hari&quot; Ini &lt;b&gt; | DiskonRadar</title>');
    expect(head).toContain('<meta name="description" content="Diskon &amp; promo">');
    expect(head).toContain('<link rel="canonical" href="https://diskonradar.id/promo-hari-ini">');
    expect(head).not.toContain('<b>');
  });

  it('gives the site image at 1200x630 and a product its own photo and price', () => {
    const site = renderHead(meta, ORIGIN);
    expect(site).toContain(
      '<meta property="og:image" content="https://diskonradar.id/og/diskonradar.png">',
    );
    expect(site).toContain('<meta property="og:image:width" content="1200">');
    const product = renderHead(
      {
        ...meta,
        schemaType: 'product',
        product: {
          name: 'Sepatu',
          description: 'Sepatu lari',
          image: '/media/products/sepatu.webp',
          brand: 'DiskonRadar',
          discountPercentage: 40,
          category: 'Olahraga',
          offers: {
            price: 199000,
            highPrice: 250000,
            offerCount: 2,
            priceCurrency: 'IDR',
            availability: 'InStock',
            url: '/?produk=x',
          },
        },
      },
      ORIGIN,
    );
    expect(product).toContain('<meta property="og:type" content="product">');
    expect(product).toContain(
      '<meta property="og:image" content="https://diskonradar.id/media/products/sepatu.webp">',
    );
    expect(product).toContain('<meta property="product:price:amount" content="199000">');
    expect(product).toContain('"priceCurrency":"IDR"');
    expect(product).toContain(
      '"@type":"AggregateOffer","priceCurrency":"IDR","availability":"https://schema.org/InStock","url":"https://diskonradar.id/?produk=x","lowPrice":199000,"highPrice":250000,"offerCount":2',
    );
  });

  it('renders admin tags from their parsed parts: exact paths replace, "*" only fills gaps', () => {
    const head = renderHead(meta, ORIGIN, [
      tag({ pageUrl: '*', parsedName: 'description', parsedContent: 'global' }),
      tag({ pageUrl: '*', parsedName: 'author', parsedContent: 'Tim "DR" <script>' }),
      tag({ pageUrl: '/promo-hari-ini', parsedProperty: 'og:title', parsedContent: 'Judul admin' }),
      tag({ pageUrl: '*', parsedName: 'no-content', parsedContent: null }),
    ]);
    expect(head).toContain('<meta name="description" content="Diskon &amp; promo">');
    expect(head).not.toContain('content="global"');
    expect(head).toContain('<meta name="author" content="Tim &quot;DR&quot; &lt;script&gt;">');
    expect(head).toContain('<meta property="og:title" content="Judul admin">');
    expect(head).not.toContain('no-content');
  });

  it('renders any accepted name escaped, quotes in the name included', () => {
    const head = renderHead(meta, ORIGIN, [
      tag({ parsedName: 'ahrefs-site-verification', parsedContent: 'f00dfeed' }),
      tag({
        parsedName: 'apple-itunes-app',
        parsedContent: 'app-id=1, app-argument=https://x.id/?a=1&b=2',
      }),
      tag({ parsedName: 'tim "promo"><script>', parsedContent: '<b>DR</b>' }),
    ]);
    expect(head).toContain('<meta name="ahrefs-site-verification" content="f00dfeed">');
    expect(head).toContain(
      '<meta name="apple-itunes-app" content="app-id=1, app-argument=https://x.id/?a=1&amp;b=2">',
    );
    expect(head).toContain(
      '<meta name="tim &quot;promo&quot;&gt;&lt;script&gt;" content="&lt;b&gt;DR&lt;/b&gt;">',
    );
    expect(head).not.toContain('<script>');
  });

  it('keeps JSON-LD from closing its script element', () => {
    const text = serializeJsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
    const head = renderHead({ ...meta, faqs: [{ question: '</script>?', answer: 'a' }] }, ORIGIN);
    expect(head.match(/<\/script>/g)?.length).toBe(head.match(/<script /g)?.length);
  });
});
