import { Router, type Request } from 'express';
import { appVersion } from '../app-version';
import { adminSession, resolveSession } from '../auth/session';
import type { AppContext } from '../context';
import { API_ROUTES } from './all-routes';
import { buildOpenApiDocument, type DocumentScope, type OpenApiDocument } from './document';
import { renderDocsPage } from './docs-page';

/**
 * GET /api/openapi.json and GET /api/docs: the public routes to anyone, the whole document to
 * a signed-in admin (docs/contracts.md#openapi). Only these two public reads look at the
 * session cookie; they never set one.
 */
export function openApiRoutes({ config, db }: AppContext): Router {
  const router = Router();
  const documents = new Map<DocumentScope, OpenApiDocument>();
  const pages = new Map<DocumentScope, string>();
  const documentFor = (scope: DocumentScope) => {
    let document = documents.get(scope);
    if (!document) {
      document = buildOpenApiDocument(API_ROUTES, { scope, version: appVersion() });
      documents.set(scope, document);
    }
    return document;
  };
  const scopeOf = async (req: Request): Promise<DocumentScope> =>
    (await resolveSession(db, req)) ? 'full' : 'public';

  const session = adminSession(config);
  router.get('/openapi.json', ...session, async (req, res) => {
    const scope = await scopeOf(req);
    res.vary('Cookie').json(documentFor(scope));
  });
  router.get('/docs', ...session, async (req, res) => {
    const scope = await scopeOf(req);
    let page = pages.get(scope);
    if (page === undefined) {
      page = renderDocsPage(documentFor(scope), scope);
      pages.set(scope, page);
    }
    res.vary('Cookie').set('X-Robots-Tag', 'noindex').type('html').send(page);
  });
  return router;
}
