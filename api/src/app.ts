import express, { Router, type Express } from 'express';
import cors from 'cors';
import compression from 'compression';
import { adminSession, requireAdmin } from './auth/session';
import { apiNotFound, errorHandler } from './middleware/errors';
import { originCheck } from './middleware/origin';
import { securityHeaders } from './middleware/security';
import { authRoutes } from './routes/auth';
import { adminCategoryRoutes, publicCategoryRoutes } from './routes/categories';
import { adminContentRoutes, publicContentRoutes } from './routes/content';
import { adminFaqRoutes, publicFaqRoutes } from './routes/faqs';
import { adminMetaTagRoutes } from './routes/meta-tags';
import { adminPlatformLinkRoutes, publicPlatformLinkRoutes } from './routes/platform-links';
import { adminPopupRoutes, publicPopupRoutes } from './routes/popups';
import { adminProductImageRoutes } from './routes/product-images';
import { adminProductRoutes, publicProductRoutes } from './routes/products';
import { adminStatsRoutes } from './routes/stats';
import { mountWeb } from './web';
import { geoLookupOrigin } from './config';
import { ResponseCache } from './lib/response-cache';
import type { AppContext } from './context';

export const JSON_BODY_LIMIT = '100kb';

export interface AppExtensions {
  /** Extra admin API routers (analytics), mounted behind the session check. */
  adminRouters?: Record<string, Router>;
}

export function createApp(context: AppContext, extensions: AppExtensions = {}): Express {
  const { config } = context;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'weak');

  // The visitor tracking looks up its geolocation from a public service (spec section 7).
  const geoOrigin = geoLookupOrigin(config.geoLookupUrl);
  app.use(securityHeaders({ connectSources: geoOrigin ? [geoOrigin] : [] }));
  app.use(compression());

  const api = Router();
  api.use(
    cors({
      origin: (origin, callback) =>
        callback(null, origin ? config.desktopOrigins.includes(origin) : false),
      credentials: true,
    }),
  );
  api.use(originCheck(config));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const catalogueCache = new ResponseCache();
  api.use('/categories', publicCategoryRoutes(catalogueCache));
  api.use('/products', publicProductRoutes(catalogueCache));
  api.use('/platform-links', publicPlatformLinkRoutes());
  api.use('/content', publicContentRoutes());
  api.use('/faqs', publicFaqRoutes());
  api.use('/popups', publicPopupRoutes());

  // Only the back office has sessions; public reads never parse or set a cookie.
  api.use('/admin', adminSession(config));
  api.use('/admin', (req, res, next) => {
    // Any successful admin write may change what shoppers see.
    if (req.method !== 'GET') {
      res.on('finish', () => {
        if (res.statusCode < 400) catalogueCache.clear();
      });
    }
    next();
  });

  api.use('/admin', authRoutes(context));
  const admin = Router();
  admin.use(requireAdmin);
  admin.use('/stats', adminStatsRoutes());
  admin.use('/categories', adminCategoryRoutes(context));
  admin.use('/products', adminProductRoutes(context));
  admin.use('/platform-links', adminPlatformLinkRoutes(context));
  admin.use('/product-images', adminProductImageRoutes(context));
  admin.use('/content', adminContentRoutes(context));
  admin.use('/faqs', adminFaqRoutes(context));
  admin.use('/meta-tags', adminMetaTagRoutes(context));
  admin.use('/popups', adminPopupRoutes(context));
  for (const [path, router] of Object.entries(extensions.adminRouters ?? {})) {
    admin.use(path, router);
  }
  api.use('/admin', admin);
  api.use(apiNotFound);
  api.use(errorHandler);

  app.use('/api', api);
  mountWeb(app, context);
  app.use(errorHandler);
  return app;
}
