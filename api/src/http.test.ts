import http from 'node:http';
import { expect, it } from 'vitest';
import { describeApi } from '../test/support/api';
import { sitemapPlan, writeSitemapPage } from './ssr/seo-files';

describeApi('request hygiene', (api) => {
  it('refuses state-changing requests from a foreign Origin with 403', async () => {
    const res = await api.admin.post<{ message: string }>(
      '/api/admin/faqs',
      { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const sameOrigin = await api.admin.post(
      '/api/admin/faqs',
      { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
      { origin: api.url },
    );
    expect(sameOrigin.status).toBe(201);
  });

  it('answers malformed and oversized bodies with 4xx and no stack trace', async () => {
    const malformed = await api.admin.request<{ message: string }>('POST', '/api/admin/faqs', {
      rawBody: '{"question": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toMatch(/at .*\.(js|ts):\d+/);
    const huge = await api.admin.post('/api/admin/faqs', {
      question: 'x'.repeat(200_000),
      answer: 'a',
    });
    expect(huge.status).toBe(413);
    for (const body of [null, [], 'text', 42]) {
      const res = await api.admin.post('/api/admin/categories', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('sends security headers with a CSP that forbids objects', async () => {
    const res = await api.visitor.get('/api/categories');
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('narrows the policy: own socket and geolocation only, permissions off, API same-origin', async () => {
    const res = await api.visitor.get('/api/categories');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    const host = new URL(api.url).host;
    expect(directive('connect-src').split(' ').sort()).toEqual(
      ['connect-src', "'self'", `ws://${host}`, 'https://ipapi.co'].sort(),
    );
    expect(directive('img-src')).not.toContain('blob:');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const admin = await api.visitor.get('/admin/login');
    expect(admin.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // Public pages and media stay embeddable (shared links, previews).
    const robots = await api.visitor.get('/robots.txt');
    expect(robots.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // A forged Host cannot write into the policy.
    const forged = await rawGet(api.url, '/api/categories', {
      host: "x.example;script-src 'unsafe-eval'",
    });
    expect(forged.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('gives every response a request id', async () => {
    const first = await api.visitor.get('/api/categories');
    const second = await api.visitor.get('/nope-not-a-page');
    const ids = [first, second].map((res) => res.headers.get('x-request-id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers NUL in the product search and category with the cleaned request, never 500', async () => {
    const all = await api.visitor.get<{ totalCount: number }>('/api/products');
    for (const query of ['search=%00', 'category=%00', 'search=%00%00&category=%00']) {
      const res = await api.visitor.get<{ totalCount: number }>(`/api/products?${query}`);
      expect(res.status, query).toBe(200);
      // The NUL is removed and an empty filter is no filter: the whole active catalogue.
      expect(res.body.totalCount, query).toBe(all.body.totalCount);
    }
    const cleaned = await api.visitor.get<{ totalCount: number }>('/api/products?search=zz%00qq');
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.totalCount).toBe(0);
    expect((await api.visitor.get('/api/products?search=a&search=b')).status).toBe(400);
  });

  it('never redirects a trailing slash to another host', async () => {
    for (const path of [
      '/\\evil.example/',
      '/\\/evil.example/',
      '//evil.example/',
      '/\\evil.example//?a=1',
    ]) {
      const res = await rawGet(api.url, path);
      expect(res.status, path).toBe(301);
      const location = res.headers.location ?? '';
      expect(location, path).toMatch(/^\/[^/\\]/);
    }
  });

  it('streams the sitemap, and splits it into pages of at most the URL limit', async () => {
    // Products created in the same instant (an import chunk shares one createdAt) are the
    // keyset's hard case: the walk must neither skip nor repeat one across chunks and pages.
    const { db } = api.server.running;
    const newest = await db.models.Product.findAll({
      attributes: ['id'],
      where: { isActive: true },
      order: [['createdAt', 'DESC']],
      limit: 6,
      raw: true,
    });
    await db.sequelize.query(
      `UPDATE products SET "createdAt" = (SELECT "createdAt" FROM products WHERE id = :first)
        WHERE id IN (:ids)`,
      { replacements: { first: newest[0]!.id, ids: newest.slice(1).map((p) => p.id) } },
    );
    const res = await fetch(`${api.url}/sitemap.xml`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    // Written as it is read from the database: no length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const whole = await res.text();
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const all = locs(whole);
    const active = await api.visitor.get<{ totalCount: number }>('/api/products');
    expect(all.filter((loc) => loc.includes('/?produk=')).length).toBe(active.body.totalCount);

    expect(new Set(all).size).toBe(all.length);
    // With pages of 7 URLs: the same URLs, in the same order, no page over the limit.
    const plan = await sitemapPlan(db, 7);
    expect(plan.total).toBe(all.length);
    const paged: string[] = [];
    for (let page = 1; page <= plan.pages; page += 1) {
      const parts: string[] = [];
      const found = await writeSitemapPage(db, api.url, (chunk) => void parts.push(chunk), {
        page,
        maxUrls: 7,
        chunk: 3,
      });
      expect(found).toBe(true);
      const urls = locs(parts.join(''));
      expect(urls.length).toBeLessThanOrEqual(7);
      paged.push(...urls);
    }
    expect(paged).toEqual(all);
    expect(
      await writeSitemapPage(db, api.url, () => undefined, { page: plan.pages + 1, maxUrls: 7 }),
    ).toBe(false);
    expect((await api.visitor.get('/sitemap-999.xml')).status).toBe(404);
  });
});

/** A GET with the path sent exactly as written (fetch would turn '\\' into '/'). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
