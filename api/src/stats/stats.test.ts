import { expect, it } from 'vitest';
import type { AdminProductListResponse, PlatformLink, Product, StatsResponse } from '@shared/types';
import { describeApi } from '../../test/support/api';

describeApi('dashboard stats', (api) => {
  it('reports dashboard stats that add up', async () => {
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    const s = stats.body;
    expect(s.categoriesWithProducts + s.categoriesWithoutProducts).toBe(s.totalCategories);
    expect(s.activeProducts + s.inactiveProducts).toBe(s.totalProducts);
    const all = await api.admin.get<Product[]>('/api/admin/products');
    expect(all.body).toHaveLength(s.totalProducts);
  });

  it('counts broken links, and the product list filters to products with one', async () => {
    const before = (await api.admin.get<StatsResponse>('/api/admin/stats')).body.brokenLinks;
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const link = await api.addLink(
      product.id,
      'Shopee',
      'https://shopee.co.id/hilang',
      'Rp 10.000',
    );
    expect(link.status).toBe(201);
    // What the link checker writes when a marketplace answers 404.
    await api.server.running.db.sequelize.query(
      `UPDATE platform_links SET "isBroken" = ?, "lastStatus" = 404 WHERE id = ?`,
      { replacements: [true, Number(link.body.id)] },
    );
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    expect(stats.body.brokenLinks).toBe(before + 1);

    // The product table's filter: only products with a broken link, paged like the rest.
    const broken = await api.admin.get<AdminProductListResponse>(
      '/api/admin/products?page=1&limit=100&linkHealth=broken',
    );
    expect(broken.status).toBe(200);
    expect(broken.body.products.map((p) => p.id)).toContain(product.id);
    expect(broken.body.totalCount).toBeLessThanOrEqual(before + 1);
    const all = await api.admin.get<AdminProductListResponse>('/api/admin/products?page=1');
    expect(all.body.totalCount).toBeGreaterThan(broken.body.totalCount);
    expect((await api.admin.get('/api/admin/products?page=1&linkHealth=nope')).status).toBe(400);

    const links = await api.admin.get<PlatformLink[]>(`/api/admin/platform-links/${product.id}`);
    expect(links.body[0]?.health).toMatchObject({ isBroken: true, lastStatus: 404 });
  });
});
