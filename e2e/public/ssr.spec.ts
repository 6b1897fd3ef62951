// The raw HTML of each public route, as a crawler or WhatsApp's link preview sees it: no
// JavaScript runs here.
import type { APIRequestContext } from '@playwright/test';
import { PUBLIC_ROUTES } from '../../shared/public-routes';
import type { Category, Product } from '../../shared/types';
import { allProducts, expect, test } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'HTML checks do not depend on the viewport');

interface Head {
  status: number;
  html: string;
  title: string;
  meta(key: string): string | null;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function fetchPage(request: APIRequestContext, path: string): Promise<Head> {
  const response = await request.get(path);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) => {
    const pattern = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`);
    const match = pattern.exec(head);
    return match?.[1] !== undefined ? decode(match[1]) : null;
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );
  return {
    status: response.status(),
    html,
    title: decode(/<title>(.*?)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1] ?? null,
    jsonLd,
  };
}

const ROUTES = [
  { path: '/', title: 'DiskonRadar - Diskon & Promo Terbaik', text: 'Semua Produk Diskon' },
  {
    path: '/kategori',
    title: 'Semua Kategori Produk Diskon | DiskonRadar',
    text: 'Kategori Tersedia',
  },
  { path: '/promo-hari-ini', title: 'Promo Hari Ini', text: 'produk promo pilihan hari ini' },
  { path: '/produk-terpopuler', title: 'Produk Terpopuler', text: 'Semua Produk Populer' },
  { path: '/tentang', title: 'Tentang DiskonRadar', text: 'Misi Kami' },
  { path: '/contact', title: 'Hubungi Kami | DiskonRadar', text: 'Informasi Layanan' },
  {
    path: '/privacy',
    title: 'Kebijakan Privasi | DiskonRadar',
    text: 'Terakhir diperbarui: Desember 2024',
  },
  { path: '/terms', title: 'Syarat dan Ketentuan | DiskonRadar', text: 'Link Afiliasi dan Komisi' },
];

for (const route of ROUTES) {
  test(`${route.path} is rendered on the server with its head`, async ({ request, baseURL }) => {
    const page = await fetchPage(request, route.path);
    expect(page.status).toBe(200);
    expect(page.title).toContain(route.title);
    expect(page.html).toContain(route.text);
    expect(page.meta('description')?.length).toBeGreaterThan(40);
    expect(page.meta('robots')).toBe('index, follow');
    expect(page.canonical).toBe(`${baseURL}${route.path}`);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:url')).toBe(`${baseURL}${route.path}`);
    expect(page.meta('og:image')).toBe(`${baseURL}/og/diskonradar.png`);
    expect(page.meta('og:image:width')).toBe('1200');
    expect(page.meta('og:image:height')).toBe('630');
    expect(page.meta('keywords')).toContain('diskon');
    const types = page.jsonLd.map((block) => block['@type']);
    expect(types).toEqual(expect.arrayContaining(['WebSite', 'Organization']));
    if (route.path !== '/') expect(types).toContain('BreadcrumbList');
    // The hydration state travels as inert JSON, never as a script that runs.
    expect(page.html).toContain('<script type="application/json" id="dr-state">');
  });
}

test('the home page HTML holds the first page of products and the categories', async ({
  request,
  api,
}) => {
  const page = await fetchPage(request, '/');
  const first = await api.get<{ products: Product[] }>('/api/products?page=1&limit=12');
  for (const product of first.products.slice(0, 12)) {
    expect(page.html).toContain(`data-product-id="${product.id}"`);
  }
  const categories = await api.get<Category[]>('/api/categories');
  expect(page.html).toContain('Kategori Produk');
  expect(page.html).toContain(categories[0]?.name.replace(/&/g, '&amp;') ?? 'missing');
});

test('a category address has its own canonical and breadcrumb data', async ({
  request,
  api,
  baseURL,
}) => {
  const categories = await api.get<Category[]>('/api/categories');
  const category = categories.find((c) => c.slug === 'elektronik') ?? categories[0]!;
  const page = await fetchPage(request, `/?category=${category.slug}`);
  expect(page.title).toContain(category.name);
  expect(page.canonical).toBe(`${baseURL}/?category=${category.slug}`);
  const crumbs = page.jsonLd.find((block) => block['@type'] === 'BreadcrumbList');
  const items = (crumbs?.itemListElement ?? []) as { item: string; name: string }[];
  expect(items.map((i) => i.item)).toEqual([
    `${baseURL}/`,
    `${baseURL}/?category=${category.slug}`,
  ]);
});

test('a search address is not indexed and its breadcrumb points at the search', async ({
  request,
  baseURL,
}) => {
  const page = await fetchPage(request, '/?search=sepatu');
  expect(page.meta('robots')).toBe('noindex, nofollow');
  expect(page.html).toContain('Hasil Pencarian');
  const crumbs = page.jsonLd.find((block) => block['@type'] === 'BreadcrumbList');
  const items = (crumbs?.itemListElement ?? []) as { item: string }[];
  expect(items.at(-1)?.item).toBe(`${baseURL}/?search=sepatu`);
});

test('a product address describes the product for link previews', async ({
  request,
  api,
  baseURL,
}) => {
  const products = await allProducts(api);
  const product = products.find((p) => p.imageUrl.startsWith('/')) ?? products[0]!;
  const page = await fetchPage(request, `/?produk=${product.id}`);
  expect(page.status).toBe(200);
  expect(page.title).toContain(product.title);
  expect(page.title).toContain(`Diskon ${product.discountPercentage}%`);
  expect(page.meta('og:type')).toBe('product');
  expect(page.meta('og:image')).toBe(`${baseURL}${product.imageUrl}`);
  expect(page.meta('og:description')).toContain(`${product.discountPercentage}%`);
  expect(page.canonical).toBe(`${baseURL}/?produk=${product.id}`);
  const ld = page.jsonLd.find((block) => block['@type'] === 'Product') as
    | {
        name: string;
        offers: {
          '@type': string;
          priceCurrency: string;
          lowPrice?: number;
          highPrice?: number;
          offerCount?: number;
        };
      }
    | undefined;
  expect(ld?.name).toBe(product.title);
  expect(ld?.offers.priceCurrency).toBe('IDR');
  if (product.lowestPrice) {
    // Several marketplaces, one product: the lowest and highest of their prices.
    expect(ld?.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: product.lowestPrice.price,
    });
    expect(ld?.offers.highPrice).toBeGreaterThanOrEqual(product.lowestPrice.price);
    expect(ld?.offers.offerCount).toBeGreaterThanOrEqual(1);
  }
  // The modal is in the HTML already, with its affiliate links.
  expect(page.html).toContain('Cek Harga di Platform:');
  expect(page.html).toContain('rel="sponsored noopener"');
});

test('the contact page carries FAQ structured data', async ({ request, api }) => {
  const faqs = await api.get<{ question: string }[]>('/api/faqs');
  const page = await fetchPage(request, '/contact');
  const faqPage = page.jsonLd.find((block) => block['@type'] === 'FAQPage') as
    { mainEntity: { name: string }[] } | undefined;
  expect(faqPage?.mainEntity.map((q) => q.name)).toEqual(faqs.slice(0, 5).map((f) => f.question));
});

test('an unknown path is the plain English 404 page, not indexed', async ({ request }) => {
  const page = await fetchPage(request, '/tidak-ada-halaman-ini');
  expect(page.status).toBe(404);
  expect(page.html).toContain('404 Page Not Found');
  expect(page.html).toContain('Did you forget to add the page to the router?');
  expect(page.meta('robots')).toBe('noindex, nofollow');
});

test('a trailing slash redirects to the one address of the page, never off-site', async ({
  request,
  baseURL,
}) => {
  const slash = await request.get('/kategori/?x=1', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers().location).toBe('/kategori?x=1');
  // The path itself starts with two slashes; resolved alone it would be another host.
  const sneaky = await request.get(`${baseURL}//evil.example/`, { maxRedirects: 0 });
  expect(sneaky.status()).toBe(301);
  expect(sneaky.headers().location).toBe('/evil.example');
});

