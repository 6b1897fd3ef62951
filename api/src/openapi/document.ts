import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import { apiErrorSchema } from '@shared/schemas/responses';
import { openApiPath, type ApiRoute, type RouteAccess, type RouteResponse } from './registry';

export type OpenApiDocument = oas31.OpenAPIObject;

/** Which part of the document a reader gets (docs/contracts.md#openapi). */
export type DocumentScope = 'public' | 'full';

const SESSION_SCHEME = 'adminSession';

/** The error answers of the API conventions, added to every route they apply to. */
function sharedErrors(route: ApiRoute): Record<number, RouteResponse> {
  const errors: Record<number, RouteResponse> = {};
  if (route.query || route.body) {
    errors[400] = { description: 'Masukan tidak valid (pesan, dan per kolom di errors)' };
  }
  if (route.access === 'admin') errors[401] = { description: 'Belum masuk atau sesi berakhir' };
  if (route.method !== 'get') {
    errors[403] = { description: 'Origin tidak diizinkan (bukan situs ini atau DESKTOP_ORIGINS)' };
  }
  if (route.params) errors[404] = { description: 'Tidak ditemukan' };
  return errors;
}

function responseObject(status: number, response: RouteResponse) {
  if (response.body === 'none') return { description: response.description };
  if (response.body === 'csv') {
    return {
      description: response.description,
      content: { 'text/csv': { schema: { type: 'string' as const } } },
    };
  }
  // An error answer always has the {message} shape, documented or not.
  const schema = response.schema ?? (status >= 400 ? apiErrorSchema : undefined);
  return {
    description: response.description,
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
  };
}

function operation(route: ApiRoute): ZodOpenApiOperationObject {
  const responses = { ...sharedErrors(route), ...route.responses };
  const requestParams = {
    ...(route.params ? { path: route.params } : {}),
    ...(route.query ? { query: route.query } : {}),
  };
  return {
    operationId: `${route.method}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.access === 'admin' ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.bodyType ?? 'application/json']: { schema: route.body } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        responseObject(Number(status), response),
      ]),
    ),
  };
}

export function includedIn(scope: DocumentScope, access: RouteAccess): boolean {
  return scope === 'full' || access === 'public';
}

/** The OpenAPI 3.1 document of `routes`: every one (full) or the public ones. */
export function buildOpenApiDocument(
  routes: readonly ApiRoute[],
  options: { scope: DocumentScope; version: string },
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    if (!includedIn(options.scope, route.access)) continue;
    const path = openApiPath(route.path);
    const item = (paths[path] ??= {});
    if (item[route.method])
      throw new Error(`${route.method.toUpperCase()} ${path} is documented twice`);
    item[route.method] = operation(route);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'DiskonRadar API',
        version: options.version,
        description:
          options.scope === 'full'
            ? 'Seluruh API, termasuk rute admin (dokumen ini hanya untuk admin yang masuk).'
            : 'Rute publik. Masuk sebagai admin untuk melihat rute admin juga.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'dr_session',
            description: 'Cookie sesi dari POST /api/admin/login',
          },
        },
      },
      paths,
    },
    // A custom check without a description renders as {} instead of failing the whole document.
    { allowEmptySchema: { custom: true } },
  ) as OpenApiDocument;
}
