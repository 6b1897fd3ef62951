// Server rendering of the public site (spec section 2): every public route is rendered by
// React with its data; robots.txt and sitemap.xml are served beside it.
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { ROOT_DIR } from '../paths';
import type { AppContext } from '../context';
import { loadRouteData } from './load-data';
import { buildDocument, loadPageRenderer, type PageRenderer } from './renderer';
import { robotsTxt, sitemapIndexXml, sitemapPlan, writeSitemapPage } from './seo-files';
import { ClientGone, writeChunk } from '../lib/streamed-write';
import { ConcurrencyLimit } from '../lib/concurrency-limit';
import { cachedPage, isAnonymous, PageCache, plainBody, type CachedPage } from './page-cache';

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

/**
 * Sends a rendered page with its strong ETag (Express answers 304 to a matching
 * If-None-Match), gzipped once at render time for the clients that take gzip.
 */
function sendPage(
  req: Request,
  res: Response,
  page: CachedPage,
  cacheControl: string,
  state: 'hit' | 'miss' | 'bypass',
): void {
  res
    .status(page.status)
    .type('html')
    .set('Cache-Control', cacheControl)
    .set('ETag', page.etag)
    .set('X-Page-Cache', state)
    .vary('Accept-Encoding');
  if (page.gzip && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    res.set('Content-Encoding', 'gzip').send(page.gzip);
    return;
  }
  res.send(plainBody(page));
}

/**
 * Pages rendered at once (their data loaded, drawn, compressed); the others wait their turn.
 * On two cores more at once only adds memory: 20 uncached requests held 20 pages' data, HTML
 * and buffers together, each finished later than one after the other, and the database (one
 * SQLite connection, or a pool of 10) takes the queries in turn anyway. Four keep a query of
 * one render overlapping another's drawing.
 */
export const RENDER_CONCURRENCY = 4;

export interface SsrOptions {
  /** Injected in tests; defaults to the built dist/ssr entry and dist/web template. */
  renderer?: PageRenderer | null;
  /** The rendered-page cache (the app clears it on every catalogue change); none: no cache. */
  pageCache?: PageCache;
  /** Renders at once (default RENDER_CONCURRENCY). */
  renderConcurrency?: number;
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

  // Streamed from the database a chunk at a time; past 50,000 URLs /sitemap.xml is an index
  // of /sitemap-N.xml files.
  const sendSitemap = async (req: Request, res: Response, page: number | null) => {
    const origin = requestOrigin(req, config.publicUrl);
    if (page === null) {
      const plan = await sitemapPlan(db);
      if (plan.pages > 1) {
        res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
        res.send(sitemapIndexXml(origin, plan.pages));
        return;
      }
    }
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
    let found: boolean;
    try {
      found = await writeSitemapPage(db, origin, (chunk) => writeChunk(res, chunk), {
        page: page ?? 1,
      });
    } catch (error) {
      if (error instanceof ClientGone) return;
      if (res.headersSent) {
        // Part of the file is out: cut the answer off rather than end it as if complete.
        res.destroy();
        return;
      }
      throw error;
    }
    if (!found) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.end();
  };
  router.get('/sitemap.xml', (req, res) => sendSitemap(req, res, null));
  router.get(/^\/sitemap-([1-9]\d{0,4})\.xml$/, (req, res) =>
    sendSitemap(req, res, Number((req.params as Record<string, string>)[0])),
  );

  const renders = new ConcurrencyLimit(options.renderConcurrency ?? RENDER_CONCURRENCY);
  const renderPage = (req: Request, loaded: PageRenderer): Promise<CachedPage> =>
    renders.run(async () => {
      const origin = requestOrigin(req, config.publicUrl);
      const url = new URL(req.originalUrl, 'http://localhost');
      const data = await loadRouteData(db, url, origin, siteConfig, loaded.entry.PUBLIC_PATHS);
      const result = loaded.entry.render(`${url.pathname}${url.search}`, data);
      return cachedPage(result.status, buildDocument(loaded.template, result));
    });

  router.get(/.*/, async (req, res) => {
    const loaded = await getRenderer();
    if (!loaded) {
      res.type('html').send(FALLBACK_PAGE);
      return;
    }
    const { pageCache } = options;
    if (!pageCache || !isAnonymous(req)) {
      const page = await renderPage(req, loaded);
      // Pages carry live data (prices, popups): whoever keeps a copy must revalidate it.
      sendPage(req, res, page, pageCache ? 'private, no-cache' : 'no-cache', 'bypass');
      return;
    }
    // Everything the render reads from the request: the origin (PUBLIC_URL or the Host) and
    // the address. No cookie, header or visitor reaches it (load-data.ts, renderer.ts).
    const url = new URL(req.originalUrl, 'http://localhost');
    const key = `${requestOrigin(req, config.publicUrl)}${url.pathname}${url.search}`;
    let rendered: CachedPage | null = null;
    const page = await pageCache.get(key, async () => (rendered = await renderPage(req, loaded)));
    const cacheable = page.status === 200 || page.status === 404;
    sendPage(
      req,
      res,
      page,
      cacheable ? pageCache.cacheControl : 'no-cache',
      page === rendered ? 'miss' : 'hit',
    );
  });

  return router;
}
