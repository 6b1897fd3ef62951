import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { Express } from 'express';
import { expect, it } from 'vitest';
import type { Product, ProductListResponse } from '@shared/types';
import { mountedRoutes } from '../src/openapi/mounted-routes';
import type { OpenApiDocument } from '../src/openapi/document';
import { describeApi, type ApiFixture } from './support/api';
import type { TestClient, TestResponse } from './support/client';

// The OpenAPI document against the running server (docs/openapi.md): every route under /api
// is documented and every documented one is mounted; real answers match their schemas.

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};

function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Record<string, unknown>)[method]).map(
      (method) => `${method.toUpperCase()} ${path}`,
    ),
  );
}

function operationOf(document: OpenApiDocument, method: string, path: string): Operation {
  const item = (document.paths ?? {})[path] as Record<string, Operation> | undefined;
  const operation = item?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return operation;
}

/** A validator for the document's response schemas, with its components to resolve $refs. */
function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', (text: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text),
  );
  ajv.addSchema({ $id: 'doc', components: document.components ?? {} });
  const refs = (schema: object): object =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object;

  /** Checks that `res` is a documented answer of the operation and matches its schema. */
  return (method: string, path: string, res: TestResponse) => {
    const response = operationOf(document, method, path).responses?.[String(res.status)];
    expect(response, `${method} ${path} answered ${res.status}, undocumented`).toBeDefined();
    const schema = response?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} ${res.status} has no JSON schema`).toBeDefined();
    const validate = ajv.compile(refs(schema!));
    const valid = validate(res.body);
    const problems = (validate.errors ?? []).map(
      (error: ErrorObject) =>
        `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
    expect(problems, `${method.toUpperCase()} ${path} ${res.status} against the document`).toEqual(
      [],
    );
    expect(valid).toBe(true);
  };
}

