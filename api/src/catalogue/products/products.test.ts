import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ADMIN_SEARCH_COUNT_CAP } from '@shared/constants';
import type { AdminProductListResponse, Product, StatsResponse } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { unique, validProduct } from '../../../test/support/fixtures';

describeApi('products', (api) => {
  it('creates with the submit clean-up, updates and deletes', async () => {
    const created = await api.createProduct({ videoUrl: '', badgeText: '  ' });
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
    const updated = await api.admin.put<Product>(`/api/admin/products/${created.id}`, {
      ...validProduct(created.categoryId),
      title: 'Judul Baru',
      mediaType: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Judul Baru', isActive: false });
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    expect(stats.body.inactiveProducts).toBeGreaterThanOrEqual(1);
    expect((await api.admin.delete(`/api/admin/products/${created.id}`)).status).toBe(204);
    expect((await api.admin.get(`/api/admin/products/${created.id}`)).status).toBe(404);
  });

  it('gives every product form message of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/products', {
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
    const res = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/products',
      validProduct('999999'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.categoryId).toEqual(expect.any(String));
  });
});

describeApi('admin product list', (api) => {
  /** A category of its own, so the demo catalogue and other tests never show in the pages. */
  async function isolatedCatalogue() {
    const tag = unique();
    const category = await api.createCategory('Daftar', tag);
    const make = async (title: string, extra: Record<string, unknown>) => {
      const product = await api.createProduct({ categoryId: category.id, title, ...extra });
      // Creation times a few milliseconds apart keep 'newest' deterministic.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return product;
    };
    const apel = await make(`Apel ${tag}`, { discountPercentage: 10, isActive: true });
    const ceri = await make(`Ceri ${tag}`, {
      discountPercentage: 70,
      isActive: false,
      badgeText: `Murah${tag}`,
    });
    const bayam = await make(`Bayam ${tag}`, {
      discountPercentage: 40,
      isActive: true,
      description: `Sayur segar 100%_${tag}`,
    });
    return { tag, categoryId: category.id, apel, ceri, bayam };
  }

  const page = async (query: string) => {
    const res = await api.admin.get<AdminProductListResponse>(`/api/admin/products?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const titles = (body: AdminProductListResponse) => body.products.map((p) => p.title);

  it('pages, filters by category and status, and sorts on the server', async () => {
    const { tag, categoryId, apel, ceri, bayam } = await isolatedCatalogue();
    const inCategory = `categoryId=${categoryId}`;

    const first = await page(`page=1&limit=2&${inCategory}`);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 3 });
    expect(titles(first)).toEqual([bayam.title, ceri.title]);
    const second = await page(`page=2&limit=2&${inCategory}`);
    expect(titles(second)).toEqual([apel.title]);
    expect(await page(`page=3&limit=2&${inCategory}`)).toMatchObject({
      products: [],
      totalCount: 3,
    });

    expect(titles(await page(`page=1&${inCategory}&sort=oldest`))).toEqual([
      apel.title,
      ceri.title,
      bayam.title,
    ]);
    expect(titles(await page(`page=1&${inCategory}&sort=title`))).toEqual([
      apel.title,
      bayam.title,
      ceri.title,
    ]);
    expect(titles(await page(`page=1&${inCategory}&sort=discount`))).toEqual([
      ceri.title,
      bayam.title,
      apel.title,
    ]);

    const active = await page(`page=1&${inCategory}&status=active&sort=title`);
    expect(titles(active)).toEqual([apel.title, bayam.title]);
    expect(active.totalCount).toBe(2);
    const inactive = await page(`page=1&${inCategory}&status=inactive`);
    expect(titles(inactive)).toEqual([ceri.title]);
    expect(inactive.products[0]).toMatchObject({ isActive: false, discountPercentage: 70 });
    // 'all' is the category filter's default and means no filter.
    expect((await page(`page=1&categoryId=all&search=${tag}`)).totalCount).toBe(3);
  });

  it('searches title, description and badge text as a substring, inactive products too', async () => {
    const { tag, categoryId, apel, ceri, bayam } = await isolatedCatalogue();
    // Title, case-insensitively, a part of a word.
    expect(
      titles(await page(`page=1&search=${encodeURIComponent(`PEL ${tag}`.toUpperCase())}`)),
    ).toEqual([apel.title]);
    // Badge text of an inactive product.
    expect(titles(await page(`page=1&search=murah${tag}`))).toEqual([ceri.title]);
    // Description; % and _ are literal characters, not wildcards.
    expect(titles(await page(`page=1&search=${encodeURIComponent(`100%_${tag}`)}`))).toEqual([
      bayam.title,
    ]);
    expect((await page(`page=1&search=${encodeURIComponent(`1%0_${tag}`)}`)).totalCount).toBe(0);
    // Not the category name (spec: title, description and badge text).
    expect((await page(`page=1&search=${encodeURIComponent(`daftar ${tag}`)}`)).totalCount).toBe(0);
    // Combined with the status filter.
    expect(titles(await page(`page=1&search=${tag}&status=inactive`))).toEqual([ceri.title]);
    // A term shorter than a trigram still searches; the random tag is in every title, so the
    // term is a piece of 'Apel' the tag does not hold.
    const shortTerm = ['aP', 'pE', 'eL'].find((term) => !tag.includes(term.toLowerCase()));
    expect(titles(await page(`page=1&search=${shortTerm}&categoryId=${categoryId}`))).toEqual([
      apel.title,
    ]);
    // The index follows edits and deletes.
    const renamed = await api.admin.put(`/api/admin/products/${apel.id}`, {
      ...validProduct(categoryId),
      title: `Jeruk ${tag}`,
    });
    expect(renamed.status).toBe(200);
    expect(titles(await page(`page=1&search=${encodeURIComponent(`jeruk ${tag}`)}`))).toEqual([
      `Jeruk ${tag}`,
    ]);
    expect((await page(`page=1&search=${encodeURIComponent(`apel ${tag}`)}`)).totalCount).toBe(0);
    expect((await api.admin.delete(`/api/admin/products/${apel.id}`)).status).toBe(204);
    expect((await page(`page=1&search=${encodeURIComponent(`jeruk ${tag}`)}`)).totalCount).toBe(0);
  });

  it("brings each row's links and lowest price with the page", async () => {
    const { tag, apel, ceri } = await isolatedCatalogue();
    for (const [platform, price] of [
      ['Shopee', 'Rp 150.000'],
      ['Lazada', 'Rp 99.500'],
      ['Blibli', 'Hubungi penjual'],
    ] as const) {
      const res = await api.addLink(apel.id, platform, `https://example.com/${platform}`, price);
      expect(res.status).toBe(201);
    }
    const body = await page(`page=1&search=${tag}&sort=title`);
    const [apelRow, , ceriRow] = body.products;
    expect(apelRow).toMatchObject({ id: apel.id, lowestPriceValue: 99_500 });
    expect(apelRow!.links.map((link) => [link.platform, link.price, link.priceValue])).toEqual([
      ['Shopee', 'Rp 150.000', 150_000],
      ['Lazada', 'Rp 99.500', 99_500],
      ['Blibli', 'Hubungi penjual', null],
    ]);
    expect(apelRow!.category?.id).toBe(apel.categoryId);
    expect(ceriRow).toMatchObject({ id: ceri.id, links: [], lowestPriceValue: null });
  });

  it('still answers the whole array without page, streamed newest first', async () => {
    const { tag, apel, ceri, bayam } = await isolatedCatalogue();
    const res = await api.admin.get<Product[]>('/api/admin/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(Array.isArray(res.body)).toBe(true);
    const ours = res.body.filter((p) => p.title.endsWith(tag)).map((p) => p.title);
    expect(ours).toEqual([bayam.title, ceri.title, apel.title]);
    expect(new Set(res.body.map((p) => p.id)).size).toBe(res.body.length);
    const paged = await page(`page=1&limit=100`);
    expect(res.body.length).toBe(paged.totalCount);
    expect(res.body.slice(0, 100).map((p) => p.id)).toEqual(paged.products.map((p) => p.id));
  });

  it('counts pages without a search from counts that follow moves, status changes and deletes', async () => {
    const first = await isolatedCatalogue();
    const second = await isolatedCatalogue();
    const count = async (query: string) => (await page(`page=1&limit=1&${query}`)).totalCount;
    const put = (product: Product, changes: Record<string, unknown>) =>
      api.admin.put<Product>(`/api/admin/products/${product.id}`, {
        ...validProduct(String(product.categoryId)),
        title: product.title,
        ...changes,
      });
    const totalBefore = await count('');
    expect((await put(first.apel, { categoryId: second.categoryId })).status).toBe(200);
    expect((await put(first.ceri, { isActive: true })).status).toBe(200);
    expect((await api.admin.delete(`/api/admin/products/${first.bayam.id}`)).status).toBe(204);

    const inFirst = `categoryId=${first.categoryId}`;
    const inSecond = `categoryId=${second.categoryId}`;
    expect(await count(inFirst)).toBe(1);
    expect(await count(`${inFirst}&status=active`)).toBe(1);
    expect(await count(`${inFirst}&status=inactive`)).toBe(0);
    expect(await count(inSecond)).toBe(4);
    expect(await count(`${inSecond}&status=active`)).toBe(3);
    expect(titles(await page(`page=1&${inSecond}&status=inactive`))).toEqual([second.ceri.title]);
    expect(await count(`${inSecond}&status=inactive`)).toBe(1);
    expect(await count('')).toBe(totalBefore - 1);
    expect((await count('status=active')) + (await count('status=inactive'))).toBe(totalBefore - 1);
    // The same filters through the search path (which counts rows) agree with the counts.
    expect(await count(`${inSecond}&search=${second.tag}`)).toBe(3);
  });

  it('counts a search up to 1,000 matches and says when there are more', async () => {
    const { tag, categoryId } = await isolatedCatalogue();
    const { db } = api.server.running;
    const many = ADMIN_SEARCH_COUNT_CAP + 10;
    const start = Date.UTC(2026, 0, 1);
    await db.write((transaction) =>
      db.sequelize.getQueryInterface().bulkInsert(
        'products',
        Array.from({ length: many }, (_, i) => ({
          id: randomUUID(),
          categoryId: Number(categoryId),
          title: `Banyak${tag} nomor ${i}`,
          description: 'Produk uji untuk hitungan yang dibatasi',
          imageUrl: 'https://example.com/a.webp',
          imageUrls: '[]',
          mediaType: 'default',
          discountPercentage: 10,
          badgeColor: 'green',
          platforms: '[]',
          // The last ten are inactive.
          isActive: i < many - 10,
          isFeaturedPromo: false,
          isFeaturedPopular: false,
          featuredOrder: 0,
          createdAt: new Date(start + i * 1_000),
          updatedAt: new Date(start + i * 1_000),
        })),
        { transaction },
      ),
    );
    const capped = await page(`page=1&limit=24&search=banyak${tag}`);
    expect(capped).toMatchObject({
      totalCount: ADMIN_SEARCH_COUNT_CAP,
      totalCountCapped: true,
      totalPages: Math.ceil(ADMIN_SEARCH_COUNT_CAP / 24),
    });
    // Newest first: the last inserted (inactive, then active) come first.
    expect(titles(capped).slice(0, 2)).toEqual([
      `Banyak${tag} nomor ${many - 1}`,
      `Banyak${tag} nomor ${many - 2}`,
    ]);
    expect(capped.products).toHaveLength(24);
    const inCategory = await page(`page=1&limit=24&search=banyak${tag}&categoryId=${categoryId}`);
    expect(inCategory).toMatchObject({
      totalCount: ADMIN_SEARCH_COUNT_CAP,
      totalCountCapped: true,
    });
    // Fewer matches are counted exactly, without the flag.
    const inactive = await page(`page=1&limit=24&search=banyak${tag}&status=inactive`);
    expect(inactive.totalCount).toBe(10);
    expect(inactive.totalCountCapped).toBeUndefined();
    const one = await page(`page=1&search=${encodeURIComponent(`banyak${tag} nomor 7`)}`);
    // 'nomor 7' is a substring of 'nomor 7', 'nomor 70'..'nomor 79', 'nomor 700'..'nomor 799'.
    expect(one).toMatchObject({ totalCount: 111 });
    expect(one.totalCountCapped).toBeUndefined();
  });

  it('rejects a malformed query', async () => {
    for (const query of [
      'page=0',
      'page=x',
      'page=1&limit=101',
      'page=1&status=deleted',
      'page=1&sort=price',
      'page=1&categoryId=abc',
    ]) {
      const res = await api.admin.get<{ message: string }>(`/api/admin/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/^Invalid query parameter /);
    }
    expect((await api.visitor.get('/api/admin/products?page=1')).status).toBe(401);
  });
});
