import path from 'node:path';
import express, { type Express } from 'express';
import { MEDIA_DIR, WEB_DIST_DIR } from './paths';
import { ssrRouter, type SsrOptions } from './ssr';
import type { AppContext } from './context';

/**
 * Serves the shipped media, the built assets, the admin app (client-rendered, never indexed)
 * and every other page through the server renderer (404 for unknown paths).
 */
export function mountWeb(app: Express, context: AppContext, ssrOptions: SsrOptions = {}): void {
  app.use('/media', express.static(MEDIA_DIR, { maxAge: '7d', fallthrough: false, index: false }));
  app.use(
    '/assets',
    express.static(path.join(WEB_DIST_DIR, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      index: false,
    }),
  );

  const adminFile = path.join(WEB_DIST_DIR, 'admin.html');
  app.get(['/admin', '/admin/', '/admin/*rest'], (_req, res) => {
    res.set('X-Robots-Tag', 'noindex, nofollow').set('Cache-Control', 'no-cache');
    res.sendFile(adminFile, (error) => {
      if (error && !res.headersSent) res.status(503).type('text').send('Run npm run build first.');
    });
  });

  // The HTML files are templates (index.html) or served above (admin.html), never as they are.
  const staticFiles = express.static(WEB_DIST_DIR, { index: false, maxAge: '1h' });
  app.use((req, res, next) => (/\.html$/i.test(req.path) ? next() : staticFiles(req, res, next)));
  // One address per page: /kategori/ becomes /kategori, so links and canonicals agree.
  app.use((req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && /.\/+$/.test(req.path)) {
      const [pathname = '', ...rest] = req.originalUrl.split('?');
      // Leading slashes and backslashes collapse too: '//evil.example/' or '/\evil.example/'
      // must not become a protocol-relative URL (browsers read a backslash as '/').
      const target = `/${pathname.replace(/^[/\\]+|\/+$/g, '')}`;
      res.redirect(301, rest.length > 0 ? `${target}?${rest.join('?')}` : target);
      return;
    }
    next();
  });
  app.use(ssrRouter(context, ssrOptions));
}