async function documentOf(client: TestClient): Promise<OpenApiDocument> {
  const res = await client.get<OpenApiDocument>('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.body;
}

/** The Express app the server hands its requests to. */
function expressAppOf(api: ApiFixture): Express {
  return api.server.running.app;
}

async function someActiveProduct(api: ApiFixture): Promise<Product> {
  const list = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
  expect(list.body.products.length).toBeGreaterThan(0);
  return list.body.products[0]!;
}

describeApi('OpenAPI document', (api) => {
  it('documents every route mounted under /api, and only those', async () => {
    const document = await documentOf(api.admin);
    const mounted = new Set(
      mountedRoutes(expressAppOf(api))
        .filter((route) => route.path === '/api' || route.path.startsWith('/api/'))
        .map((route) => `${route.method.toUpperCase()} ${route.path}`),
    );
    const documented = new Set(documentedRoutes(document));
    const undocumented = [...mounted].filter((route) => !documented.has(route)).sort();
    const notMounted = [...documented].filter((route) => !mounted.has(route)).sort();
    expect({ undocumented, notMounted }).toEqual({ undocumented: [], notMounted: [] });
    expect(mounted.size).toBeGreaterThan(50);
  });

  it('gives visitors the public routes and a signed-in admin the whole document', async () => {
    const full = documentedRoutes(await documentOf(api.admin));
    const visitorDocument = await documentOf(api.visitor);
    expect(visitorDocument.openapi).toBe('3.1.0');
    const open = documentedRoutes(visitorDocument);
    expect(open).toContain('GET /api/products');
    expect(open).toContain('POST /api/admin/login');
    expect(open.filter((route) => route.includes('/api/admin/'))).toEqual([
      'POST /api/admin/login',
    ]);
    expect(full).toContain('GET /api/admin/products');
    expect(full).toEqual(expect.arrayContaining(open));
    expect(full.length).toBeGreaterThan(open.length);
  });

  it('serves the reference page under the strict CSP, admin routes only to an admin', async () => {
    const visitor = await api.visitor.get<string>('/api/docs');
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('content-type')).toContain('text/html');
    const csp = visitor.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(visitor.text).not.toMatch(/<script/i);
    expect(visitor.text).toContain('/api/products/{id}/price-history');
    expect(visitor.text).not.toContain('/api/admin/products');
    expect(visitor.text).toContain('Masuk sebagai admin');

    const admin = await api.admin.get<string>('/api/docs');
    expect(admin.status).toBe(200);
    expect(admin.text).toContain('/api/admin/products/bulk');
    expect(admin.text).toContain('id="schema-Product"');
  });

  it('describes real public answers: lists, a product, categories, search, suggest, prices', async () => {
    const check = answerChecker(await documentOf(api.visitor));
    const product = await someActiveProduct(api);
    const word = product.title.split(/\s+/)[0]!;
    const get = (path: string) => api.visitor.get(path);

    check('get', '/api/products', await get('/api/products?page=1&limit=12'));
    check('get', '/api/products', await get(`/api/products?search=${encodeURIComponent(word)}`));
    check('get', '/api/products/{id}', await get(`/api/products/${product.id}`));
    check('get', '/api/categories', await get('/api/categories'));
    check(
      'get',
      '/api/search/suggest',
      await get(`/api/search/suggest?q=${encodeURIComponent(word)}`),
    );
    check(
      'get',
      '/api/products/{id}/price-history',
      await get(`/api/products/${product.id}/price-history`),
    );
    check('get', '/api/platform-links/{productId}', await get(`/api/platform-links/${product.id}`));
    check('get', '/api/products/featured/promo', await get('/api/products/featured/promo'));
    check('get', '/api/products/fallback/popular', await get('/api/products/fallback/popular'));
    check('get', '/api/content', await get('/api/content'));
    check('get', '/api/faqs', await get('/api/faqs'));
    check('get', '/api/popups/active', await get('/api/popups/active?url=/'));
    // The error answers of the API conventions.
    const unknown = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    check('get', '/api/products/{id}', unknown);
    const invalid = await get('/api/products?page=zero');
    expect(invalid.status).toBe(400);
    check('get', '/api/products', invalid);
  });

  it('describes real admin answers: product page, lists, stats, audit, analytics', async () => {
    const check = answerChecker(await documentOf(api.admin));
    const product = await someActiveProduct(api);
    const get = (path: string) => api.admin.get(path);

    check('get', '/api/admin/products', await get('/api/admin/products?page=1&limit=10'));
    check('get', '/api/admin/products/{id}', await get(`/api/admin/products/${product.id}`));
    check('get', '/api/admin/stats', await get('/api/admin/stats'));
    check('get', '/api/admin/categories', await get('/api/admin/categories'));
    check('get', '/api/admin/faqs', await get('/api/admin/faqs?page=1'));
    check('get', '/api/admin/faqs', await get('/api/admin/faqs'));
    check('get', '/api/admin/popups', await get('/api/admin/popups?page=1'));
    check('get', '/api/admin/meta-tags', await get('/api/admin/meta-tags'));
    check('get', '/api/admin/audit', await get('/api/admin/audit?page=1&limit=20'));
    check('get', '/api/admin/users', await get('/api/admin/users'));
    check('get', '/api/admin/sessions', await get('/api/admin/sessions'));
    check('get', '/api/admin/me', await get('/api/admin/me'));
    check('get', '/api/admin/link-health', await get('/api/admin/link-health'));
    check('get', '/api/admin/analytics/dashboard', await get('/api/admin/analytics/dashboard'));
    check('get', '/api/admin/analytics/realtime', await get('/api/admin/analytics/realtime'));
    check(
      'get',
      '/api/admin/platform-links/{productId}',
      await get(`/api/admin/platform-links/${product.id}`),
    );
    const invalid = await api.admin.post('/api/admin/categories', { name: '' });
    expect(invalid.status).toBe(400);
    check('post', '/api/admin/categories', invalid);
    const signedOut = await api.visitor.get('/api/admin/stats');
    expect(signedOut.status).toBe(401);
    // A visitor's document has no admin routes; the admin's one describes the 401.
    check('get', '/api/admin/stats', signedOut);
  });
});
