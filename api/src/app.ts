import type { RequestListener } from 'node:http';
import express, { Router, type Express } from 'express';
import cors from 'cors';
import compression from 'compression';
import { authRoutes } from './auth/routes';
import { adminSession, requireAdmin } from './auth/session';
import { apiNotFound, errorHandler } from './middleware/errors';
import { originCheck } from './middleware/origin';
import { fixedSecurityHeaders, securityHeaders } from './middleware/security';
import { assignRequestId } from './middleware/request-id';
import { warnUntrustedProxy } from './middleware/proxy-warning';
import { adminCategoryRoutes, publicCategoryRoutes } from './catalogue/categories/routes';
import {
  adminPlatformLinkRoutes,
  publicPlatformLinkRoutes,
} from './catalogue/platform-links/routes';
import { adminProductImageRoutes } from './catalogue/product-images/routes';
import { adminProductRoutes, publicProductRoutes } from './catalogue/products/routes';
import { publicSearchRoutes } from './catalogue/search/routes';
import { adminContentRoutes, publicContentRoutes } from './site/content/routes';
import { adminFaqRoutes, publicFaqRoutes } from './site/faqs/routes';
import { adminMetaTagRoutes } from './site/meta-tags/routes';
import { adminPopupRoutes, publicPopupRoutes } from './site/popups/routes';
import { adminStatsRoutes } from './stats/routes';
import { priceHistoryRoutes } from './catalogue/prices/routes';
import { linkHealthAdminRoutes } from './catalogue/link-health/routes';
import { healthRoutes } from './health/routes';
import { sessionRoutes } from './auth/sessions-routes';
import { adminUserRoutes } from './users/routes';
import { adminAuditRoutes } from './audit/routes';
import { adminImportRoutes } from './catalogue/imports/routes';
import { ImportRunner, uploadsDir } from './catalogue/imports/service';
import { adminExportRoutes } from './catalogue/exports/routes';
import { adminAnalyticsRoutes } from './analytics';
import { adminFeedRoutes } from './feeds/routes';
import { FeedRunner } from './feeds/service';
import { loadFetchPolicy } from './lib/safe-fetch';
import { adminDesktopRoutes, desktopUpdateFeed } from './desktop/routes';
import { openApiRoutes } from './openapi/routes';
import { cleanRequestText } from './middleware/clean-text';
import type { GoRouter } from './go';
import type { FastRedirect, TrustProxy } from './go/routes';
import { errorFields, logger } from './lib/logger';
import { mountWeb } from './web';
import { PageCache } from './ssr/page-cache';
import type { PageRenderer } from './ssr/renderer';
import { geoLookupOrigin } from './config';
import { ResponseCache } from './lib/response-cache';
import { LocalCatalogueEvents, type CatalogueEvents } from './lib/catalogue-events';
import type { AppContext } from './context';
import { WatchService } from './watches/service';
import { watchRoutes } from './watches/routes';

export const JSON_BODY_LIMIT = '100kb';
/** A bulk action names up to 10,000 product ids (about 400 KB of JSON). */
export const BULK_BODY_LIMIT = '512kb';

export interface AppExtensions {
  /** The counted click redirect, /go/{linkId}. */
  go?: GoRouter;
  /**
   * Tells the other processes that an admin write changed the catalogue (PostgreSQL
   * LISTEN/NOTIFY), and hears theirs; one process on its own without it.
   */
  catalogueEvents?: CatalogueEvents;
  /** Runs this process's imports; the server stops it gracefully. */
  imports?: ImportRunner;
  /** Price watches' evaluation and sender (started and stopped by the server). */
  watches?: WatchService;
  /** Runs this process's feed runs (and its schedule, started by the server). */
  feeds?: FeedRunner;
  /** The rendered-page cache (tests pass their own); one with the defaults otherwise. */
  pageCache?: PageCache;
  /** Injected in tests instead of the built dist/ssr entry (null: not built). */
  renderer?: PageRenderer | null;
}

/** `POST /api/admin/feeds/:id/run` (the path as the `/admin` router sees it). */
const FEED_RUN_START = /^\/feeds\/[^/]+\/run\/?$/;

/** The /go fast path of each app createApp made with a go router (requestListener). */
const frontDoors = new WeakMap<Express, FastRedirect>();

/**
 * The HTTP server's request listener for an app createApp made: the 302 of a known /go link is
 * answered by the go module's fast path without entering Express (whose routing and
 * request set-up cost several times the redirect itself: docs/decisions.md, session 46), every
 * other request goes to the app. An app without a go router is its own listener.
 */
export function requestListener(app: Express): RequestListener {
  const front = frontDoors.get(app);
  if (!front) return app;
  return (req, res) => {
    let passed = false;
    const toApp = () => {
      passed = true;
      app(req, res);
    };
    try {
      front(req, res, toApp);
    } catch (error) {
      // Outside Express nothing would catch it: the request goes to the app, which answers it.
      logger.error({ err: errorFields(error, true) }, 'go: the fast redirect failed');
      if (!passed && !res.headersSent) app(req, res);
    }
  };
}

