import type { ZodObject, ZodType } from 'zod';

// How a feature folder documents its routes: one `<feature>.openapi.ts` beside its routes.ts
// exports an `ApiRoute[]` built with `documentRoutes`, and ./all-routes.ts lists it. The
// document test fails on a mounted route nobody documented (docs/openapi.md).

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * `public`: in the document anyone reads. `admin`: needs the back-office session; only a
 * signed-in admin reads it (docs/contracts.md#openapi).
 */
export type RouteAccess = 'public' | 'admin';

/** What a response carries: JSON checked by a schema, a CSV file, or nothing (204). */
export interface RouteResponse {
  description: string;
  /** The JSON body's schema (responses without one are documented by description only). */
  schema?: ZodType;
  /** `csv` for a file download, `none` for an empty body; JSON otherwise. */
  body?: 'json' | 'csv' | 'none';
}

export interface ApiRoute {
  method: HttpMethod;
  /** As Express mounts it, below /api: `/products/:id/images`. */
  path: string;
  /** One line, in Indonesian, like every summary of the document. */
  summary: string;
  description?: string;
  access: RouteAccess;
  /** The section of the reference page (set by documentRoutes). */
  tag: string;
  /** The schemas the route itself validates with; never a copy. */
  params?: ZodObject;
  /** An object schema, or one piped into a transform (its input is what is documented). */
  query?: ZodType<unknown, Record<string, unknown>>;
  body?: ZodType;
  /** The body's media type when it is not JSON (the CSV import). */
  bodyType?: 'text/csv';
  /** The answers a client acts on; the error answers every route shares are added for it. */
  responses: Record<number, RouteResponse>;
}

export type RouteDefinition = Omit<ApiRoute, 'tag' | 'access'> & { access?: RouteAccess };

/** A feature's routes under one tag; `access` is the default of those that do not say. */
export function documentRoutes(
  section: { tag: string; access: RouteAccess },
  routes: RouteDefinition[],
): ApiRoute[] {
  return routes.map((route) => ({
    ...route,
    tag: section.tag,
    access: route.access ?? section.access,
  }));
}

/** `/products/:id/price-history` -> `/api/products/{id}/price-history`. */
export const openApiPath = (expressPath: string) =>
  `/api${expressPath === '/' ? '' : expressPath}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The three routes of middleware/record-routes.ts (POST /, PUT /:id, DELETE /:id) of the
 * record mounted at `base`, documented with the same body schemas and path parameter.
 */
export function recordWritesDoc(options: {
  base: string;
  /** The record's name in Indonesian, for the summaries. */
  noun: string;
  params: ZodObject;
  createBody: ZodType;
  updateBody: ZodType;
  schema: ZodType;
  /** Extra answers of the writes, such as 409 for a duplicate. */
  conflicts?: Partial<Record<'post' | 'put' | 'delete', string>>;
}): RouteDefinition[] {
  const { base, noun, params, schema, conflicts = {} } = options;
  const conflict = (method: 'post' | 'put' | 'delete'): Record<number, RouteResponse> =>
    conflicts[method] ? { 409: { description: conflicts[method] } } : {};
  return [
    {
      method: 'post',
      path: base,
      summary: `Membuat ${noun}`,
      body: options.createBody,
      responses: { 201: { description: `${noun} yang dibuat`, schema }, ...conflict('post') },
    },
    {
      method: 'put',
      path: `${base}/:id`,
      summary: `Mengubah ${noun}`,
      params,
      body: options.updateBody,
      responses: { 200: { description: `${noun} setelah diubah`, schema }, ...conflict('put') },
    },
    {
      method: 'delete',
      path: `${base}/:id`,
      summary: `Menghapus ${noun}`,
      params,
      responses: { 204: { description: 'Terhapus', body: 'none' }, ...conflict('delete') },
    },
  ];
}
