import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { MEDIA_DIR, WEB_DIST_DIR } from './paths';
import type { AppContext } from './context';

const FALLBACK_PAGE = `<!doctype html>
<html lang="id-ID"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>DiskonRadar</title></head><body><main><h1>DiskonRadar</h1>
<p>Situs sedang disiapkan. Jalankan <code>npm run build</code> untuk membangun tampilan web.</p></main></body></html>`;

/** Serves the shipped media and the built web app, with the SPA fallback for page routes. */
export function mountWeb(app: Express, _context: AppContext): void {
  app.use('/media', express.static(MEDIA_DIR, { maxAge: '7d', fallthrough: false, index: false }));
  const indexFile = path.join(WEB_DIST_DIR, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(WEB_DIST_DIR, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      index: false,
    }),
  );
  app.use(express.static(WEB_DIST_DIR, { index: false, maxAge: '1h' }));
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.type('html');
    res.send(existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_PAGE);
  });
}
