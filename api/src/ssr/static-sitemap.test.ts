import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { staticEntries } from './seo-files';

describe("the sitemap's static pages", () => {
  const now = new Date('2026-03-04T05:06:07Z');

  it("are the routes table's sitemap routes, in its order", () => {
    expect(staticEntries(now).map((entry) => entry.path)).toEqual(
      PUBLIC_ROUTES.filter((route) => route.sitemap).map((route) => route.path),
    );
  });

  it('keep the frequencies, priorities and daily lastmods they had', () => {
    expect(staticEntries(now)).toEqual([
      { path: '/', changefreq: 'daily', priority: 1, lastmod: now },
      { path: '/promo-hari-ini', changefreq: 'daily', priority: 0.9, lastmod: now },
      { path: '/produk-terpopuler', changefreq: 'daily', priority: 0.8, lastmod: now },
      { path: '/kategori', changefreq: 'weekly', priority: 0.8 },
      { path: '/tentang', changefreq: 'monthly', priority: 0.5 },
      { path: '/contact', changefreq: 'monthly', priority: 0.5 },
      { path: '/privacy', changefreq: 'yearly', priority: 0.3 },
      { path: '/terms', changefreq: 'yearly', priority: 0.3 },
    ]);
  });
});
