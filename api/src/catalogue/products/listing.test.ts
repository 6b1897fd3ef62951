import { beforeAll, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/types';
import { describeApi } from '../../../test/support/api';

/**
 * Sorting, filters and facets of GET /api/products (docs/contracts.md, "Shopping") over a
 * category and a search word of the test's own. Five products, oldest first:
 *   A 50% Shopee 200.000, Tokopedia 150.000      lowest 150.000, saving 150.000
 *   B 10% Shopee 90.000, original 300.000        lowest 90.000, saving 210.000
 *   C  0% Lazada 1.200.000                       lowest 1.200.000, saving 0
 *   D 30% Shopee 50.000 out of stock             no price, not in stock
 *   E 70% no link                                no price, not in stock
 */
describeApi('product listing: sorting, filters and facets', (api) => {
  const tag = `lst${Date.now().toString(36)}${api.dialect.slice(0, 2)}`;
  const ids: Record<string, string> = {};
  let slug = '';

  const list = (query: string) =>
    api.visitor.get<ProductListResponse & { message?: string; errors?: Record<string, string> }>(
      `/api/products?category=${slug}&${query.includes('limit=') ? '' : 'limit=50&'}${query}`,
    );
  const names = (body: ProductListResponse) =>
    body.products.map((p) => Object.keys(ids).find((name) => ids[name] === p.id) ?? p.id);
  const order = async (query: string) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    return names(res.body);
  };
  const sql = (text: string, replacements: unknown[]) =>
    api.server.running.db.sequelize.query(text, { replacements });

  async function product(name: string, discount: number, minutesAgo: number) {
    const category = api.categories.find((c) => c.slug === slug)!;
    const created = await api.createProduct({
      categoryId: category.id,
      title: `Barang ${tag} ${name}`,
      discountPercentage: String(discount),
    });
    ids[name] = created.id;
    await sql('UPDATE products SET "createdAt" = ? WHERE id = ?', [
      new Date(Date.now() - minutesAgo * 60_000),
      created.id,
    ]);
  }

  const link = async (name: string, platform: string, price: number) => {
    const res = await api.addLink<{ id: string }>(
      ids[name]!,
      platform,
      `https://example.com/${tag}/${name}/${platform}`,
      `Rp ${price.toLocaleString('id-ID')}`,
    );
    expect(res.status).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    const category = await api.createCategory('Belanja', tag);
    slug = category.slug;
    api.categories.push(category);
    await product('A', 50, 50);
    await product('B', 10, 40);
    await product('C', 0, 30);
    await product('D', 30, 20);
    await product('E', 70, 10);
    await link('A', 'Shopee', 200_000);
    await link('A', 'Tokopedia', 150_000);
    const b = await link('B', 'Shopee', 90_000);
    await link('C', 'Lazada', 1_200_000);
    const d = await link('D', 'Shopee', 50_000);
    // What a feed or an import writes (the admin has no field for these yet).
    await sql('UPDATE platform_links SET "originalPriceValue" = ? WHERE id = ?', [300_000, b]);
    await sql(`UPDATE platform_links SET availability = 'out_of_stock' WHERE id = ?`, [d]);
  });

  it('sorts newest first by default and by each sort', async () => {
    expect(await order('')).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(await order('sort=newest')).toEqual(['E', 'D', 'C', 'B', 'A']);
    // Relevance without a search reads as the default.
    expect(await order('sort=relevance')).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(await order('sort=discount')).toEqual(['E', 'A', 'D', 'B', 'C']);
    // Products without an in-stock price go last, newest first.
    expect(await order('sort=price_asc')).toEqual(['B', 'A', 'C', 'E', 'D']);
    expect(await order('sort=price_desc')).toEqual(['C', 'A', 'B', 'E', 'D']);
    // Saving: B's original price 300.000 - 90.000; A's 300.000 (150.000 at 50%) - 150.000.
    expect(await order('sort=saving')).toEqual(['B', 'A', 'E', 'D', 'C']);
  });

  it('filters by marketplace, case-insensitively, with their own prices', async () => {
    expect(await order('platform=Shopee')).toEqual(['D', 'B', 'A']);
    expect(await order('platform=shopee&inStock=true')).toEqual(['B', 'A']);
    expect(await order('platform=Shopee&sort=price_asc')).toEqual(['B', 'A', 'D']);
    expect(await order('platform=TOKOPEDIA,lazada')).toEqual(['C', 'A']);
    expect(await order('platform=Shopee&minPrice=100000')).toEqual(['A']);
    expect(await order('platform=Shopee&maxPrice=160000')).toEqual(['B']);
    expect(await order('platform=Shopee,Tokopedia&maxPrice=160000&sort=price_desc')).toEqual([
      'A',
      'B',
    ]);
    expect(await order('platform=Blibli')).toEqual([]);
  });

  it("shows each card's cheapest offer on the chosen marketplaces", async () => {
    const offers = async (query: string) => {
      const res = await list(query);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        res.body.products.map((p) => [
          names({ ...res.body, products: [p] })[0],
          p.lowestPrice && {
            price: p.lowestPrice.price,
            platform: p.lowestPrice.platform,
            beforePrice: p.lowestPrice.beforePrice,
            saving: p.lowestPrice.saving,
          },
        ]),
      );
    };
    // Unfiltered, A's cheapest is Tokopedia's; filtered by Shopee with a range Tokopedia's
    // 150.000 would not satisfy, the card shows the Shopee price the filter and sort read.
    expect((await offers('sort=price_asc')).A).toEqual({
      price: 150_000,
      platform: 'Tokopedia',
      beforePrice: 300_000,
      saving: 150_000,
    });
    expect(await offers('platform=Shopee&minPrice=100000')).toEqual({
      A: { price: 200_000, platform: 'Shopee', beforePrice: 400_000, saving: 200_000 },
    });
    expect(await offers('platform=shopee,tokopedia&sort=price_desc')).toEqual({
      A: { price: 150_000, platform: 'Tokopedia', beforePrice: 300_000, saving: 150_000 },
      B: { price: 90_000, platform: 'Shopee', beforePrice: 300_000, saving: 210_000 },
      D: null,
    });
    // A product out of stock on the chosen marketplace shows its cheapest offer anywhere.
    const lazada = await link('D', 'Lazada', 70_000);
    try {
      expect((await offers('platform=Shopee')).D).toMatchObject({
        price: 70_000,
        platform: 'Lazada',
      });
    } finally {
      expect((await api.admin.delete(`/api/admin/platform-links/${lazada}`)).status).toBe(204);
    }
  });

  it('filters by price range, minimum discount and stock, alone and together', async () => {
    expect(await order('minPrice=100000')).toEqual(['C', 'A']);
    expect(await order('maxPrice=160000')).toEqual(['B', 'A']);
    expect(await order('minPrice=100000&maxPrice=160000')).toEqual(['A']);
    expect(await order('minPrice=150000&maxPrice=150000')).toEqual(['A']);
    expect(await order('minDiscount=30')).toEqual(['E', 'D', 'A']);
    expect(await order('inStock=true')).toEqual(['C', 'B', 'A']);
    expect(await order('inStock=false')).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(await order('inStock=true&minDiscount=10&sort=saving')).toEqual(['B', 'A']);
  });

  it('counts the matches and pages through a sorted, filtered list', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await list(`sort=price_asc&limit=2&page=${page}`);
      expect(res.body).toMatchObject({ currentPage: page, totalCount: 5, totalPages: 3 });
      pages.push(names(res.body));
    }
    expect(pages).toEqual([['B', 'A'], ['C', 'E'], ['D']]);
    const filtered = await list('inStock=true&limit=2&page=2&sort=discount');
    expect(filtered.body).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(names(filtered.body)).toEqual(['C']);
  });

  it('sorts and filters a search, relevance first by default', async () => {
    const search = (query: string) =>
      api.visitor
        .get<ProductListResponse>(`/api/products?search=${tag}&limit=50&${query}`)
        .then((res) => names(res.body));
    expect(await search('')).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(await search('sort=price_asc')).toEqual(['B', 'A', 'C', 'E', 'D']);
    expect(await search('inStock=true')).toEqual(['C', 'B', 'A']);
    expect(await search('sort=relevance&platform=Shopee')).toEqual(['D', 'B', 'A']);
    const res = await api.visitor.get<ProductListResponse>(
      `/api/products?search=${tag}&platform=Lazada&facets=true`,
    );
    expect(res.body.totalCount).toBe(1);
    expect(res.body.facets!.platforms.find((f) => f.platform === 'Shopee')!.count).toBe(3);
  });

  it('answers facets, each counted without its own filter', async () => {
    const res = await list('facets=true');
    expect(res.status).toBe(200);
    const { facets } = res.body;
    expect(facets!.platforms).toEqual([
      { platform: 'Shopee', count: 3 },
      { platform: 'Tokopedia', count: 1 },
      { platform: 'Lazada', count: 1 },
      { platform: 'Blibli', count: 0 },
      { platform: 'Bukalapak', count: 0 },
      { platform: 'TikTok', count: 0 },
    ]);
    expect(facets!.priceRanges).toEqual([
      { min: 0, max: 100_000, count: 1 },
      { min: 100_000, max: 250_000, count: 1 },
      { min: 250_000, max: 500_000, count: 0 },
      { min: 500_000, max: 1_000_000, count: 0 },
      { min: 1_000_000, max: 5_000_000, count: 1 },
      { min: 5_000_000, max: null, count: 0 },
    ]);
    expect(facets!.discounts).toEqual([
      { min: 10, count: 4 },
      { min: 20, count: 3 },
      { min: 30, count: 3 },
      { min: 50, count: 2 },
      { min: 70, count: 1 },
    ]);

    const shopee = (await list('facets=true&platform=Shopee')).body.facets!;
    expect(shopee.platforms[0]).toEqual({ platform: 'Shopee', count: 3 });
    expect(shopee.platforms[1]).toEqual({ platform: 'Tokopedia', count: 1 });
    // Prices on Shopee: A 200.000, B 90.000 (D is out of stock).
    expect(shopee.priceRanges.map((r) => r.count)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(shopee.discounts.map((d) => d.count)).toEqual([3, 2, 2, 1, 0]);

    const stocked = (await list('facets=true&inStock=true&minDiscount=30')).body;
    expect(stocked.totalCount).toBe(1);
    expect(stocked.facets!.platforms.slice(0, 3).map((f) => f.count)).toEqual([1, 1, 0]);
    expect(stocked.facets!.discounts.map((d) => d.count)).toEqual([2, 1, 1, 1, 0]);

    const none = await api.visitor.get<ProductListResponse>(
      `/api/products?category=tidak-ada-${tag}&facets=true`,
    );
    expect(none.body.totalCount).toBe(0);
    expect(none.body.facets!.platforms.every((f) => f.count === 0)).toBe(true);
    // Without facets=true the answer keeps the specification's shape.
    expect((await list('sort=saving')).body).not.toHaveProperty('facets');
  });

  it("lists today's promo with the same sorting, filters and facets", async () => {
    const [featuredRows] = await sql('SELECT id FROM products WHERE "isFeaturedPromo" = ?', [true]);
    const featured = (featuredRows as { id: string }[]).map((row) => row.id);
    const feature = (on: boolean, id: string, order = 0) =>
      sql('UPDATE products SET "isFeaturedPromo" = ?, "featuredOrder" = ? WHERE id = ?', [
        on,
        order,
        id,
      ]);
    for (const id of featured) await feature(false, id);
    // Nothing featured: every discounted product, biggest discount first (spec section 5).
    expect(await order('promo=true')).toEqual(['E', 'A', 'D', 'B']);
    expect(await order('promo=true&sort=price_asc')).toEqual(['B', 'A', 'E', 'D']);
    expect(await order('promo=true&platform=Shopee&inStock=true')).toEqual(['A', 'B']);
    const faceted = await list('promo=true&facets=true&minDiscount=30');
    expect(faceted.body.totalCount).toBe(3);
    expect(faceted.body.facets!.discounts.map((d) => d.count)).toEqual([4, 3, 3, 2, 1]);
    expect(faceted.body.facets!.platforms[0]).toEqual({ platform: 'Shopee', count: 2 });

    // Featured products, in the staff's order, are the promo once any is featured.
    await feature(true, ids.B!, 2);
    await feature(true, ids.C!, 1);
    // (Another limit: the SQL writes above do not drop the response cache as the admin's do.)
    expect(await order('promo=true&limit=49')).toEqual(['C', 'B']);
    expect(await order('promo=true&limit=49&sort=discount')).toEqual(['B', 'C']);
    expect(await order('promo=true&limit=49&maxPrice=100000')).toEqual(['B']);
    const bad = await list('promo=ya');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.promo).toMatch(/true atau false/);
    await feature(false, ids.B!);
    await feature(false, ids.C!);
    for (const id of featured) await feature(true, id);
  });

  it('refuses bad values with a clear Indonesian message', async () => {
    const cases: [string, string, RegExp][] = [
      ['sort=cheap', 'sort', /Urutan tidak dikenal/],
      ['platform=Amazon', 'platform', /Marketplace tidak dikenal/],
      ['platform=Shopee,Amazon', 'platform', /Marketplace tidak dikenal/],
      ['minPrice=abc', 'minPrice', /Harga minimum harus angka/],
      ['maxPrice=-5', 'maxPrice', /Harga maksimum harus angka/],
      ['maxPrice=1.000', 'maxPrice', /Harga maksimum harus angka/],
      ['minPrice=500&maxPrice=100', 'minPrice', /tidak boleh melebihi/],
      ['minDiscount=0', 'minDiscount', /Diskon minimum/],
      ['minDiscount=100', 'minDiscount', /Diskon minimum/],
      ['inStock=yes', 'inStock', /true atau false/],
      ['facets=1', 'facets', /true atau false/],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
      expect(res.body.errors?.[field], query).toMatch(message);
    }
  });

  it('keeps the figures in step with link and product writes', async () => {
    const created = await api.createProduct({
      categoryId: api.categories.find((c) => c.slug === slug)!.id,
      title: `Barang ${tag} F`,
      discountPercentage: '20',
    });
    ids.F = created.id;
    const only = (query: string) =>
      api.visitor
        .get<ProductListResponse>(`/api/products?search=${tag}%20f&limit=50&${query}`)
        .then((res) => names(res.body));
    const linkId = await link('F', 'Blibli', 80_000);
    expect(await only('inStock=true&maxPrice=80000')).toEqual(['F']);
    const put = await api.admin.put(`/api/admin/platform-links/${linkId}`, {
      platform: 'Blibli',
      affiliateUrl: `https://example.com/${tag}/F/Blibli`,
      price: 'Rp 700.000',
    });
    expect(put.status).toBe(200);
    expect(await only('inStock=true&maxPrice=80001')).toEqual([]);
    expect(await only('minPrice=700000&maxPrice=700000&platform=blibli')).toEqual(['F']);
    // 700.000 at 20% was 875.000: a saving of 175.000; at 50%, 1.400.000 - 700.000.
    expect(await only('sort=saving&inStock=true&minDiscount=20')).toEqual(['F']);
    const edit = await api.admin.put(`/api/admin/products/${created.id}`, {
      ...created,
      discountPercentage: '50',
      imageUrls: [],
      videoUrl: '',
    });
    expect(edit.status).toBe(200);
    const saved = await sql('SELECT saving FROM products WHERE id = ?', [created.id]);
    expect(Number((saved[0] as { saving: number | string }[])[0]!.saving)).toBe(700_000);
    expect((await api.admin.delete(`/api/admin/platform-links/${linkId}`)).status).toBe(204);
    expect(await only('inStock=true&minDiscount=50')).toEqual([]);
    expect(await only('minDiscount=50')).toEqual(['F']);
  });
});
