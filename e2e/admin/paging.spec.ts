import type { Page } from '@playwright/test';
import type { Category } from '../../shared/types';
import { expect, test, unique } from './fixtures';

test.describe.configure({ timeout: 180_000 });

/** More matches than the list counts (1,000): 48 pages of 24, the last with 22 rows. */
const MATCHES = 1_150;

const COLUMNS =
  'sku,title,description,category,imageUrl,discountPercentage,isActive,shopee_url,shopee_price';

/**
 * `MATCHES` products whose titles carry `marker`, numbered 0001.., written by one CSV import.
 * Inactive, so that the public specs running beside this one on the same server never see them
 * among the newest products; the test deletes them all at its end.
 */
async function importMatches(page: Page, marker: string, category: Category) {
  const rows = Array.from({ length: MATCHES }, (_, index) => {
    const n = String(index + 1).padStart(4, '0');
    return [
      `${marker}-${n}`,
      `${marker} produk ${n}`,
      'Produk uji halaman yang dalam.',
      category.slug,
      'https://images.example.com/e2e/halaman.jpg',
      '15',
      'false',
      `https://shopee.co.id/${marker}-${n}`,
      'Rp 50.000',
    ].join(',');
  });
  const upload = await page.request.post('/api/admin/imports/products', {
    headers: { 'content-type': 'text/csv' },
    data: [COLUMNS, ...rows].join('\n'),
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { id } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const job = await page.request.get(`/api/admin/imports/${id}`);
        const body = (await job.json()) as { status: string; created: number };
        return `${body.status} ${body.created}`;
      },
      { timeout: 120_000 },
    )
    .toBe(`done ${MATCHES}`);
}

test('a capped search pages past the counted matches, and every match can be chosen', async ({
  adminPage: page,
  api,
}) => {
  const marker = unique('Halaman').replace(' ', '');
  const [category] = await api.get<Category[]>('/api/admin/categories');
  await importMatches(page, marker, category!);

  const search = `search=${encodeURIComponent(marker)}&sort=title`;
  // Page 44 lies past the 42 pages a count of "lebih dari 1.000" fills: it stays.
  await page.goto(`/admin/products?${search}&page=44`);
  const rows = page.getByTestId('product-row');
  // The first load of a busy machine after a 1,150-row import may take a while.
  await expect(rows.first()).toContainText(`${marker} produk 1033`, { timeout: 30_000 });
  await expect(rows).toHaveCount(24);
  // Past the counted pages the matches are listed from the search index: the count is exact.
  await expect(page.getByTestId('product-count')).toHaveText(
    'Menampilkan 1.033–1.056 dari 1.150 produk',
  );
  await expect(page).toHaveURL(/[?&]page=44(&|$)/);

  // "Next" goes on while rows remain, to the last page, where the count becomes exact.
  const next = page.getByRole('button', { name: 'Halaman berikutnya' });
  for (const pageNumber of [45, 46, 47, 48]) {
    await next.click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pageNumber}(&|$)`));
    // The page's own rows have arrived (not the previous page's, kept while loading).
    const firstRow = ((pageNumber - 1) * 24 + 1).toLocaleString('id-ID');
    await expect(page.getByTestId('product-count')).toContainText(`Menampilkan ${firstRow}–`);
  }
  await expect(rows.last()).toContainText(`${marker} produk 1150`);
  await expect(rows).toHaveCount(22);
  await expect(page.getByTestId('product-count')).toHaveText(
    'Menampilkan 1.129–1.150 dari 1.150 produk',
  );
  await expect(next).toBeDisabled();

  // On the first page the count is capped; choosing every match counts them exactly.
  await page.goto(`/admin/products?${search}`);
  // A full page load of the admin on a busy machine: more than the default 7 s at times.
  await expect(page.getByTestId('product-count')).toHaveText(
    'Menampilkan 1–24 dari lebih dari 1.000 produk',
    { timeout: 30_000 },
  );
  await page.getByRole('checkbox', { name: 'Pilih semua produk di halaman ini' }).check();
  const bar = page.getByRole('region', { name: 'Aksi massal' });
  const everyMatch = bar.getByRole('button', { name: 'Pilih semua 1.150 produk yang cocok' });
  await expect(everyMatch).toBeEnabled();
  await everyMatch.click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(
    '1.150 dipilih (semua yang cocok dengan filter)',
  );
  await bar.getByRole('button', { name: 'Hapus', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Hapus 1.150 produk?' });
  await dialog.getByRole('button', { name: 'Hapus', exact: true }).click();
  await expect
    .poll(async () =>
      api.get<{ totalCount: number }>(
        `/api/admin/products/count?search=${encodeURIComponent(marker)}`,
      ),
    )
    .toMatchObject({ totalCount: 0 });
});
