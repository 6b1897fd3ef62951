import http from 'node:http';
import type { Express } from 'express';
import { expect, it } from 'vitest';
import { seededRandom } from '../src/lib/prng';
import { describeApi, type ApiFixture } from './support/api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server';

/**
 * Hostile input against every /api route, signed in as admin and anonymous, on both
 * databases: no answer may be a 5xx or carry a stack trace. Bounded (a fixed number of cases
 * per route and identity) and deterministic (a fixed seed), so a failure repeats.
 */

const SEED = 19;
const CASES_PER_ROUTE = 10;
/** Anonymous requests to admin routes only meet the session check: a few suffice. */
const CASES_UNAUTHENTICATED = 3;
const PARALLEL = 6;

interface RouteInfo {
  method: string;
  /** Express path pattern, e.g. /api/admin/products/:id */
  path: string;
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  rawPath?: string | string[] | RegExp;
  handle?: { stack?: ExpressLayer[] };
}

/** Every route of the app under /api, read from Express's own router stack. */
function apiRoutes(app: Express): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const paths = (raw: unknown): string[] =>
    Array.isArray(raw)
      ? raw.filter((p) => typeof p === 'string')
      : typeof raw === 'string'
        ? [raw]
        : [];
  const walk = (stack: ExpressLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of paths(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') continue;
            const full = path === '/' && prefix ? prefix : `${prefix}${path}`;
            routes.push({ method: method.toUpperCase(), path: full });
          }
        }
      } else if (layer.handle?.stack) {
        const mounts = paths(layer.rawPath);
        for (const mount of mounts.length > 0 ? mounts : ['/']) {
          walk(layer.handle.stack, mount === '/' ? prefix : `${prefix}${mount}`);
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: ExpressLayer[] } }).router.stack, '');
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (!route.path.startsWith('/api/') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const HOSTILE_IDS = [
  '0',
  '-1',
  '1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '9007199254740993',
  'abc',
  '%00',
  'a%00b',
  '%ZZ',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '__proto__',
  'constructor',
  "1'%20OR%20'1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-4000-8000-000000000000',
  'x'.repeat(3000),
];

const HOSTILE_VALUES = [
  '',
  '0',
  '-1',
  '-99999999999999999999',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  'true',
  'null',
  '1.5',
  '%00',
  'a%00b',
  '%ZZ',
  '%C3%28',
  '%E2%80%AE',
  'caf%C3%A9%20%E2%9C%93',
  '-271821-04-20',
  '0001-01-01',
  '275760-09-14',
  '9999-12-31T23:59:59Z',
  '2024-02-30',
  '1970-01-01',
  'x'.repeat(5000),
  '__proto__',
  "'%3B%20DROP%20TABLE%20products%3B--",
];

const QUERY_KEYS = [
  'page',
  'limit',
  'search',
  'q',
  'category',
  'sort',
  'platform',
  'minPrice',
  'maxPrice',
  'minDiscount',
  'inStock',
  'facets',
  'days',
  'from',
  'to',
  'start',
  'end',
  'period',
  'range',
  'entity',
  'entityId',
  'username',
  'status',
  'type',
  'id',
  'ids',
  'format',
  'tz',
  'granularity',
  'metric',
  'after',
  '__proto__',
  'constructor',
];

const BODY_FIELDS = [
  'title',
  'name',
  'slug',
  'categoryId',
  'description',
  'price',
  'priceValue',
  'originalPriceValue',
  'discountPercentage',
  'platforms',
  'platform',
  'affiliateUrl',
  'url',
  'imageUrl',
  'imageUrls',
  'isActive',
  'username',
  'password',
  'currentPassword',
  'disabled',
  'content',
  'question',
  'answer',
  'order',
  'startDate',
  'endDate',
  'ids',
  'action',
  'filter',
  'value',
  'key',
  'productId',
  'showOnPages',
  'mapping',
  'limit',
];

function hostileJsonValue(random: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  switch (Math.floor(random() * 12)) {
    case 0:
      return pick([0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -0]);
    case 1:
      return pick([true, false, null]);
    case 2:
      return pick(['', ' ', '\u0000', 'a\u0000b', '\u202e', '😀', '-271821-04-20', '0001-01-01']);
    case 3:
      return decodeURIComponent(pick(HOSTILE_VALUES.filter((v) => !/%(ZZ|C3%28)/.test(v))));
    case 4:
      return depth > 2 ? [] : Array.from({ length: 3 }, () => hostileJsonValue(random, depth + 1));
    case 5:
      return depth > 2 ? {} : { [pick(BODY_FIELDS)]: hostileJsonValue(random, depth + 1) };
    case 6:
      return 'x'.repeat(pick([256, 10_001, 70_000]));
    case 7:
      return pick([
        'javascript:alert(1)',
        'http://127.0.0.1/',
        'file:///etc/passwd',
        '//evil.example',
      ]);
    case 8:
      return pick<unknown>([
        { __proto__: null },
        { toString: 1 },
        { valueOf: 'x' },
        { length: -1 },
      ]);
    case 9:
      return Array.from({ length: 2_000 }, (_, i) => i);
    default:
      return pick(['1', '-1', 'NaN', 'abc', '2024-13-45', 'Infinity']);
  }
}

interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Path parameters (:id, *rest) get hostile ids, raw (already percent-encoded where needed). */
function fillParams(path: string, random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return path
    .replace(/:(\w+)/g, () => pick(HOSTILE_IDS))
    .replace(/\*(\w+)/g, () => `${pick(HOSTILE_IDS)}/${pick(HOSTILE_IDS)}`);
}

const DATE_VALUES = HOSTILE_VALUES.filter((value) => /^-?\d{4,6}-\d\d-\d\d/.test(value));
const DATE_KEYS = ['from', 'to', 'start', 'end'];
const NUMBER_KEYS = ['page', 'limit', 'days', 'minPrice', 'maxPrice', 'minDiscount'];

/**
 * Besides the random cases, every bad date under every date parameter name and every hostile
 * value under a number parameter name, one at a time, so no read route misses them by chance.
 */
function systematicRequests(route: RouteInfo, random: () => number): HostileRequest[] {
  if (route.method !== 'GET') return [];
  const cases: string[] = [];
  for (const value of DATE_VALUES) for (const key of DATE_KEYS) cases.push(`${key}=${value}`);
  HOSTILE_VALUES.forEach((value, index) => {
    cases.push(`${NUMBER_KEYS[index % NUMBER_KEYS.length]}=${value}`);
  });
  return cases.map((query) => ({
    method: 'GET',
    path: `${fillParams(route.path, random)}?${query}`,
    headers: {},
  }));
}

function hostileRequest(route: RouteInfo, random: () => number): HostileRequest {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const path = fillParams(route.path, random);
  const params: string[] = [];
  const count = Math.floor(random() * 4);
  for (let i = 0; i < count; i += 1) {
    const key = pick(QUERY_KEYS);
    const shape = random();
    if (shape < 0.6) params.push(`${key}=${pick(HOSTILE_VALUES)}`);
    else if (shape < 0.75)
      params.push(`${key}=${pick(HOSTILE_VALUES)}&${key}=${pick(HOSTILE_VALUES)}`);
    else if (shape < 0.9)
      params.push(`${key}[${pick(['a', '__proto__', '0', ''])}]=${pick(HOSTILE_VALUES)}`);
    else params.push(`${key}`);
  }
  const target = params.length > 0 ? `${path}?${params.join('&')}` : path;
  const request: HostileRequest = { method: route.method, path: target, headers: {} };
  if (route.method === 'GET' || route.method === 'HEAD') return request;

  const kind = random();
  if (kind < 0.45) {
    const body: Record<string, unknown> = {};
    const fields = 1 + Math.floor(random() * 5);
    for (let i = 0; i < fields; i += 1) body[pick(BODY_FIELDS)] = hostileJsonValue(random);
    request.headers['content-type'] = 'application/json';
    request.body = JSON.stringify(body);
  } else if (kind < 0.55) {
    request.headers['content-type'] = 'application/json';
    request.body = pick([
      '{"__proto__":{"isAdmin":true,"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '[]',
      'null',
      '"text"',
      '12',
      '{"a":',
      '{"a":1}{"b":2}',
      '\u0000',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `{"title":"${'\\ud800'}"}`,
    ]);
  } else if (kind < 0.7) {
    request.headers['content-type'] = pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
      'application/xml',
    ]);
    request.body = pick(['title=a&title=b', '{"title":"x"}', '--x\r\n\r\n--x--', '<a/>', '']);
  } else if (kind < 0.8) {
    request.headers['content-type'] = 'application/json';
    request.headers['content-encoding'] = pick(['gzip', 'deflate', 'br', 'bogus']);
    request.body = '{"not":"compressed"}';
  } else if (kind < 0.9) {
    request.headers['content-type'] = 'application/json';
    request.body = JSON.stringify({ title: 'x'.repeat(600_000) });
  } else {
    // No body at all, or a declared one that never comes whole.
    request.headers['content-type'] = 'application/json';
  }
  return request;
}

