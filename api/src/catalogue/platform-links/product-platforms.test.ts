import { expect, it } from 'vitest';
import type { PlatformLink, Product } from '@shared/types';
import { createMigrator, migrate } from '../../db/migrate';
import { describeApi } from '../../../test/support/api';

/** A product's `platforms` are the platforms it has links for (shared/rules/platforms.ts). */
describeApi('product platforms follow the links', (api) => {
  const platformsOf = async (productId: string) =>
    (await api.admin.get<Product>(`/api/products/${productId}`)).body.platforms;
  const linksOf = async (productId: string) =>
    (await api.admin.get<PlatformLink[]>(`/api/admin/platform-links/${productId}`)).body
      .map((link) => link.platform)
      .sort();
  const addLink = async (productId: string, platform: string) => {
    const res = await api.addLink(
      productId,
      platform,
      `https://example.com/${platform}`,
      'Rp 10.000',
    );
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  it('match the links after every add, change and removal of a link', async () => {
    // The form declared two platforms; neither has a link yet.
    const product = await api.createProduct({ platforms: ['Shopee', 'Lazada'] });
    expect(await platformsOf(product.id)).toEqual(['Shopee', 'Lazada']);

    const tiktok = await addLink(product.id, 'TikTok');
    expect(await platformsOf(product.id)).toEqual(['TikTok']);
    const shopee = await addLink(product.id, 'Shopee');
    expect(await platformsOf(product.id)).toEqual(['Shopee', 'TikTok']);

    const moved = await api.admin.put(`/api/admin/platform-links/${tiktok.id}`, {
      platform: 'Blibli',
      affiliateUrl: 'https://www.blibli.com/p',
      price: 'Rp 9.000',
    });
    expect(moved.status).toBe(200);
    expect(await platformsOf(product.id)).toEqual(['Shopee', 'Blibli']);
    expect(await linksOf(product.id)).toEqual(['Blibli', 'Shopee']);

    expect((await api.admin.delete(`/api/admin/platform-links/${shopee.id}`)).status).toBe(204);
    expect(await platformsOf(product.id)).toEqual(['Blibli']);
    expect((await api.admin.delete(`/api/admin/platform-links/${tiktok.id}`)).status).toBe(204);
    expect(await platformsOf(product.id)).toEqual([]);
  });

  it('answers the linked platforms when the product form sends others', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    await addLink(product.id, 'Lazada');
    const { id, category: _category, createdAt: _createdAt, ...rest } = product;
    const saved = await api.admin.put<Product>(`/api/admin/products/${id}`, {
      ...rest,
      platforms: ['Shopee', 'Tokopedia'],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.platforms).toEqual(['Lazada']);
    expect(await platformsOf(id)).toEqual(['Lazada']);
  });

  it('keeps the declared platforms of a product that has no link yet', async () => {
    const product = await api.createProduct({ platforms: ['Tokopedia'] });
    const { id, category: _category, createdAt: _createdAt, ...rest } = product;
    const saved = await api.admin.put<Product>(`/api/admin/products/${id}`, {
      ...rest,
      platforms: ['Lazada', 'Shopee'],
    });
    expect(saved.body.platforms).toEqual(['Lazada', 'Shopee']);
  });

  it('brings stored lists that disagree with the links in step when migrating', async () => {
    const { db } = api.server.running;
    const product = await api.createProduct({ platforms: ['Shopee'] });
    await addLink(product.id, 'Lazada');
    await addLink(product.id, 'Shopee');
    await createMigrator(db).down({ to: '0010-search-docid-lookup' });
    // What the old union kept: a platform without a link, in the order it was added.
    await db.models.Product.update(
      { platforms: ['Lazada', 'Bukalapak', 'Shopee'] },
      { where: { id: product.id } },
    );
    await migrate(db);
    expect(await platformsOf(product.id)).toEqual(['Shopee', 'Lazada']);
  });
});
