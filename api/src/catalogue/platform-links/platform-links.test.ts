import { expect, it } from 'vitest';
import type { PlatformLink } from '@shared/types';
import { describeApi } from '../../../test/support/api';

describeApi('platform links', (api) => {
  it('adds, edits and deletes links, with 409 for a platform linked twice', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const created = await api.admin.post<PlatformLink>('/api/admin/platform-links', {
      productId: product.id,
      platform: 'Lazada',
      affiliateUrl: 'https://www.lazada.co.id/p',
      price: 'Rp 99.000',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ platform: 'Lazada', price: 'Rp 99.000' });
    const twice = await api.admin.post<{ message: string }>('/api/admin/platform-links', {
      productId: product.id,
      platform: 'Lazada',
      affiliateUrl: 'https://www.lazada.co.id/q',
      price: 'Rp 1',
    });
    expect(twice.status).toBe(409);
    const links = await api.visitor.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
    expect(links.body.map((l) => l.platform)).toEqual(['Lazada']);
    const updated = await api.admin.put<PlatformLink>(
      `/api/admin/platform-links/${created.body.id}`,
      { platform: 'Blibli', affiliateUrl: 'https://www.blibli.com/p', price: 'Rp 89.000' },
    );
    expect(updated.body).toMatchObject({ platform: 'Blibli', price: 'Rp 89.000' });
    expect((await api.admin.delete(`/api/admin/platform-links/${created.body.id}`)).status).toBe(
      204,
    );
    expect(
      (await api.visitor.get<PlatformLink[]>(`/api/platform-links/${product.id}`)).body,
    ).toEqual([]);
  });

  it('requires platform, an http(s) affiliate URL and a price', async () => {
    const product = await api.createProduct();
    const res = await api.admin.post<{ errors: Record<string, string> }>(
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