test('robots.txt and sitemap.xml list the public site', async ({ request, api, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemapResponse = await request.get('/sitemap.xml');
  expect(sitemapResponse.headers()['content-type']).toContain('xml');
  const sitemap = await sitemapResponse.text();
  for (const { path, sitemap: listed } of PUBLIC_ROUTES) {
    if (listed) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    // A noindex page (the watchlist) is not offered to crawlers.
    else expect(sitemap).not.toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const [product] = await allProducts(api);
  expect(sitemap).toContain(`<loc>${baseURL}/?produk=${product!.id}</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/?category=fashion</loc>`);
});

test('the admin app is served as is and marked noindex; the API stays JSON', async ({
  request,
}) => {
  const admin = await request.get('/admin/login');
  expect(admin.status()).toBe(200);
  expect(admin.headers()['x-robots-tag']).toContain('noindex');
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
});

test('active admin meta tags for a path are rendered escaped', async ({ request }) => {
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: 'admin12345' },
  });
  expect(login.ok()).toBeTruthy();
  const created = await request.post('/api/admin/meta-tags', {
    data: {
      htmlTag: '<meta name="author" content="Tim &quot;Radar&quot; <b>DR</b>">',
      pageUrl: '/privacy',
      isActive: true,
    },
  });
  expect(created.status()).toBe(201);
  const page = await fetchPage(request, '/privacy');
  expect(page.html).toContain(
    '<meta name="author" content="Tim &quot;Radar&quot; &lt;b&gt;DR&lt;/b&gt;">',
  );
  expect(page.html).not.toContain('<b>DR</b>');
  const other = await fetchPage(request, '/terms');
  expect(other.meta('author')).toBeNull();
});

