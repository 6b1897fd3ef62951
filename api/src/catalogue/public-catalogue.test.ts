import { expect, it } from 'vitest';
import type { ContentBlock, Faq, Product, ProductListResponse } from '@shared/types';
import { describeApi } from '../../test/support/api';

describeApi('demo seed and public catalogue', (api) => {
  it('seeds at least 31 categories over the 13 groups', async () => {
    expect(api.categories.length).toBeGreaterThanOrEqual(31);
    expect(new Set(api.categories.map((c) => c.group)).size).toBe(13);
    expect(api.categories[0]).toMatchObject({
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
    const first = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
    expect(first.status).toBe(200);
    expect(first.body.products).toHaveLength(12);
    expect(first.body.currentPage).toBe(1);
    expect(first.body.totalCount).toBeGreaterThanOrEqual(56);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalCount / 12));
    const second = await api.visitor.get<ProductListResponse>('/api/products?page=2&limit=12');
    const firstIds = new Set(first.body.products.map((p) => p.id));
    expect(second.body.products.some((p) => firstIds.has(p.id))).toBe(false);
    expect(first.body.products.every((p) => p.isActive)).toBe(true);
    const last = await api.visitor.get<ProductListResponse>(
      `/api/products?page=${first.body.totalPages + 1}&limit=12`,
    );
    expect(last.status).toBe(200);
    expect(last.body.products).toEqual([]);
  });

  it('defaults to page 1 and 12 per page, and serves the 1000-product search fetch', async () => {
    const res = await api.visitor.get<ProductListResponse>('/api/products');
    expect(res.body.products).toHaveLength(12);
    const all = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=1000');
    expect(all.body.products.length).toBe(all.body.totalCount);
    expect(all.body.totalPages).toBe(1);
  });

  it('filters by categoryId and by category slug', async () => {
    const all = await api.visitor.get<ProductListResponse>('/api/products?limit=1000');
    const withProducts = all.body.products[0]!;
    const byId = await api.visitor.get<ProductListResponse>(
      `/api/products?categoryId=${withProducts.categoryId}&limit=1000`,
    );
    expect(byId.body.products.length).toBeGreaterThan(0);
    expect(byId.body.products.every((p) => p.categoryId === withProducts.categoryId)).toBe(true);
    const slug = api.categories.find((c) => c.id === withProducts.categoryId)!.slug;
    const bySlug = await api.visitor.get<ProductListResponse>(
      `/api/products?category=${slug}&limit=1000`,
    );
    expect(bySlug.body.products.map((p) => p.id).sort()).toEqual(
      byId.body.products.map((p) => p.id).sort(),
    );
  });

  it('searches title, description, badge and category name case-insensitively', async () => {
    const product = await api.createProduct({ title: 'Sepatu ZEBRAQX Lari', badgeText: 'Ungu' });
    const res = await api.visitor.get<ProductListResponse>('/api/products?search=%20zebraqx%20');
    expect(res.body.products.map((p) => p.id)).toEqual([product.id]);
    const badge = await api.visitor.get<ProductListResponse>(
      '/api/products?search=UNGU&limit=1000',
    );
    expect(badge.body.products.map((p) => p.id)).toContain(product.id);
    // SQL wildcards typed by a visitor are never syntax: `ze%raqx` is the words ze and raqx.
    const wildcard = await api.visitor.get<ProductListResponse>('/api/products?search=ZE%25RAQX');
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
      const res = await api.visitor.get<{ message: string }>(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Bracket syntax is not parsed into objects: the odd key is ignored, not trusted.
    expect((await api.visitor.get('/api/products?page[$gt]=1')).status).toBe(200);
  });

  it('shows an admin edit to shoppers at once, cached listing or not', async () => {
    const before = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
    const product = await api.createProduct();
    const after = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
    expect(after.body.totalCount).toBe(before.body.totalCount + 1);
    expect(after.body.products[0]!.id).toBe(product.id);
    await api.admin.delete(`/api/admin/products/${product.id}`);
    const gone = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=12');
    expect(gone.body.products.some((p) => p.id === product.id)).toBe(false);
  });

  it('serves featured promo and popular lists of active featured products', async () => {
    const promo = await api.visitor.get<Product[]>('/api/products/featured/promo');
    expect(promo.status).toBe(200);
    expect(promo.body.length).toBeGreaterThan(0);
    expect(promo.body.every((p) => p.isFeaturedPromo && p.isActive)).toBe(true);
    const popular = await api.visitor.get<Product[]>('/api/products/featured/popular');
    expect(popular.body.every((p) => p.isFeaturedPopular && p.isActive)).toBe(true);
  });

  it('hides inactive products, their links and images from visitors', async () => {
    const hidden = await api.createProduct({ isActive: false, isFeaturedPromo: true });
    const link = await api.addLink(hidden.id, 'Shopee', 'https://shopee.co.id/x', 'Rp 10.000');
    expect(link.status).toBe(201);
    expect((await api.visitor.get(`/api/products/${hidden.id}`)).status).toBe(404);
    expect((await api.visitor.get(`/api/platform-links/${hidden.id}`)).status).toBe(404);
    expect((await api.visitor.get(`/api/products/${hidden.id}/images`)).status).toBe(404);
    const list = await api.visitor.get<ProductListResponse>('/api/products?limit=1000');
    expect(list.body.products.some((p) => p.id === hidden.id)).toBe(false);
    const promo = await api.visitor.get<Product[]>('/api/products/featured/promo');
    expect(promo.body.some((p) => p.id === hidden.id)).toBe(false);
    const adminView = await api.admin.get<Product[]>('/api/admin/products');
    expect(adminView.body.find((p) => p.id === hidden.id)?.isActive).toBe(false);
    expect((await api.admin.get(`/api/admin/platform-links/${hidden.id}`)).status).toBe(200);
  });

  it('returns product detail with its category, and 404 for unknown ids', async () => {
    const product = await api.createProduct();
    const detail = await api.visitor.get<Product>(`/api/products/${product.id}`);
    expect(detail.body).toMatchObject({ id: product.id, category: { id: product.categoryId } });
    expect((await api.visitor.get('/api/products/not-a-uuid')).status).toBe(404);
    expect(
      (await api.visitor.get('/api/products/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
  });

  it('serves content blocks, FAQs and answers unknown API paths with JSON 404', async () => {
    const contact = await api.visitor.get<ContentBlock>('/api/content/contact_us');
    expect(contact.status).toBe(200);
    expect(JSON.parse(contact.body.data)).toMatchObject({ companyName: expect.any(String) });
    const hero = await api.visitor.get<ContentBlock>('/api/content/homepage_hero');
    expect(JSON.parse(hero.body.data)).toMatchObject({ mainTitle: expect.any(String) });
    expect(
      (await api.visitor.get<ContentBlock[]>('/api/content')).body.length,
    ).toBeGreaterThanOrEqual(2);
    const faqs = await api.visitor.get<Faq[]>('/api/faqs');
    expect(faqs.body).toHaveLength(6);
    const missing = await api.visitor.get<{ message: string }>('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect((await api.visitor.get('/api/content/nope')).status).toBe(404);
  });
});
