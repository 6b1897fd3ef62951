import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  ContentBlock,
  Faq,
  MetaTag,
  PlatformLink,
  Popup,
  Product,
  ProductImage,
  ProductListResponse,
  StatsResponse,
} from '@shared/types';
import { TestClient } from './support/client';
import type { TestDialect } from './support/databases';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from './support/server';

const unique = () => Math.random().toString(36).slice(2, 10);

const validProduct = (categoryId: string) => ({
  categoryId,
  title: `Produk Uji ${unique()}`,
  description: 'Deskripsi produk uji',
  imageUrl: 'https://example.com/image.webp',
  imageUrls: ['https://example.com/a.webp', '  ', ''],
  videoUrl: '',
  mediaType: 'image',
  discountPercentage: '35',
  badgeText: '',
  badgeColor: 'blue',
  platforms: ['Shopee', 'Tokopedia'],
  isActive: true,
});

const validPopup = () => ({
  title: `Promo ${unique()}`,
  content: 'Diskon besar hari ini',
  type: 'promo',
  targetUrl: 'https://example.com/promo',
  buttonText: '',
  backgroundColor: '#ffffff',
  textColor: '#000000',
  imageUrl: '',
  imagePosition: 'none',
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  showOnPages: '*',
  triggerAfterSeconds: 3,
  isActive: true,
});

/** Every admin path of spec section 7 and DESIGN.md, with a method each. */
const ADMIN_ENDPOINTS: [string, string][] = [
  ['GET', '/api/admin/me'],
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/categories'],
  ['POST', '/api/admin/categories'],
  ['PUT', '/api/admin/categories/1'],
  ['DELETE', '/api/admin/categories/1'],
  ['GET', '/api/admin/products'],
  ['POST', '/api/admin/products'],
  ['PUT', '/api/admin/products/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/admin/products/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/admin/products/00000000-0000-4000-8000-000000000000/images'],
  ['GET', '/api/admin/platform-links/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/admin/platform-links'],
  ['PUT', '/api/admin/platform-links/1'],
  ['DELETE', '/api/admin/platform-links/1'],
  ['GET', '/api/admin/content'],
  ['PUT', '/api/admin/content/contact_us'],
  ['PUT', '/api/admin/content/homepage_hero'],
  ['GET', '/api/admin/faqs'],
  ['POST', '/api/admin/faqs'],
  ['PUT', '/api/admin/faqs/1'],
  ['DELETE', '/api/admin/faqs/1'],
  ['GET', '/api/admin/meta-tags'],
  ['POST', '/api/admin/meta-tags'],
  ['PUT', '/api/admin/meta-tags/1'],
  ['DELETE', '/api/admin/meta-tags/1'],
  ['POST', '/api/admin/product-images'],
  ['PUT', '/api/admin/product-images/1'],
  ['DELETE', '/api/admin/product-images/1'],
  ['GET', '/api/admin/popups'],
  ['POST', '/api/admin/popups'],
  ['PUT', '/api/admin/popups/1'],
  ['DELETE', '/api/admin/popups/1'],
  ['GET', '/api/admin/anything-else'],
];