function send(
  baseUrl: string,
  request: HostileRequest,
  cookie: string | null,
): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (cookie) headers.cookie = cookie;
    if (request.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(request.body));
    // A connection per request (`agent: false`): Node's global agent keeps sockets alive, and
    // one reused just as the server's keep-alive timeout closes it fails with ECONNRESET, which
    // says nothing about the hostile input (it struck a whole batch after a slow sign-in).
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.end(request.body);
  });
}

/** A stack trace in an answer: "at fn (file.ts:12:34)" lines or a module path. */
const STACK_TRACE = /\bat [^\n]*\(?[^\s()]+:\d+:\d+\)?|node_modules|\/api\/src\/|\.ts:\d+/;

async function signInAgain(api: ApiFixture): Promise<void> {
  const me = await api.admin.get('/api/admin/me');
  if (me.status === 200) return;
  const login = await api.admin.post('/api/admin/login', {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
  });
  expect(login.status).toBe(200);
}

describeApi('fuzz of every /api route', (api) => {
  it('answers hostile input with no 5xx and no stack trace', async () => {
    const routes = apiRoutes(api.server.running.app);
    // The router stack holds every resource (a sample: the list must not be silently empty).
    expect(routes.length).toBeGreaterThan(60);
    for (const expected of [
      'GET /api/products',
      'PUT /api/admin/users/:id',
      'POST /api/admin/login',
      'GET /api/admin/audit',
    ]) {
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(expected);
    }
    const random = seededRandom(SEED);
    // Signing in and out last, and only a few times: failed logins are rate limited per address.
    const isSessionEnd = (route: RouteInfo) =>
      route.path === '/api/admin/logout' || route.path === '/api/admin/login';
    const ordered = [...routes.filter((r) => !isSessionEnd(r)), ...routes.filter(isSessionEnd)];

    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const route of ordered) {
      const adminOnly = route.path.startsWith('/api/admin/') && !isSessionEnd(route);
      for (const identity of ['admin', 'anonymous'] as const) {
        if (identity === 'admin') await signInAgain(api);
        const cookie = identity === 'admin' ? api.admin.cookieHeader : null;
        // The identity that gets past the session check meets the route's own parsing.
        const reaches = identity === 'admin' || !adminOnly;
        const cases = isSessionEnd(route) ? 3 : reaches ? CASES_PER_ROUTE : CASES_UNAUTHENTICATED;
        const requests = Array.from({ length: cases }, () => hostileRequest(route, random));
        if (reaches && !isSessionEnd(route)) requests.push(...systematicRequests(route, random));
        for (let start = 0; start < requests.length; start += PARALLEL) {
          const batch = requests.slice(start, start + PARALLEL);
          const answers = await Promise.all(
            batch.map((request) =>
              send(api.url, request, cookie).catch((error: unknown) => ({
                status: 599,
                text: `no answer: ${String(error)}`,
              })),
            ),
          );
          answers.forEach((answer, index) => {
            sent += 1;
            const request = batch[index]!;
            if (answer.status >= 500 || STACK_TRACE.test(answer.text)) {
              failures.push(
                `${identity} ${request.method} ${request.path.slice(0, 200)} ` +
                  `[${request.headers['content-type'] ?? '-'}] ${String(request.body ?? '').slice(0, 120)}` +
                  ` -> ${answer.status} ${answer.text.slice(0, 200)}`,
              );
            }
          });
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[fuzz ${api.dialect}] ${routes.length} routes, ${sent} requests in ${seconds} s, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
