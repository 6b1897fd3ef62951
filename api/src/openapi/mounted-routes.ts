import type { Express } from 'express';

// Which routes an Express 5 app really serves, read from its router stack: what the document
// test compares with the OpenAPI document (docs/openapi.md).

interface RouteLike {
  path: string | string[];
  methods: Record<string, boolean | undefined>;
}

interface LayerLike {
  route?: RouteLike;
  /** The mount path as given to use() (router 2.3 keeps it; older ones did not). */
  rawPath?: unknown;
  handle?: { stack?: LayerLike[] };
}

export interface MountedRoute {
  method: string;
  /** In the document's form: `/api/products/{id}`. */
  path: string;
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** `:id` and `*rest` become `{id}` and `{rest}`. */
const templated = (path: string) => path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');

/** A RegExp path is listed by its source: under /api it can only be an undocumented route. */
const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value.flat(Infinity) : [value]).map((item) =>
    typeof item === 'string' ? item : `/(regexp ${String(item)})`,
  );

/** Every method and path the app routes (HEAD is implied by GET and not listed). */
export function mountedRoutes(app: Express): MountedRoute[] {
  const found: MountedRoute[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of asList(layer.route.path)) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') {
              found.push({ method, path: templated(join(prefix, path)) });
            }
          }
        }
      } else if (layer.handle?.stack) {
        if (layer.rawPath === undefined) {
          throw new Error('The router does not keep mount paths (layer.rawPath): update router');
        }
        for (const mount of asList(layer.rawPath)) walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  walk(router.stack, '');
  return found;
}
