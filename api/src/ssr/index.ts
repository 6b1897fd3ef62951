// Server rendering of the public site (spec section 2): every public route is rendered by
// React with its data; robots.txt and sitemap.xml are served beside it.
import path from 'node:path';
import { Router, type Request } from 'express';
import { ROOT_DIR } from '../paths';
import type { AppContext } from '../context';
import { loadRouteData } from './load-data';
import { buildDocument, loadPageRenderer, type PageRenderer } from './renderer';
import { robotsTxt, sitemapXml } from './seo-files';

const OG_IMAGE_DIR = path.join(ROOT_DIR, 'web', 'src', 'public', 'static');

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** PUBLIC_URL when configured; otherwise the request's own origin (host header checked). */
export function requestOrigin(req: Request, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const host = req.get('host') ?? '';
  return `${req.protocol}://${HOST.test(host) ? host : 'localhost'}`;
}

const FALLBACK_PAGE = `<!doctype html>
<html lang="id-ID"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>DiskonRadar</title></head><body><main><h1>DiskonRadar</h1>
<p>Situs sedang disiapkan. Jalankan <code>npm run build</code> untuk membangun tampilan web.</p></main></body></html>`;

export interface SsrOptions {
  /** Injected in tests; defaults to the built dist/ssr entry and dist/web template. */
  renderer?: PageRenderer | null;
}

export function ssrRouter({ config, db }: AppContext, options: SsrOptions = {}): Router {
  const router = Router();
  let renderer: Promise<PageRenderer | null> | null =
    options.renderer !== undefined ? Promise.resolve(options.renderer) : null;
  const getRenderer = () => (renderer ??= loadPageRenderer());
  const siteConfig = { geoLookupUrl: config.geoLookupUrl };

  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(requestOrigin(req, config.publicUrl)));
  });

  // The site's 1200x630 Open Graph image (spec section 2), kept beside the public code.
  router.get('/og/diskonradar.png', (_req, res) => {
    res.sendFile(path.join(OG_IMAGE_DIR, 'og-diskonradar.png'), { maxAge: '7d' });
  });

  router.get('/sitemap.xml', async (req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
    res.send(await sitemapXml(db, requestOrigin(req, config.publicUrl)));
  });

  router.get(/.*/, async (req, res) => {
    const loaded = await getRenderer();
    if (!loaded) {
      res.type('html').send(FALLBACK_PAGE);
      return;
    }
    const origin = requestOrigin(req, config.publicUrl);
    const url = new URL(req.originalUrl, 'http://localhost');
    const data = await loadRouteData(db, url, origin, siteConfig, loaded.entry.PUBLIC_PATHS);
    const result = loaded.entry.render(`${url.pathname}${url.search}`, data);
    res
      .status(result.status)
      .type('html')
      // Pages carry live data (prices, popups); shared caches must revalidate.
      .set('Cache-Control', 'no-cache')
      .send(buildDocument(loaded.template, result));
  });

  return router;
}