test('ordinary meta tags of any name are accepted and rendered escaped', async ({ request }) => {
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: 'admin12345' },
  });
  expect(login.ok()).toBeTruthy();
  const tags = [
    ['ahrefs-site-verification', 'f00dfeed'],
    ['tiktok-developers-site-verification', 'tt-123'],
    ['format-detection', 'telephone=no'],
    ['apple-itunes-app', 'app-id=123456789, app-argument=https://x.example/?a=1&b=2'],
    ['tim "promo"', 'Tim <b>DR</b>'],
  ];
  const created: number[] = [];
  try {
    for (const [name, content] of tags) {
      const res = await request.post('/api/admin/meta-tags', {
        data: {
          htmlTag: `<meta name='${name}' content='${content}'>`,
          pageUrl: '/tentang',
          isActive: true,
        },
      });
      expect(res.status(), name).toBe(201);
      created.push(((await res.json()) as { id: number }).id);
    }
    const page = await fetchPage(request, '/tentang');
    expect(page.html).toContain('<meta name="ahrefs-site-verification" content="f00dfeed">');
    expect(page.html).toContain(
      '<meta name="tiktok-developers-site-verification" content="tt-123">',
    );
    expect(page.html).toContain('<meta name="format-detection" content="telephone=no">');
    expect(page.html).toContain(
      '<meta name="apple-itunes-app" content="app-id=123456789, app-argument=https://x.example/?a=1&amp;b=2">',
    );
    expect(page.html).toContain(
      '<meta name="tim &quot;promo&quot;" content="Tim &lt;b&gt;DR&lt;/b&gt;">',
    );
    expect(page.html).not.toContain('<b>DR</b>');
  } finally {
    for (const id of created) await request.delete(`/api/admin/meta-tags/${id}`);
  }
});