export function defineApiSuite(dialect: TestDialect) {
  describe(`REST API on ${dialect}`, () => {
    let server: TestServer;
    let visitor: TestClient;
    let admin: TestClient;
    let categories: Category[];

    beforeAll(async () => {
      server = await startTestServer(dialect);
      visitor = new TestClient(server.url);
      admin = new TestClient(server.url);
      const login = await admin.post('/api/admin/login', {
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
      });
      expect(login.status).toBe(200);
      categories = (await visitor.get<Category[]>('/api/categories')).body;
    });

    afterAll(async () => {
      await server?.close();
    });

    const someCategoryId = () => categories[0]!.id;

    async function createProduct(overrides: Record<string, unknown> = {}) {
      const res = await admin.post<Product>('/api/admin/products', {
        ...validProduct(someCategoryId()),
        ...overrides,
      });
      expect(res.status).toBe(201);
      return res.body;
    }

    describe('demo seed and public catalogue', () => {
      it('seeds at least 31 categories over the 13 groups', async () => {
        expect(categories.length).toBeGreaterThanOrEqual(31);
        expect(new Set(categories.map((c) => c.group)).size).toBe(13);
        expect(categories[0]).toMatchObject({
          id: expect.any(String),
          name: expect.any(String),
          slug: expect.any(String),
          icon: expect.any(String),
          color: expect.stringMatching(/^text-/),
          group: expect.any(String),
          createdAt: expect.any(String),
        });
      });

      it('pages the active products 12 at a time with the spec shape', async () => {
        const first = await visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
        expect(first.status).toBe(200);
        expect(first.body.products).toHaveLength(12);
        expect(first.body.currentPage).toBe(1);
        expect(first.body.totalCount).toBeGreaterThanOrEqual(56);
        expect(first.body.totalPages).toBe(Math.ceil(first.body.totalCount / 12));
        const second = await visitor.get<ProductListResponse>('/api/products?page=2&limit=12');
        const firstIds = new Set(first.body.products.map((p) => p.id));
        expect(second.body.products.some((p) => firstIds.has(p.id))).toBe(false);
        expect(first.body.products.every((p) => p.isActive)).toBe(true);
        const last = await visitor.get<ProductListResponse>(
          `/api/products?page=${first.body.totalPages + 1}&limit=12`,
        );
        expect(last.status).toBe(200);
        expect(last.body.products).toEqual([]);
      });

      it('defaults to page 1 and 12 per page, and serves the 1000-product search fetch', async () => {
        const res = await visitor.get<ProductListResponse>('/api/products');
        expect(res.body.products).toHaveLength(12);
        const all = await visitor.get<ProductListResponse>('/api/products?page=1&limit=1000');
        expect(all.body.products.length).toBe(all.body.totalCount);
        expect(all.body.totalPages).toBe(1);
      });

      it('filters by categoryId and by category slug', async () => {
        const all = await visitor.get<ProductListResponse>('/api/products?limit=1000');
        const withProducts = all.body.products[0]!;
        const byId = await visitor.get<ProductListResponse>(
          `/api/products?categoryId=${withProducts.categoryId}&limit=1000`,
        );
        expect(byId.body.products.length).toBeGreaterThan(0);
        expect(byId.body.products.every((p) => p.categoryId === withProducts.categoryId)).toBe(
          true,
        );
        const slug = categories.find((c) => c.id === withProducts.categoryId)!.slug;
        const bySlug = await visitor.get<ProductListResponse>(
          `/api/products?category=${slug}&limit=1000`,
        );
        expect(bySlug.body.products.map((p) => p.id).sort()).toEqual(
          byId.body.products.map((p) => p.id).sort(),
        );
      });

      it('searches title, description, badge and category name case-insensitively', async () => {
        const product = await createProduct({ title: 'Sepatu ZEBRAQX Lari', badgeText: 'Ungu' });
        const res = await visitor.get<ProductListResponse>('/api/products?search=%20zebraqx%20');
        expect(res.body.products.map((p) => p.id)).toEqual([product.id]);
        const badge = await visitor.get<ProductListResponse>(
          '/api/products?search=UNGU&limit=1000',
        );
        expect(badge.body.products.map((p) => p.id)).toContain(product.id);
        // SQL wildcards typed by a visitor are literal characters.
        const wildcard = await visitor.get<ProductListResponse>('/api/products?search=_EBRAQX');
        expect(wildcard.status).toBe(200);
        expect(wildcard.body.totalCount).toBe(0);
      });

      it('answers malformed query strings with 400, never 500', async () => {
        for (const query of [
          'page=0',
          'page=abc',
          'limit=-1',
          'limit=1001',
          'page=1&page=2',
          'categoryId=abc',
        ]) {
          const res = await visitor.get<{ message: string }>(`/api/products?${query}`);
          expect(res.status, query).toBe(400);
          expect(res.body.message).toEqual(expect.any(String));
        }
        // Bracket syntax is not parsed into objects: the odd key is ignored, not trusted.
        expect((await visitor.get('/api/products?page[$gt]=1')).status).toBe(200);
      });

      it('shows an admin edit to shoppers at once, cached listing or not', async () => {
        const before = await visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
        const product = await createProduct();
        const after = await visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
        expect(after.body.totalCount).toBe(before.body.totalCount + 1);
        expect(after.body.products[0]!.id).toBe(product.id);
        await admin.delete(`/api/admin/products/${product.id}`);
        const gone = await visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
        expect(gone.body.products.some((p) => p.id === product.id)).toBe(false);
      });

      it('serves featured promo and popular lists of active featured products', async () => {
        const promo = await visitor.get<Product[]>('/api/products/featured/promo');
        expect(promo.status).toBe(200);
        expect(promo.body.length).toBeGreaterThan(0);
        expect(promo.body.every((p) => p.isFeaturedPromo && p.isActive)).toBe(true);
        const popular = await visitor.get<Product[]>('/api/products/featured/popular');
        expect(popular.body.every((p) => p.isFeaturedPopular && p.isActive)).toBe(true);
      });

      it('hides inactive products, their links and images from visitors', async () => {
        const hidden = await createProduct({ isActive: false, isFeaturedPromo: true });
        const link = await admin.post('/api/admin/platform-links', {
          productId: hidden.id,
          platform: 'Shopee',
          affiliateUrl: 'https://shopee.co.id/x',
          price: 'Rp 10.000',
        });
        expect(link.status).toBe(201);
        expect((await visitor.get(`/api/products/${hidden.id}`)).status).toBe(404);
        expect((await visitor.get(`/api/platform-links/${hidden.id}`)).status).toBe(404);
        expect((await visitor.get(`/api/products/${hidden.id}/images`)).status).toBe(404);
        const list = await visitor.get<ProductListResponse>('/api/products?limit=1000');
        expect(list.body.products.some((p) => p.id === hidden.id)).toBe(false);
        const promo = await visitor.get<Product[]>('/api/products/featured/promo');
        expect(promo.body.some((p) => p.id === hidden.id)).toBe(false);
        const adminView = await admin.get<Product[]>('/api/admin/products');
        expect(adminView.body.find((p) => p.id === hidden.id)?.isActive).toBe(false);
        expect((await admin.get(`/api/admin/platform-links/${hidden.id}`)).status).toBe(200);
      });

      it('returns product detail with its category, and 404 for unknown ids', async () => {
        const product = await createProduct();
        const detail = await visitor.get<Product>(`/api/products/${product.id}`);
        expect(detail.body).toMatchObject({ id: product.id, category: { id: product.categoryId } });
        expect((await visitor.get('/api/products/not-a-uuid')).status).toBe(404);
        expect(
          (await visitor.get('/api/products/00000000-0000-4000-8000-000000000000')).status,
        ).toBe(404);
      });

      it('serves content blocks, FAQs and answers unknown API paths with JSON 404', async () => {
        const contact = await visitor.get<ContentBlock>('/api/content/contact_us');
        expect(contact.status).toBe(200);
        expect(JSON.parse(contact.body.data)).toMatchObject({ companyName: expect.any(String) });
        const hero = await visitor.get<ContentBlock>('/api/content/homepage_hero');
        expect(JSON.parse(hero.body.data)).toMatchObject({ mainTitle: expect.any(String) });
        expect(
          (await visitor.get<ContentBlock[]>('/api/content')).body.length,
        ).toBeGreaterThanOrEqual(2);
        const faqs = await visitor.get<Faq[]>('/api/faqs');
        expect(faqs.body).toHaveLength(6);
        const missing = await visitor.get<{ message: string }>('/api/nope');
        expect(missing.status).toBe(404);
        expect(missing.headers.get('content-type')).toContain('application/json');
        expect((await visitor.get('/api/content/nope')).status).toBe(404);
      });
    });

    describe('authentication', () => {
      it('refuses every admin path without a session', async () => {
        const anonymous = new TestClient(server.url);
        for (const [method, path] of ADMIN_ENDPOINTS) {
          const body = method === 'GET' ? undefined : {};
          const res = await anonymous.request<{ message: string }>(method, path, { body });
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(res.body.message).toEqual(expect.any(String));
        }
      });

      it('logs in, reports the user, and validates the login form', async () => {
        const me = await admin.get<{ user: { username: string } }>('/api/admin/me');
        expect(me.body.user.username).toBe(ADMIN_USERNAME);
        expect(JSON.stringify(me.body)).not.toMatch(/password/i);
        const client = new TestClient(server.url);
        const empty = await client.post<{ errors: Record<string, string> }>('/api/admin/login', {});
        expect(empty.status).toBe(400);
        expect(empty.body.errors).toEqual({
          username: 'Username is required',
          password: 'Password is required',
        });
        const wrong = await client.post<{ message: string }>('/api/admin/login', {
          username: ADMIN_USERNAME,
          password: 'wrong-password',
        });
        expect(wrong.status).toBe(401);
        expect(wrong.body.message).toBe('Invalid username or password');
      });

      it('sets an httpOnly SameSite=Lax cookie', async () => {
        const response = await fetch(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
        });
        const cookie = response.headers.getSetCookie().join('\n');
        expect(cookie).toMatch(/httponly/i);
        expect(cookie).toMatch(/samesite=lax/i);
      });

      it('logout makes every earlier cookie of the user useless', async () => {
        const tab = new TestClient(server.url);
        await tab.post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
        const stolen = new TestClient(server.url);
        stolen.cloneCookiesFrom(tab);
        expect((await stolen.get('/api/admin/me')).status).toBe(200);
        expect((await tab.post('/api/admin/logout')).status).toBe(200);
        expect((await tab.get('/api/admin/me')).status).toBe(401);
        expect((await stolen.get('/api/admin/me')).status).toBe(401);
        // The shared admin client logged in before the logout too: sign it in again.
        await admin.post('/api/admin/login', {
          username: ADMIN_USERNAME,
          password: ADMIN_PASSWORD,
        });
        expect((await admin.get('/api/admin/me')).status).toBe(200);
      });

      it('rate-limits repeated failed logins with 429', async () => {
        const attacker = new TestClient(server.url);
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          const res = await attacker.post('/api/admin/login', {
            username: 'ratelimited-user',
            password: `guess-${i}`,
          });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      });
    });

    describe('request hygiene', () => {
      it('refuses state-changing requests from a foreign Origin with 403', async () => {
        const res = await admin.post<{ message: string }>(
          '/api/admin/faqs',
          { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
          { origin: 'https://evil.example' },
        );
        expect(res.status).toBe(403);
        const sameOrigin = await admin.post(
          '/api/admin/faqs',
          { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
          { origin: server.url },
        );
        expect(sameOrigin.status).toBe(201);
      });

      it('answers malformed and oversized bodies with 4xx and no stack trace', async () => {
        const malformed = await admin.request<{ message: string }>('POST', '/api/admin/faqs', {
          rawBody: '{"question": ',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.text).not.toMatch(/at .*\.(js|ts):\d+/);
        const huge = await admin.post('/api/admin/faqs', {
          question: 'x'.repeat(200_000),
          answer: 'a',
        });
        expect(huge.status).toBe(413);
        for (const body of [null, [], 'text', 42]) {
          const res = await admin.post('/api/admin/categories', body);
          expect(res.status, JSON.stringify(body)).toBe(400);
        }
      });

      it('sends security headers with a CSP that forbids objects', async () => {
        const res = await visitor.get('/api/categories');
        expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      });
    });

    describe('categories', () => {
      it('creates, updates and deletes a category, with 409 for a taken slug', async () => {
        const slug = `uji-${unique()}`;
        const created = await admin.post<Category>('/api/admin/categories', {
          name: 'Kategori Uji',
          slug,
          icon: 'StarIcon',
          color: 'text-pink-500',
          group: 'Lifestyle',
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ slug, name: 'Kategori Uji' });
        const duplicate = await admin.post<{ message: string }>('/api/admin/categories', {
          name: 'Lain',
          slug,
          icon: 'StarIcon',
          color: 'text-pink-500',
          group: 'Lifestyle',
        });
        expect(duplicate.status).toBe(409);
        const updated = await admin.put<Category>(`/api/admin/categories/${created.body.id}`, {
          name: 'Kategori Uji Baru',
          slug,
          icon: 'GiftIcon',
          color: 'text-red-500',
          group: 'Seasonal',
        });
        expect(updated.status).toBe(200);
        expect(updated.body.name).toBe('Kategori Uji Baru');
        const listed = await visitor.get<Category[]>('/api/categories');
        expect(listed.body.find((c) => c.id === created.body.id)?.group).toBe('Seasonal');
        expect((await admin.delete(`/api/admin/categories/${created.body.id}`)).status).toBe(204);
        expect((await admin.delete(`/api/admin/categories/${created.body.id}`)).status).toBe(404);
        expect((await admin.put(`/api/admin/categories/abc`, {})).status).toBe(404);
      });

      it('refuses to delete a category that still has products (409)', async () => {
        const product = await createProduct();
        const res = await admin.delete<{ message: string }>(
          `/api/admin/categories/${product.categoryId}`,
        );
        expect(res.status).toBe(409);
        expect(res.body.message).toEqual(expect.any(String));
      });

      it('gives every category form message of spec section 5', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>('/api/admin/categories', {
          name: '',
          slug: ' ',
          icon: '',
          color: '',
          group: '',
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject({
          name: 'Nama kategori harus diisi',
          slug: 'Slug harus diisi',
          icon: 'Icon harus diisi',
          color: 'Warna harus diisi',
          group: 'Grup harus diisi',
        });
      });
    });

    describe('products', () => {
      it('creates with the submit clean-up, updates and deletes', async () => {
        const created = await createProduct({ videoUrl: '', badgeText: '  ' });
        expect(created).toMatchObject({
          discountPercentage: 35,
          imageUrls: ['https://example.com/a.webp'],
          videoUrl: null,
          badgeText: null,
          mediaType: 'image',
          isActive: true,
          isFeaturedPromo: false,
          featuredOrder: 0,
        });
        expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
        const updated = await admin.put<Product>(`/api/admin/products/${created.id}`, {
          ...validProduct(created.categoryId),
          title: 'Judul Baru',
          mediaType: 'video',
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          isActive: false,
        });
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({ title: 'Judul Baru', isActive: false });
        const stats = await admin.get<StatsResponse>('/api/admin/stats');
        expect(stats.body.inactiveProducts).toBeGreaterThanOrEqual(1);
        expect((await admin.delete(`/api/admin/products/${created.id}`)).status).toBe(204);
        expect((await admin.get(`/api/admin/products/${created.id}`)).status).toBe(404);
      });

      it('gives every product form message of spec section 5', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>('/api/admin/products', {
          categoryId: '',
          title: '',
          description: '',
          imageUrl: 'not a url',
          imageUrls: ['javascript:alert(1)'],
          videoUrl: 'ftp://video',
          discountPercentage: 101,
          platforms: [],
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject({
          categoryId: 'Kategori harus dipilih',
          title: 'Judul produk harus diisi',
          description: 'Deskripsi harus diisi',
          imageUrl: 'URL gambar tidak valid',
          'imageUrls.0': 'Invalid image URL',
          videoUrl: 'URL video tidak valid',
          platforms: 'Minimal pilih 1 platform',
        });
        expect(res.body.errors.discountPercentage).toEqual(expect.any(String));
      });

      it('rejects a product in an unknown category', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>(
          '/api/admin/products',
          validProduct('999999'),
        );
        expect(res.status).toBe(400);
        expect(res.body.errors.categoryId).toEqual(expect.any(String));
      });

      it('reports dashboard stats that add up', async () => {
        const stats = await admin.get<StatsResponse>('/api/admin/stats');
        const s = stats.body;
        expect(s.categoriesWithProducts + s.categoriesWithoutProducts).toBe(s.totalCategories);
        expect(s.activeProducts + s.inactiveProducts).toBe(s.totalProducts);
        const all = await admin.get<Product[]>('/api/admin/products');
        expect(all.body).toHaveLength(s.totalProducts);
      });
    });

    describe('platform links', () => {
      it('adds, edits and deletes links, with 409 for a platform linked twice', async () => {
        const product = await createProduct({ platforms: ['Shopee'] });
        const created = await admin.post<PlatformLink>('/api/admin/platform-links', {
          productId: product.id,
          platform: 'Lazada',
          affiliateUrl: 'https://www.lazada.co.id/p',
          price: 'Rp 99.000',
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ platform: 'Lazada', price: 'Rp 99.000' });
        const twice = await admin.post<{ message: string }>('/api/admin/platform-links', {
          productId: product.id,
          platform: 'Lazada',
          affiliateUrl: 'https://www.lazada.co.id/q',
          price: 'Rp 1',
        });
        expect(twice.status).toBe(409);
        const links = await visitor.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
        expect(links.body.map((l) => l.platform)).toEqual(['Lazada']);
        const updated = await admin.put<PlatformLink>(
          `/api/admin/platform-links/${created.body.id}`,
          { platform: 'Blibli', affiliateUrl: 'https://www.blibli.com/p', price: 'Rp 89.000' },
        );
        expect(updated.body).toMatchObject({ platform: 'Blibli', price: 'Rp 89.000' });
        expect((await admin.delete(`/api/admin/platform-links/${created.body.id}`)).status).toBe(
          204,
        );
        expect(
          (await visitor.get<PlatformLink[]>(`/api/platform-links/${product.id}`)).body,
        ).toEqual([]);
      });

      it('requires platform, an http(s) affiliate URL and a price', async () => {
        const product = await createProduct();
        const res = await admin.post<{ errors: Record<string, string> }>(
          '/api/admin/platform-links',
          {
            productId: product.id,
            platform: 'Amazon',
            affiliateUrl: 'javascript:alert(1)',
            price: '',
          },
        );
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors).sort()).toEqual(['affiliateUrl', 'platform', 'price']);
      });
    });

    describe('content', () => {
      it('updates contact content and validates it with the spec messages', async () => {
        const current = await admin.get<ContentBlock>('/api/admin/content/contact_us');
        const data = JSON.parse(current.body.data) as Record<string, unknown>;
        const ok = await admin.put<ContentBlock>('/api/admin/content/contact_us', {
          key: 'contact_us',
          title: 'Hubungi Kami',
          data: JSON.stringify({ ...data, phone: '+62 21 555 0000' }),
          isActive: true,
        });
        expect(ok.status).toBe(200);
        const publicView = await visitor.get<ContentBlock>('/api/content/contact_us');
        expect(JSON.parse(publicView.body.data).phone).toBe('+62 21 555 0000');
        const bad = await admin.put<{ errors: Record<string, string> }>(
          '/api/admin/content/contact_us',
          {
            key: 'contact_us',
            title: 'Hubungi Kami',
            data: JSON.stringify({
              companyName: '',
              address: '',
              phone: '',
              email: 'nope',
              whatsapp: '',
              description: '',
              businessHours: { weekdays: '', weekend: '' },
              socialMedia: {
                facebook: 'x',
                instagram: 'javascript:alert(1)',
                twitter: 'y',
                youtube: 'z',
              },
            }),
            isActive: true,
          },
        );
        expect(bad.status).toBe(400);
        expect(Object.values(bad.body.errors)).toEqual(
          expect.arrayContaining([
            'Company name is required',
            'Address is required',
            'Phone is required',
            'Invalid email format',
            'WhatsApp number is required',
            'Description is required',
            'Weekdays hours required',
            'Weekend hours required',
            'Invalid Facebook URL',
            'Invalid Instagram URL',
            'Invalid Twitter URL',
            'Invalid YouTube URL',
          ]),
        );
        const notJson = await admin.put('/api/admin/content/contact_us', {
          key: 'contact_us',
          title: 'x',
          data: '{nope',
          isActive: true,
        });
        expect(notJson.status).toBe(400);
      });

      it('validates the hero form and hides inactive content from visitors', async () => {
        const bad = await admin.put<{ errors: Record<string, string> }>(
          '/api/admin/content/homepage_hero',
          {
            key: 'homepage_hero',
            title: 'Hero',
            data: JSON.stringify({
              mainTitle: '',
              subtitle: '',
              ctaText: '',
              backgroundImage: 'nope',
              platforms: '',
            }),
            isActive: true,
          },
        );
        expect(bad.status).toBe(400);
        expect(Object.values(bad.body.errors)).toEqual(
          expect.arrayContaining([
            'Main title is required',
            'Subtitle is required',
            'CTA text is required',
            'Invalid image URL',
            'Platforms are required',
          ]),
        );
        const key = `custom_${unique()}`;
        const created = await admin.put<ContentBlock>(`/api/admin/content/${key}`, {
          key,
          title: 'Custom',
          data: '{"a":1}',
          isActive: false,
        });
        expect(created.status).toBe(201);
        expect((await visitor.get(`/api/content/${key}`)).status).toBe(404);
        const all = await admin.get<ContentBlock[]>('/api/admin/content');
        expect(all.body.some((b) => b.key === key)).toBe(true);
      });
    });

    describe('FAQs', () => {
      it('creates, updates, deletes, and shows visitors only active ones in order', async () => {
        const created = await admin.post<Faq>('/api/admin/faqs', {
          question: 'Pertanyaan tersembunyi?',
          answer: 'Jawaban',
          category: 'pricing',
          order: '2',
          isActive: false,
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ order: 2, isActive: false, category: 'pricing' });
        const publicFaqs = await visitor.get<Faq[]>('/api/faqs');
        expect(publicFaqs.body.some((f) => f.id === created.body.id)).toBe(false);
        const orders = publicFaqs.body.map((f) => f.order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        const updated = await admin.put<Faq>(`/api/admin/faqs/${created.body.id}`, {
          question: 'Pertanyaan terlihat?',
          answer: 'Jawaban',
          category: 'pricing',
          order: 0,
          isActive: true,
        });
        expect(updated.status).toBe(200);
        expect(
          (await visitor.get<Faq[]>('/api/faqs')).body.some((f) => f.id === created.body.id),
        ).toBe(true);
        expect((await admin.delete(`/api/admin/faqs/${created.body.id}`)).status).toBe(204);
      });

      it('gives every FAQ message of spec section 5', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>('/api/admin/faqs', {
          question: '',
          answer: '',
          category: '',
          order: -1,
          isActive: true,
        });
        expect(res.body.errors).toMatchObject({
          question: 'Question is required',
          answer: 'Answer is required',
          category: 'Category is required',
          order: 'Order must be a positive number',
        });
      });
    });

    describe('meta tags', () => {
      it('parses tags on the server and validates them', async () => {
        const created = await admin.post<MetaTag>('/api/admin/meta-tags', {
          htmlTag: '<meta property="og:title" content="Diskon &amp; Promo">',
          pageUrl: '/',
          isActive: true,
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          parsedProperty: 'og:title',
          parsedContent: 'Diskon & Promo',
          parsedName: null,
        });
        const updated = await admin.put<MetaTag>(`/api/admin/meta-tags/${created.body.id}`, {
          htmlTag: "<meta name='description' content='Hemat'>",
          pageUrl: '*',
          isActive: false,
        });
        expect(updated.body).toMatchObject({ parsedName: 'description', isActive: false });
        const empty = await admin.post<{ errors: Record<string, string> }>('/api/admin/meta-tags', {
          htmlTag: '',
          pageUrl: '*',
          isActive: true,
        });
        expect(empty.body.errors.htmlTag).toBe('HTML meta tag is required');
        const invalid = await admin.post<{ errors: Record<string, string> }>(
          '/api/admin/meta-tags',
          { htmlTag: '<script>alert(1)</script>', pageUrl: '*', isActive: true },
        );
        expect(invalid.body.errors.htmlTag).toBe('Must be a valid HTML meta tag');
        expect((await admin.get<MetaTag[]>('/api/admin/meta-tags')).body.length).toBeGreaterThan(0);
        expect((await admin.delete(`/api/admin/meta-tags/${created.body.id}`)).status).toBe(204);
      });
    });

    describe('product images', () => {
      it('adds, reorders and deletes gallery images; visitors see only active ones', async () => {
        const product = await createProduct();
        const first = await admin.post<ProductImage>('/api/admin/product-images', {
          productId: product.id,
          imageUrl: 'https://example.com/1.webp',
          altText: 'Satu',
          order: 0,
          isActive: true,
        });
        expect(first.status).toBe(201);
        const hidden = await admin.post<ProductImage>('/api/admin/product-images', {
          productId: product.id,
          imageUrl: 'https://example.com/2.webp',
          order: 1,
          isActive: false,
        });
        expect(hidden.body.altText).toBe('');
        const moved = await admin.put<ProductImage>(`/api/admin/product-images/${first.body.id}`, {
          order: 2,
        });
        expect(moved.status).toBe(200);
        expect(moved.body).toMatchObject({ order: 2, imageUrl: 'https://example.com/1.webp' });
        const publicImages = await visitor.get<ProductImage[]>(
          `/api/products/${product.id}/images`,
        );
        expect(publicImages.body.map((i) => i.id)).toEqual([first.body.id]);
        const adminImages = await admin.get<ProductImage[]>(
          `/api/admin/products/${product.id}/images`,
        );
        expect(adminImages.body.map((i) => i.id)).toEqual([hidden.body.id, first.body.id]);
        expect((await admin.delete(`/api/admin/product-images/${hidden.body.id}`)).status).toBe(
          204,
        );
      });

      it('gives the product image messages of spec section 5', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>(
          '/api/admin/product-images',
          { productId: '', imageUrl: 'data:image/png;base64,AAAA', order: -1 },
        );
        expect(res.body.errors).toMatchObject({
          productId: 'Product ID is required',
          imageUrl: 'Invalid image URL',
          order: 'Order must be a positive number',
        });
      });
    });

    describe('popups', () => {
      it('creates popups with defaults and shows visitors only those in schedule for the page', async () => {
        const live = await admin.post<Popup>('/api/admin/popups', validPopup());
        expect(live.status).toBe(201);
        expect(live.body).toMatchObject({ buttonText: 'Learn More', triggerAfterSeconds: 3 });
        const future = await admin.post<Popup>('/api/admin/popups', {
          ...validPopup(),
          startDate: new Date(Date.now() + 86_400_000).toISOString(),
        });
        const otherPage = await admin.post<Popup>('/api/admin/popups', {
          ...validPopup(),
          showOnPages: '/kategori',
        });
        const disabled = await admin.post<Popup>('/api/admin/popups', {
          ...validPopup(),
          isActive: false,
        });
        const home = await visitor.get<Popup[]>(
          `/api/popups/active?url=${encodeURIComponent(`${server.url}/`)}`,
        );
        const ids = home.body.map((p) => p.id);
        expect(ids).toContain(live.body.id);
        expect(ids).not.toContain(future.body.id);
        expect(ids).not.toContain(otherPage.body.id);
        expect(ids).not.toContain(disabled.body.id);
        const kategori = await visitor.get<Popup[]>('/api/popups/active?url=/kategori');
        expect(kategori.body.map((p) => p.id)).toContain(otherPage.body.id);
        // The admin's page choices use the original names: '/categories' is /kategori here.
        const aliased = await admin.post<Popup>('/api/admin/popups', {
          ...validPopup(),
          showOnPages: '/categories',
        });
        const kategoriAgain = await visitor.get<Popup[]>('/api/popups/active?url=/kategori');
        expect(kategoriAgain.body.map((p) => p.id)).toContain(aliased.body.id);
        const contact = await visitor.get<Popup[]>('/api/popups/active?url=/contact');
        expect(contact.body.map((p) => p.id)).not.toContain(aliased.body.id);
        const updated = await admin.put<Popup>(`/api/admin/popups/${live.body.id}`, {
          ...validPopup(),
          title: 'Diubah',
        });
        expect(updated.body.title).toBe('Diubah');
        expect((await admin.get<Popup[]>('/api/admin/popups')).body.length).toBeGreaterThanOrEqual(
          4,
        );
        expect((await admin.delete(`/api/admin/popups/${live.body.id}`)).status).toBe(204);
      });

      it('gives the popup messages of spec section 5', async () => {
        const res = await admin.post<{ errors: Record<string, string> }>('/api/admin/popups', {
          ...validPopup(),
          title: '',
          content: '',
          type: 'spam',
          targetUrl: 'javascript:alert(1)',
          triggerAfterSeconds: 61,
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject({
          title: 'Popup title is required',
          content: 'Popup content is required',
          targetUrl: 'Invalid target URL',
        });
        expect(res.body.errors.type).toEqual(expect.any(String));
        expect(res.body.errors.triggerAfterSeconds).toEqual(expect.any(String));
      });
    });
  });
}
