import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from './all-routes';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

// The web admin, the public site and the desktop app call only documented routes
// (docs/openapi.md): every '/api/...' address in their source, with the method and query
// parameters the call shows, must be in the OpenAPI document.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['web/src', 'desktop'];
/** Stands for a `${...}` of a template literal. */
const HOLE = '{…}';

interface ClientCall {
  where: string;
  /** Lower case; null when the source does not show it (an address kept for later). */
  method: string | null;
  /** The address from '/api' on, holes for substitutions, without its query string. */
  path: string;
  /** Query parameter names the call shows. */
  query: string[];
  /** Not handed to a known call: may also be a prefix of documented paths ('/api/admin/'). */
  prefixAllowed: boolean;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete']);

/** Helpers of web/src/admin/queries/crud.ts: which calls they make with the path they get. */
const HELPERS: Record<string, { argument: number; calls: Array<[string, string]> }> = {
  useAdminList: { argument: 1, calls: [['get', '']] },
  useAdminListPage: { argument: 1, calls: [['get', '']] },
  useCrudMutations: {
    argument: 0,
    calls: [
      ['post', ''],
      ['put', `/${HOLE}`],
      ['delete', `/${HOLE}`],
    ],
  },
};

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
  }
  return null;
}

function calleeName(call: ts.CallExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

function queryNamesOf(args: readonly ts.Expression[]): string[] {
  const names: string[] = [];
  for (const arg of args) {
    if (!ts.isObjectLiteralExpression(arg)) continue;
    for (const property of arg.properties) {
      if (
        ts.isPropertyAssignment(property) &&
        property.name.getText() === 'query' &&
        ts.isObjectLiteralExpression(property.initializer)
      ) {
        for (const entry of property.initializer.properties) {
          if (entry.name) names.push(entry.name.getText().replace(/^['"]|['"]$/g, ''));
        }
      }
    }
  }
  return names;
}

function methodOfFetch(args: readonly ts.Expression[]): string {
  const init = args[1];
  if (init && ts.isObjectLiteralExpression(init)) {
    for (const property of init.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === 'method') {
        const text = literalText(property.initializer);
        if (text) return text.toLowerCase();
      }
    }
  }
  return 'get';
}

/** Every '/api...' address in one source file, with what its call shows. */
export function findClientCalls(fileName: string, source: string): ClientCall[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const calls: ClientCall[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    const at = text?.indexOf('/api') ?? -1;
    // An address, possibly after a base URL (`${apiBaseUrl}/api/...`); never an import path.
    if (
      text &&
      at !== -1 &&
      text.slice(0, at).replaceAll(HOLE, '') === '' &&
      /^\/api(\/|$|\?|\{…\})/.test(text.slice(at))
    ) {
      const [address = '', search = ''] = text.slice(at).split('?');
      const literalQuery = [...`?${search}`.matchAll(/[?&]([A-Za-z0-9_]+)=/g)].map((m) => m[1]!);
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const where = `${fileName}:${line}`;
      const parent = node.parent;
      const base = { where, path: address, query: literalQuery, prefixAllowed: false };
      if (
        parent &&
        ts.isCallExpression(parent) &&
        parent.arguments.includes(node as ts.Expression)
      ) {
        const name = calleeName(parent);
        const index = parent.arguments.indexOf(node as ts.Expression);
        const rest = parent.arguments.slice(index + 1);
        const query = [...literalQuery, ...queryNamesOf(rest)];
        const helper = HELPERS[name];
        if (helper && helper.argument === index) {
          for (const [method, suffix] of helper.calls) {
            calls.push({ ...base, method, path: address + suffix, query });
          }
        } else if (HTTP_METHODS.has(name) && index === 0) {
          calls.push({ ...base, method: name, query });
        } else if (name === 'request' && index === 1) {
          const method = parent.arguments[0] ? literalText(parent.arguments[0]) : null;
          calls.push({ ...base, method: method?.toLowerCase() ?? null, query });
        } else if (/(^f|F)etch$/.test(name) && index === 0) {
          calls.push({ ...base, method: methodOfFetch(parent.arguments), query });
        } else {
          // Handed to something else (indexOf, startsWith, a URL kept for a link).
          calls.push({ ...base, method: null, query, prefixAllowed: true });
        }
      } else {
        calls.push({ ...base, method: null, prefixAllowed: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A client segment ('imports', '{…}', 'products{…}') as a test of a documented one. */
function segmentMatches(client: string, documented: string): boolean {
  if (/^\{[^}]+\}$/.test(documented)) return client !== '';
  if (!client.includes(HOLE)) return client === documented;
  const pattern = client.split(HOLE).map(escapeRegExp).join('[^/]*');
  return new RegExp(`^${pattern}$`).test(documented);
}

interface DocumentedOperation {
  method: string;
  path: string;
  query: Set<string>;
}

function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([docPath, item]) =>
    Object.entries(item as Record<string, { parameters?: Array<{ in: string; name: string }> }>)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({
        method,
        path: docPath,
        query: new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        ),
      })),
  );
}

/** What is wrong with one call against the document, or null when it is documented. */
export function checkCall(call: ClientCall, operations: DocumentedOperation[]): string | null {
  const label = `${call.where} ${call.method?.toUpperCase() ?? 'ANY'} ${call.path}`;
  const clientSegments = call.path.replace(/\/$/, '').split('/');
  const matches = operations.filter((operation) => {
    if (call.method && operation.method !== call.method) return false;
    const documented = operation.path.split('/');
    if (call.prefixAllowed && documented.length > clientSegments.length) {
      return clientSegments.every((segment, i) => segmentMatches(segment, documented[i]!));
    }
    return (
      documented.length === clientSegments.length &&
      clientSegments.every((segment, i) => segmentMatches(segment, documented[i]!))
    );
  });
  if (matches.length === 0) return `${label}: no documented route`;
  const unknown = call.query.filter((name) => !matches.some((m) => m.query.has(name)));
  if (unknown.length > 0) return `${label}: undocumented query parameter(s) ${unknown.join(', ')}`;
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file));
}

describe('client calls against the OpenAPI document', () => {
  const operations = operationsOf(
    buildOpenApiDocument(API_ROUTES, { scope: 'full', version: 'test' }),
  );

  it('finds no call of the web admin, the public site or the desktop app to an undocumented route', () => {
    const calls = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      findClientCalls(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    const problems = calls.map((call) => checkCall(call, operations)).filter(Boolean);
    expect(problems).toEqual([]);
    // The scan sees the calls it must see (a scan that found nothing would pass above).
    const seen = new Set(calls.map((call) => `${call.method} ${call.path}`));
    for (const expected of [
      'get /api/admin/stats',
      'post /api/admin/login',
      `put /api/admin/faqs/${HOLE}`,
      `post /api/admin/imports/products${HOLE}`,
      'get /api/search/suggest',
      `get /api/products/${HOLE}/price-history`,
    ]) {
      expect(seen).toContain(expected);
    }
    // The desktop app's server check, after its configured base URL.
    expect(
      calls.filter((call) => call.where.startsWith(path.join('desktop', 'common', 'server-check'))),
    ).toContainEqual(expect.objectContaining({ method: 'get', path: '/api/admin/me' }));
    expect(calls.length).toBeGreaterThan(40);
    // Parsing every client source file takes a few seconds on a busy machine.
  }, 60_000);

  it('reports a call to a route, a method or a query parameter the document lacks', () => {
    const source = `
      import { useApi } from '../api/ApiContext';
      const api = useApi();
      api.get('/api/admin/statz');
      api.post(\`/api/products/\${id}\`, {});
      api.get('/api/products', { query: { page: 1, colour: 'red' } });
      useCrudMutations('/api/admin/categoriez', []);
      api.get(\`/api/content/\${key}\`);
      const prefix = '/api/admin/';
    `;
    const problems = findClientCalls('sample.ts', source)
      .map((call) => checkCall(call, operations))
      .filter(Boolean);
    expect(problems).toEqual([
      'sample.ts:4 GET /api/admin/statz: no documented route',
      'sample.ts:5 POST /api/products/{…}: no documented route',
      'sample.ts:6 GET /api/products: undocumented query parameter(s) colour',
      'sample.ts:7 POST /api/admin/categoriez: no documented route',
      'sample.ts:7 PUT /api/admin/categoriez/{…}: no documented route',
      'sample.ts:7 DELETE /api/admin/categoriez/{…}: no documented route',
    ]);
  });
});
