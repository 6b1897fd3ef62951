import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SsrData } from '@shared/ssr-data';
import { createApp } from '../src/app';
import type { Database } from '../src/db/database';
import { prepareDatabase } from '../src/server';
import { PageCache } from '../src/ssr/page-cache';
import type { PageRenderer } from '../src/ssr/renderer';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { unique } from './support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, testConfig } from './support/server';

const TTL_MS = 5_000;
const STALE_MS = 30_000;

/**
 * The real route data (loadRouteData, real database) drawn by a tiny renderer that counts its
 * renders and shows what the page depends on: the category names and the render's number.
 */
function countingRenderer() {
  const counts = { renders: 0 };
  const renderer: PageRenderer = {
    template:
      '<!doctype html><html><head><!--app-head--></head><body><!--app-html--></body></html>',
    entry: {
      PUBLIC_PATHS: ['/', '/contact', '/error'],
      render(url: string, data: SsrData) {
        counts.renders += 1;
        const names = (data.categories ?? []).map((category) => category.name).join(', ');
        const status = url.startsWith('/error') ? 500 : url.startsWith('/nope') ? 404 : 200;
        return {
          head: '<title>Uji</title>',
          // Long enough to be gzipped (pages past 1 KB are kept gzipped too).
          html: `<main data-render="${counts.renders}">${names}${' '.repeat(2048)}</main>`,
          state: '{}',
          status,
        };
      },
    },
  };
  return { counts, renderer };
}

describe.each(['sqlite', 'postgres'] as const)('rendered-page cache on %s', (dialect) => {
  let database: TestDatabase;
  let db: Database;
  let server: http.Server;
  let url: string;
  let clock = Date.now();
  const { counts, renderer } = countingRenderer();
  const pageCache = new PageCache({ ttlMs: TTL_MS, staleMs: STALE_MS, now: () => clock });

  beforeAll(async () => {
    const template = inject('databaseTemplates')[dialect];
    database = await createTestDatabase(dialect, { ...template, drop: async () => undefined });
    const config = testConfig(database);
    db = await prepareDatabase(config, () => undefined);
    const app = createApp({ config, db }, { pageCache, renderer });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
    await database?.drop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { headers });

  it('renders a key once however many visitors ask at once (single flight)', async () => {
    const before = counts.renders;
    const path = `/?category=${unique()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(path)));
    expect(counts.renders - before).toBe(1);
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const states = answers.map((res) => res.headers.get('x-page-cache'));
    expect(states.filter((state) => state === 'miss')).toHaveLength(1);
    const bodies = new Set(await Promise.all(answers.map((res) => res.text())));
    expect(bodies.size).toBe(1);
  });

  it('renders many different pages asked at once, a few at a time, every one answered', async () => {
    const before = counts.renders;
    const paths = Array.from({ length: 12 }, () => `/?category=${unique()}`);
    const answers = await Promise.all(paths.map((path) => get(path)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(answers.map((res) => res.headers.get('x-page-cache'))).toEqual(Array(12).fill('miss'));
    expect(counts.renders - before).toBe(12);
  });

  it('lets a CDN keep the page a few seconds, with a strong ETag and 304', async () => {
    const res = await get('/contact');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // Kept gzipped: fetch asked for gzip and undid it.
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const body = await res.text();
    // fetch would add Cache-Control: no-cache to a conditional request; a browser's reload
    // sends this instead.
    const again = await get('/contact', { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const plain = await get('/contact', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(etag);
    expect(await plain.text()).toBe(body);
  });

  it('serves an expired page while one new render runs, and waits past the hard bound', async () => {
    const path = `/?page=2&t=${unique()}`;
    const first = await (await get(path)).text();
    const before = counts.renders;
    clock += TTL_MS + 1;
    const stale = await get(path);
    expect(stale.headers.get('x-page-cache')).toBe('hit');
    expect(await stale.text()).toBe(first);
    await expect.poll(() => counts.renders).toBe(before + 1);
    const refreshed = await get(path);
    expect(await refreshed.text()).not.toBe(first);
    expect(counts.renders).toBe(before + 1);
    // Past ttl + stale nothing old is served: the visitor waits for a render.
    clock += TTL_MS + STALE_MS + 1;
    const late = await get(path);
    expect(late.headers.get('x-page-cache')).toBe('miss');
    expect(counts.renders).toBe(before + 2);
  });

  it('drops every page at once when staff change the catalogue over HTTP', async () => {
    const admin = new TestClient(url);
    const login = await admin.post('/api/admin/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    const warm = await get('/');
    const name = `Kategori ${unique()}`;
    expect(await warm.text()).not.toContain(name);
    expect((await get('/')).headers.get('x-page-cache')).toBe('hit');
    const created = await admin.post('/api/admin/categories', {
      name,
      slug: `kategori-${unique()}`.toLowerCase(),
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    expect(created.status).toBe(201);
    const after = await get('/');
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain(name);
  });

  it('never serves or keeps a page for a signed-in admin', async () => {
    const admin = new TestClient(url);
    await admin.post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(admin.cookieHeader).toContain('dr_session');
    await get('/contact');
    const before = counts.renders;
    const res = await admin.request('GET', '/contact');
    expect(res.headers.get('x-page-cache')).toBe('bypass');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(counts.renders).toBe(before + 1);
  });

  it('keeps 404 pages but never an error page', async () => {
    await get('/nope-a');
    const missing = await get('/nope-a');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-page-cache')).toBe('hit');
    const before = counts.renders;
    for (let i = 0; i < 2; i += 1) {
      const res = await get('/error');
      expect(res.status).toBe(500);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect(counts.renders).toBe(before + 2);
  });
});
