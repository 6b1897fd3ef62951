import { expect, it } from 'vitest';
import type { PriceHistory } from '@shared/rules/price-history';
import type { PlatformLink } from '@shared/types';
import { describeApi } from '../../../test/support/api';

describeApi('platform links', (api) => {
  it('adds, edits and deletes links, with 409 for a platform linked twice', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const created = await api.addLink(
      product.id,
      'Lazada',
      'https://www.lazada.co.id/p',
      'Rp 99.000',
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ platform: 'Lazada', price: 'Rp 99.000' });
    const twice = await api.addLink(product.id, 'Lazada', 'https://www.lazada.co.id/q', 'Rp 1');
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

  it('stores priceValue read from the text or given, and records a price point per change', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const history = async () =>
      (
        await api.visitor.get<PriceHistory>(`/api/products/${product.id}/price-history`)
      ).body.platforms.map((p) => [p.platform, p.points.map((point) => point.price)]);

    const created = await api.addLink(
      product.id,
      'Shopee',
      'https://shopee.co.id/p',
      'Rp 1.299.000',
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.priceValue).toBe(1_299_000);
    expect(await history()).toEqual([['Shopee', [1_299_000]]]);

    const put = (body: Record<string, unknown>) =>
      api.admin.put<PlatformLink>(`/api/admin/platform-links/${created.body.id}`, {
        platform: 'Shopee',
        affiliateUrl: 'https://shopee.co.id/p',
        ...body,
      });
    // English grouping reads the same; an unchanged price records nothing.
    expect((await put({ price: 'Rp1,299,000' })).body.priceValue).toBe(1_299_000);
    // A number given directly wins over the text.
    expect((await put({ price: 'Mulai 1 jutaan', priceValue: 1_099_000 })).body.priceValue).toBe(
      1_099_000,
    );
    // Text that is not an amount and no number: no price, no point.
    expect((await put({ price: 'N/A' })).body.priceValue).toBeNull();
    expect((await put({ price: '999000' })).body.priceValue).toBe(999_000);
    expect(await history()).toEqual([['Shopee', [1_299_000, 1_099_000, 999_000]]]);

    const links = await api.visitor.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
    expect(links.body).toEqual([
      expect.objectContaining({ id: created.body.id, price: '999000', priceValue: 999_000 }),
    ]);
    // Visitors never see the link checker's findings; admins do.
    expect(links.body[0]).not.toHaveProperty('health');
    const adminLinks = await api.admin.get<PlatformLink[]>(
      `/api/admin/platform-links/${product.id}`,
    );
    expect(adminLinks.body[0]?.health).toEqual({
      isBroken: false,
      lastStatus: null,
      lastError: null,
      lastCheckedAt: null,
    });
  });

  it('answers 400 to a priceValue that is not whole rupiah', async () => {
    const product = await api.createProduct();
    const res = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/platform-links',
      {
        productId: product.id,
        platform: 'Lazada',
        affiliateUrl: 'https://www.lazada.co.id/p',
        price: 'Rp 10.000',
        priceValue: -5,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ priceValue: 'Harga angka tidak valid' });
  });
});
