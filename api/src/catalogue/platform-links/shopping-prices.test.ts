import { expect, it } from 'vitest';
import type { PriceHistory } from '@shared/rules/price-history';
import { PLATFORM_LINK_MESSAGES } from '@shared/schemas';
import type { PlatformLink, Product } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';
import {
  adminSearch,
  COLUMNS,
  csv,
  exportCsv,
  importCsv,
  productRow,
} from '../imports/test-support';

/** docs/contracts.md, "Prices shoppers can read". */
describeApi('shopping prices', (api) => {
  const links = async (productId: string) =>
    (await api.visitor.get<PlatformLink[]>(`/api/platform-links/${productId}`)).body;

  it('keeps the original price and the stock of a link, with the before price and saving', async () => {
    // Discount 35% (the test product).
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const created = await api.admin.post<PlatformLink>('/api/admin/platform-links', {
      productId: product.id,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/p',
      price: 'Rp 1.299.000',
      originalPriceValue: 2_000_000,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      originalPriceValue: 2_000_000,
      availability: 'in_stock',
      beforePrice: 2_000_000,
      saving: 701_000,
    });
    // Visitors read the same; the cheapest price carries them to the cards.
    expect((await links(product.id))[0]).toMatchObject({ beforePrice: 2_000_000, saving: 701_000 });
    const card = await api.visitor.get<Product>(`/api/products/${product.id}`);
    expect(card.body.lowestPrice).toMatchObject({
      price: 1_299_000,
      beforePrice: 2_000_000,
      saving: 701_000,
    });

    // Cleared: the before price is derived from the 35% discount, rounded to Rp 1.000.
    const put = (body: Record<string, unknown>) =>
      api.admin.put<PlatformLink & { errors?: Record<string, string> }>(
        `/api/admin/platform-links/${created.body.id}`,
        {
          platform: 'Shopee',
          affiliateUrl: 'https://shopee.co.id/p',
          price: 'Rp 1.299.000',
          ...body,
        },
      );
    const cleared = await put({ originalPriceValue: '' });
    expect(cleared.body).toMatchObject({
      originalPriceValue: null,
      beforePrice: 1_998_000,
      saving: 699_000,
    });
    // Absent: what is stored stays.
    await put({ originalPriceValue: 1_500_000 });
    expect((await put({})).body.originalPriceValue).toBe(1_500_000);
  });

  it('refuses an original price at or under the price, in Indonesian', async () => {
    const product = await api.createProduct({ platforms: ['Lazada'] });
    for (const originalPriceValue of [99_000, 100_000]) {
      const res = await api.admin.post<{ errors: Record<string, string> }>(
        '/api/admin/platform-links',
        {
          productId: product.id,
          platform: 'Lazada',
          affiliateUrl: 'https://www.lazada.co.id/p',
          price: 'Rp 100.000',
          originalPriceValue,
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        originalPriceValue: PLATFORM_LINK_MESSAGES.originalNotAbovePrice,
      });
    }
    const bad = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/platform-links',
      {
        productId: product.id,
        platform: 'Lazada',
        affiliateUrl: 'https://www.lazada.co.id/p',
        price: 'Rp 100.000',
        availability: 'maybe',
      },
    );
    expect(bad.body.errors).toEqual({ availability: PLATFORM_LINK_MESSAGES.availability });
  });

  it('never offers a link out of stock as the cheapest price', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    const cheap = await api.addLink(product.id, 'Shopee', 'https://shopee.co.id/p', 'Rp 90.000');
    await api.addLink(product.id, 'Blibli', 'https://www.blibli.com/p', 'Rp 120.000');
    const lowest = async () =>
      (await api.visitor.get<Product>(`/api/products/${product.id}`)).body.lowestPrice;
    const history = async () =>
      (await api.visitor.get<PriceHistory>(`/api/products/${product.id}/price-history`)).body
        .lowest;
    expect(await lowest()).toMatchObject({ price: 90_000, platform: 'Shopee' });
    const out = await api.admin.put<PlatformLink>(`/api/admin/platform-links/${cheap.body.id}`, {
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/p',
      price: 'Rp 90.000',
      availability: 'out_of_stock',
    });
    expect(out.body.availability).toBe('out_of_stock');
    expect(await lowest()).toMatchObject({ price: 120_000, platform: 'Blibli' });
    expect(await history()).toEqual({ price: 120_000, platform: 'Blibli' });
    // Visitors still see the link, marked out of stock.
    expect((await links(product.id)).find((l) => l.platform === 'Shopee')?.availability).toBe(
      'out_of_stock',
    );
  });

  it('imports <platform>_original_price and exports it so the round trip is unchanged', async () => {
    const marker = `orig${unique()}`;
    const columns = [...COLUMNS, 'shopee_original_price'];
    const job = await importCsv(
      api,
      csv(columns, [
        productRow(marker, 1, { shopee_original_price: 'Rp 250.000' }),
        productRow(marker, 2, { shopee_original_price: '' }),
        productRow(marker, 3, { shopee_original_price: '100.000' }),
        productRow(marker, 4, { shopee_original_price: 'murah' }),
      ]),
    );
    expect(job.created).toBe(2);
    expect(job.errors).toEqual(
      expect.arrayContaining([
        {
          row: 4,
          field: 'shopee_original_price',
          message: PLATFORM_LINK_MESSAGES.originalNotAbovePrice,
        },
        {
          row: 5,
          field: 'shopee_original_price',
          message: PLATFORM_LINK_MESSAGES.originalPriceValue,
        },
      ]),
    );
    const found = await adminSearch(api, marker);
    const first = found.products.find((p) => p.title.endsWith(' 1'))!;
    expect(
      (await api.admin.get<PlatformLink[]>(`/api/admin/platform-links/${first.id}`)).body[0],
    ).toMatchObject({ priceValue: 150_000, originalPriceValue: 250_000, saving: 100_000 });

    const exported = await exportCsv(api, `?search=${marker}`);
    const [header, ...rows] = exported.trim().split('\r\n');
    expect(header).toContain('shopee_original_price');
    expect(rows.some((row) => row.includes('250000'))).toBe(true);
    const again = await importCsv(api, exported);
    expect(again).toMatchObject({ unchanged: 2, updated: 0, created: 0, failed: 0 });

    // An empty cell clears the stored original price.
    const cleared = await importCsv(
      api,
      csv(columns, [productRow(marker, 1, { shopee_original_price: '' })]),
    );
    expect(cleared.updated).toBe(1);
    expect(
      (await api.admin.get<PlatformLink[]>(`/api/admin/platform-links/${first.id}`)).body[0]
        ?.originalPriceValue,
    ).toBeNull();
  });

  it('answers a year of price history', async () => {
    const product = await api.createProduct({ platforms: ['Shopee'] });
    await api.addLink(product.id, 'Shopee', 'https://shopee.co.id/p', 'Rp 10.000');
    const year = await api.visitor.get<PriceHistory>(
      `/api/products/${product.id}/price-history?days=365`,
    );
    expect(year.status).toBe(200);
    expect(year.body.platforms).toEqual([
      { platform: 'Shopee', points: [expect.objectContaining({ price: 10_000 })] },
    ]);
    expect(
      (await api.visitor.get(`/api/products/${product.id}/price-history?days=366`)).status,
    ).toBe(400);
  });
});