export function createApp(context: AppContext, extensions: AppExtensions = {}): Express {
  const { config } = context;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'weak');
  // The visitor tracking looks up its geolocation from a public service (spec section 7).
  const geoOrigin = geoLookupOrigin(config.geoLookupUrl);
  const security = { connectSources: geoOrigin ? [geoOrigin] : [], publicUrl: config.publicUrl };
  // A crowd's clicks: the 302 of a link already looked up is answered before the app, by the
  // server's request listener (requestListener below: it sets its own request id; its security
  // headers are fixed, nothing to compress). Its other answers go on to the router below.
  if (extensions.go) {
    const trust = app.get('trust proxy fn') as TrustProxy;
    frontDoors.set(app, extensions.go.redirect(fixedSecurityHeaders(security), trust));
  }
  app.use(assignRequestId);
  app.use(warnUntrustedProxy(config.trustProxy));
  app.use(securityHeaders(security));
  app.use(compression());
  // Load balancers probe these; they sit before the web app's catch-all.
  app.use(healthRoutes(context.db));
  if (extensions.go) app.use('/go', extensions.go);
  app.use('/desktop/updates', desktopUpdateFeed(config.desktopReleasesDir));

  const api = Router();
  api.use(
    cors({
      origin: (origin, callback) =>
        callback(null, origin ? config.desktopOrigins.includes(origin) : false),
      credentials: true,
    }),
  );
  api.use(originCheck(config));
  // Parsed here first, the body is done when the general parser below sees it.
  api.use('/admin/products/bulk', express.json({ limit: BULK_BODY_LIMIT }));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(cleanRequestText);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const catalogueCache = new ResponseCache();
  const pageCache = extensions.pageCache ?? new PageCache();
  // Every change staff make (products, categories, content, FAQs, popups, meta tags, imports,
  // feeds) comes through here, in this process or, heard from another one, below.
  const clearCaches = () => {
    catalogueCache.clear();
    pageCache.clear();
    extensions.go?.clearCache();
  };
  const catalogueEvents = extensions.catalogueEvents ?? new LocalCatalogueEvents();
  catalogueEvents.subscribe(clearCaches);
  // A price change from any source wakes the price watches (api/src/watches).
  const watches = extensions.watches ?? new WatchService({ db: context.db, config });
  catalogueEvents.subscribe(() => watches.wake());
  // The API's own description: /api/openapi.json and /api/docs (docs/openapi.md).
  api.use(openApiRoutes(context));
  api.use('/categories', publicCategoryRoutes(context, catalogueCache));
  api.use('/products', priceHistoryRoutes(context));
  api.use('/products', publicProductRoutes(context, catalogueCache));
  api.use('/search', publicSearchRoutes(context));
  api.use('/platform-links', publicPlatformLinkRoutes(context));
  api.use('/content', publicContentRoutes(context));
  api.use('/faqs', publicFaqRoutes(context));
  api.use('/popups', publicPopupRoutes(context));
  api.use(watchRoutes(context, watches));

  // Only the back office has sessions; public reads never parse or set a cookie.
  api.use('/admin', adminSession(config));
  api.use('/admin', (req, res, next) => {
    // Any successful admin write may change what shoppers see (signing in and out do not).
    // Starting a feed run writes nothing shoppers see: the run announces its own changes when
    // it ends (feeds/run.ts). Dropping the caches at its start made the first visitors of
    // the run's duration wait for their pages to be computed again against the busy database.
    if (
      req.method !== 'GET' &&
      req.path !== '/login' &&
      req.path !== '/logout' &&
      !FEED_RUN_START.test(req.path)
    ) {
      res.on('finish', () => {
        if (res.statusCode < 400) {
          clearCaches();
          catalogueEvents.publish();
        }
      });
    }
    next();
  });

  api.use('/admin', authRoutes(context));
  const admin = Router();
  admin.use(requireAdmin(context.db));
  admin.use('/stats', adminStatsRoutes(context));
  admin.use('/categories', adminCategoryRoutes(context));
  admin.use('/products', adminProductRoutes(context));
  admin.use('/platform-links', adminPlatformLinkRoutes(context));
  admin.use('/product-images', adminProductImageRoutes(context));
  admin.use('/content', adminContentRoutes(context));
  admin.use('/faqs', adminFaqRoutes(context));
  admin.use('/meta-tags', adminMetaTagRoutes(context));
  admin.use('/popups', adminPopupRoutes(context));
  admin.use('/link-health', linkHealthAdminRoutes(context));
  admin.use('/sessions', sessionRoutes(context));
  admin.use('/users', adminUserRoutes(context));
  admin.use('/audit', adminAuditRoutes(context));
  // An import writes after its 202, chunk by chunk: it announces its own catalogue changes.
  admin.use(
    '/imports',
    adminImportRoutes(context, {
      onCatalogueChanged: () => {
        clearCaches();
        catalogueEvents.publish();
      },
      runner: extensions.imports ?? new ImportRunner(context.db, uploadsDir(config.dataDir)),
    }),
  );
  const feeds =
    extensions.feeds ??
    new FeedRunner({ db: context.db, policy: loadFetchPolicy(), dataDir: config.dataDir });
  feeds.setCatalogueListener(() => {
    clearCaches();
    catalogueEvents.publish();
  });
  admin.use(adminFeedRoutes(context, { runner: feeds }));
  admin.use('/exports', adminExportRoutes(context));
  admin.use('/analytics', adminAnalyticsRoutes(context));
  admin.use('/desktop', adminDesktopRoutes(config.desktopReleasesDir));
  api.use('/admin', admin);
  api.use(apiNotFound);
  api.use(errorHandler);

  app.use('/api', api);
  mountWeb(app, context, {
    pageCache,
    ...(extensions.renderer !== undefined ? { renderer: extensions.renderer } : {}),
  });
  app.use(errorHandler);
  return app;
}
