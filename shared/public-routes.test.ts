import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS, PUBLIC_ROUTES, isPublicPath, publicRoute } from './public-routes';

describe('the public routes table', () => {
  it('lists the eight pages of spec section 2 and the watchlist once each', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/',
        '/contact',
        '/kategori',
        '/privacy',
        '/produk-terpopuler',
        '/promo-hari-ini',
        '/tentang',
        '/terms',
        '/pantauan',
      ].sort(),
    );
    expect(new Set(PUBLIC_PATHS).size).toBe(PUBLIC_ROUTES.length);
  });

  it('puts only indexable pages in the sitemap, with sitemaps.org priorities', () => {
    for (const route of PUBLIC_ROUTES) {
      if (!route.sitemap) continue;
      expect(route.indexable, route.path).toBe(true);
      expect(route.sitemap.priority).toBeGreaterThan(0);
      expect(route.sitemap.priority).toBeLessThanOrEqual(1);
    }
  });

  it('knows its paths exactly: no prefix, case or trailing slash variants', () => {
    expect(isPublicPath('/kategori')).toBe(true);
    for (const path of ['/kategori/', '/Kategori', '/kategori/x', '', '/admin', '/api']) {
      expect(isPublicPath(path), path).toBe(false);
      expect(publicRoute(path)).toBeUndefined();
    }
    expect(publicRoute('/terms')?.sitemap?.changefreq).toBe('yearly');
  });
});
