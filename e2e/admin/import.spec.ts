import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Category } from '../../shared/types';
import { expect, test, unique } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const COLUMNS =
  'sku,title,description,category,imageUrl,discountPercentage,shopee_url,shopee_price';

test('imports a CSV through the dialog: check first, then import, with the bad row reported', async ({
  adminPage: page,
  api,
}) => {
  const marker = unique('Impor').replace(' ', '');
  const [category] = await api.get<Category[]>('/api/admin/categories');
  const row = (n: number, imageUrl = 'https://images.example.com/e2e/impor.jpg') =>
    [
      `${marker}-${n}`,
      `${marker} produk ${n}`,
      `"Deskripsi ${n}, dari berkas"`,
      category!.slug,
      imageUrl,
      '25',
      `https://shopee.co.id/${marker}-${n}`,
      'Rp 75.000',
    ].join(',');
  const csv = [COLUMNS, row(1), row(2, 'bukan-url'), row(3)].join('\n');

  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Impor CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor CSV' });
  await expect(dialog.getByRole('link', { name: 'Unduh template CSV' })).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'produk.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Periksa berkas' }).click();

  // The dry run: counts and the first errors, nothing written yet.
  await expect(dialog.getByText('Pemeriksaan: Selesai')).toBeVisible({ timeout: 30_000 });
  const counts = dialog.getByTestId('import-counts');
  await expect(counts).toContainText('Akan dibuat2');
  await expect(counts).toContainText('Gagal1');
  const errorRow = dialog.getByRole('row').filter({ hasText: 'URL gambar tidak valid' });
  await expect(errorRow.getByRole('cell')).toHaveText(['3', 'imageUrl', 'URL gambar tidak valid']);
  const before = await api.get<{ totalCount: number }>(
    `/api/admin/products?page=1&search=${encodeURIComponent(marker)}`,
  );
  expect(before.totalCount).toBe(0);

  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(dialog.getByText('Impor: Selesai')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-counts')).toContainText('Dibuat2');
  await expect(dialog.getByTestId('import-counts')).toContainText('Gagal1');

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Unduh baris yang gagal (CSV)' }).click();
  const failedRows = readFileSync((await (await download).path())!, 'utf8');
  expect(failedRows).toContain(`${marker}-2`);
  expect(failedRows).toContain('imageUrl: URL gambar tidak valid');

  await dialog.getByRole('button', { name: 'Selesai' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Cari produk').fill(marker);
  const main = page.locator('#admin-main');
  await expect(main.getByText(`${marker} produk 1`)).toBeVisible();
  await expect(main.getByText(`${marker} produk 3`)).toBeVisible();
  await expect(main.getByText(`${marker} produk 2`)).toHaveCount(0);
});

test('exports what the list shows: its search and status filters', async ({
  adminPage: page,
  api,
}) => {
  const marker = unique('Ekspor').replace(' ', '');
  const [category] = await api.get<Category[]>('/api/admin/categories');
  for (const isActive of [true, false]) {
    await api.post('/api/admin/products', {
      categoryId: category!.id,
      title: `${marker} ${isActive ? 'aktif' : 'nonaktif'}`,
      description: 'Produk uji ekspor',
      imageUrl: 'https://images.example.com/e2e/ekspor.jpg',
      discountPercentage: '10',
      platforms: ['Shopee'],
      isActive,
    });
  }
  await page.goto(`/admin/products?search=${marker}&status=inactive`);
  await expect(page.locator('#admin-main').getByText(`${marker} nonaktif`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ekspor CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^produk-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync((await file.path())!, 'utf8'), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(rows.map((row) => [row.title, row.isActive])).toEqual([[`${marker} nonaktif`, 'false']]);
});
