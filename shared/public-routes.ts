/**
 * The public routes of spec section 2, one table for every reader: the site's router
 * (web/src/public/App.tsx), the page meta (web/src/public/seo/route-meta.ts, its texts keyed by
 * these paths), the server render's 200 or 404, and the static entries of sitemap.xml
 * (api/src/ssr/seo-files.ts). The end-to-end specs visit the same list. Anything else is a 404.
 */

export type SitemapChangeFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';

export interface PublicRoute {
  path: `/${string}`;
  /** Whether search engines may index the page (its robots meta). */
  indexable: boolean;
  /**
   * Its sitemap.xml entry, or null for none. `dailyLastmod`: the page's listing changes every
   * day, so its lastmod is the day the sitemap is written.
   */
  sitemap: { changefreq: SitemapChangeFrequency; priority: number; dailyLastmod: boolean } | null;
}

// In the sitemap's order: most important first.
export const PUBLIC_ROUTES = [
  {
    path: '/',
    indexable: true,
    sitemap: { changefreq: 'daily', priority: 1, dailyLastmod: true },
  },
  {
    path: '/promo-hari-ini',
    indexable: true,
    sitemap: { changefreq: 'daily', priority: 0.9, dailyLastmod: true },
  },
  {
    path: '/produk-terpopuler',
    indexable: true,
    sitemap: { changefreq: 'daily', priority: 0.8, dailyLastmod: true },
  },
  {
    path: '/kategori',
    indexable: true,
    sitemap: { changefreq: 'weekly', priority: 0.8, dailyLastmod: false },
  },
  {
    path: '/tentang',
    indexable: true,
    sitemap: { changefreq: 'monthly', priority: 0.5, dailyLastmod: false },
  },
  {
    path: '/contact',
    indexable: true,
    sitemap: { changefreq: 'monthly', priority: 0.5, dailyLastmod: false },
  },
  {
    path: '/privacy',
    indexable: true,
    sitemap: { changefreq: 'yearly', priority: 0.3, dailyLastmod: false },
  },
  {
    path: '/terms',
    indexable: true,
    sitemap: { changefreq: 'yearly', priority: 0.3, dailyLastmod: false },
  },
  // The browser's own watchlist (price watches): nothing to index.
  { path: '/pantauan', indexable: false, sitemap: null },
] as const satisfies readonly PublicRoute[];

export type PublicPath = (typeof PUBLIC_ROUTES)[number]['path'];

export const PUBLIC_PATHS: readonly PublicPath[] = PUBLIC_ROUTES.map((route) => route.path);

export function isPublicPath(pathname: string): pathname is PublicPath {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** The route of a path, or undefined for a path the site does not have (its 404). */
export function publicRoute(pathname: string): (typeof PUBLIC_ROUTES)[number] | undefined {
  return PUBLIC_ROUTES.find((route) => route.path === pathname);
}
