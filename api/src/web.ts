import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { sitePath } from './lib/site-path';
import { MEDIA_DIR, WEB_DIST_DIR } from './paths';
import { ssrRouter, type SsrOptions } from './ssr';
import type { AppContext } from './context';

/**
 * Serves the shipped media, the built assets, the admin app (client-rendered, never indexed)
 * and every other page through the server renderer (404 for unknown paths).
 */
export function mountWeb(app: Express, context: AppContext, ssrOptions: SsrOptions = {}): void {
  app.use(
    '/media',
    express.static(MEDIA_DIR, { maxAge: '7d', fallthrough: false, index: false, redirect: false }),
  );
  app.use(
    '/assets',
    express.static(path.join(WEB_DIST_DIR, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      index: false,
      redirect: false,
    }),
  );

  const adminFile = path.join(WEB_DIST_DIR, 'admin.html');
  app.get(['/admin', '/admin/', '/admin/*rest'], (_req, res) => {
    res.set('X-Robots-Tag', 'noindex, nofollow').set('Cache-Control', 'no-cache');
    res.sendFile(adminFile, (error) => {
      if (error && !res.headersSent) res.status(503).type('text').send('Run npm run build first.');
    });
  });

  app.use(staticWebFiles(WEB_DIST_DIR));
  app.use(oneAddressPerPage);
  app.use(ssrRouter(context, ssrOptions));
}

/**
 * The built files of the site, except HTML (templates, or served by their own route). A
 * directory is not a file: no trailing-slash redirect is built from the request's path (the
 * static server's own one echoes '/\host/%2e%2e' back as an address on another site).
 * Every file of the build has an extension: a page's address (`/`, `/kategori/...`) is not
 * looked for on disk. Each look cost a stat and a 404 error object with its stack: about an
 * eighth of the server's CPU for a crowd on a cached page (session 45's profile).
 */
export function staticWebFiles(dir: string): RequestHandler {
  const files = express.static(dir, { index: false, maxAge: '1h', redirect: false });
  return (req, res, next) =>
    !HAS_EXTENSION.test(req.path) || /\.html$/i.test(req.path) ? next() : files(req, res, next);
}

/** A last path segment with a dot in it: the only kind of address a built file has. */
const HAS_EXTENSION = /\.[^/]*$/;

/** One address per page: /kategori/ becomes /kategori, so links and canonicals agree. */
export const oneAddressPerPage: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && /.\/+$/.test(req.path)) {
    const [pathname = '', ...rest] = req.originalUrl.split('?');
    const target = sitePath(pathname.replace(/\/+$/, ''));
    res.redirect(301, rest.length > 0 ? `${target}?${rest.join('?')}` : target);
    return;
  }
  next();
};
