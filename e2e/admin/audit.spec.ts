import type { PlatformLink } from '../../shared/types';
import { createHiddenProduct, expect, test, unique } from './fixtures';

test.describe.configure({ timeout: 120_000 });

test('audit: "Riwayat perubahan" names fields and records as staff do, after a delete too', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('E2E Riwayat Harga');
  const product = await createHiddenProduct(api, { title, platforms: ['Lazada'] });
  const link = await api.post<PlatformLink>('/api/admin/platform-links', {
    productId: product.id,
    platform: 'Lazada',
    affiliateUrl: 'https://www.lazada.co.id/e2e-riwayat',
    price: 'Rp 99.000',
  });
  await api.put(`/api/admin/platform-links/${link.id}`, {
    platform: 'Lazada',
    affiliateUrl: 'https://www.lazada.co.id/e2e-riwayat',
    price: 'Rp 89.000',
  });

  await page.goto(`/admin/audit?entity=platform_link&entityId=${link.id}`);
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  const change = rows.first();
  await expect(change).toContainText('Diubah');
  await expect(change.getByTestId('audit-record-name')).toHaveText(`Lazada · ${title}`);
  await expect(change).toContainText('Harga: Rp 99.000 → Rp 89.000');
  await expect(change).not.toContainText('priceValue');
  // The create lists every field by its label, with values as the form shows them.
  const created = rows.nth(1);
  await expect(created).toContainText('Platform: — → Lazada');
  await expect(created).toContainText('Tautan rusak: — → Tidak');
  await expect(created).not.toContainText('isBroken');

  // A deleted product still shows its title beside its id, on every entry of its history.
  expect(await api.delete(`/api/admin/products/${product.id}`)).toBe(204);
  await page.goto(`/admin/audit?entity=product&entityId=${product.id}`);
  await expect(rows.first()).toContainText('Dihapus');
  const names = rows.getByTestId('audit-record-name');
  await expect(names.first()).toHaveText(title);
  expect(await names.allTextContents()).toEqual((await rows.all()).map(() => title));
  await expect(rows.last()).toContainText('Jenis media: — → Gambar di kartu saja');
});
