import type { Page } from '@playwright/test';
import type { Category, Product } from '../../shared/types';
import { choose, expect, expectToast, slugOf, test, unique, type AdminApi } from './fixtures';

test.describe.configure({ timeout: 150_000 });

async function ownCategory(api: AdminApi, prefix = 'E2E Massal') {
  const name = unique(prefix);
  return api.post<Category>('/api/admin/categories', {
    name,
    slug: slugOf(name),
    icon: 'StarIcon',
    color: 'text-pink-500',
    group: 'Lifestyle',
  });
}

/** `count` products of a category of their own (13: one page of 12 and one more). */
/** Every product a test made, deleted after it: a failed attempt must not leave active products
 * that become the newest on the shared server's home page, which other specs read. */
const made: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of made.splice(0)) await api.delete(`/api/admin/products/${id}`);
});

async function ownCatalogue(api: AdminApi, count = 13, isActive = true) {
  const category = await ownCategory(api);
  const { name } = category;
  const products: Product[] = [];
  for (let index = 1; index <= count; index += 1) {
    products.push(
      await api.post<Product>('/api/admin/products', {
        categoryId: category.id,
        title: `${name} barang ${index}`,
        description: 'Produk uji aksi massal.',
        imageUrl: 'https://images.example.com/e2e/massal.jpg',
        discountPercentage: 20,
        platforms: ['Shopee'],
        isActive,
      }),
    );
    made.push(products.at(-1)!.id);
  }
  return { category, products };
}

const row = (page: Page, title: string) =>
  page.getByTestId('product-row').filter({ hasText: title });

/** Answers the bulk confirmation after checking that it names the count. */
async function confirmBulk(page: Page, question: string, verb: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: verb, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('bulk actions: choose rows, deactivate them after a confirmation naming the count, then every match', async ({
  adminPage: page,
  api,
}) => {
  const { category, products } = await ownCatalogue(api);
  await page.goto(`/admin/products?category=${category.id}&limit=12`);
  const rows = page.getByTestId('product-row');
  // A full page load of the admin on a busy machine: more than the default 7 s at times.
  await expect(rows).toHaveCount(12, { timeout: 30_000 });
  const bar = page.getByRole('region', { name: 'Aksi massal' });
  await expect(bar).toBeHidden();

  // Newest first: products 13 and 12 are the first rows.
  const [first, second] = [products[12]!, products[11]!];
  await page.getByRole('checkbox', { name: `Pilih ${first.title}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Pilih ${second.title}`, exact: true }).check();
  await expect(bar.getByTestId('bulk-count')).toHaveText('2 dipilih');
  const pageBox = page.getByRole('checkbox', { name: 'Pilih semua produk di halaman ini' });
  await expect(pageBox).not.toBeChecked();
  expect(await pageBox.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

  await bar.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  await confirmBulk(page, 'Nonaktifkan 2 produk?', 'Nonaktifkan');
  await expectToast(page, '2 produk dinonaktifkan');
  await expect(row(page, first.title).getByText('Tidak Aktif')).toBeVisible();
  await expect(row(page, second.title).getByText('Tidak Aktif')).toBeVisible();
  await expect(row(page, products[10]!.title).getByText('Aktif', { exact: true })).toBeVisible();
  // The choice is cleared once done.
  await expect(bar).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `Pilih ${first.title}` })).not.toBeChecked();
  const after = await api.get<Product>(`/api/admin/products/${first.id}`);
  expect(after.isActive).toBe(false);

  // The whole page, then every product that matches, on the other page too.
  await pageBox.check();
  await expect(bar.getByTestId('bulk-count')).toHaveText('12 dipilih');
  await bar.getByRole('button', { name: 'Pilih semua 13 produk yang cocok' }).click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(
    '13 dipilih (semua yang cocok dengan filter)',
  );
  // Asking and saying no changes nothing.
  await bar.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Nonaktifkan 13 produk?' });
  await question.getByRole('button', { name: 'Batal' }).click();
  await expect(question).toBeHidden();
  await expect(row(page, products[10]!.title).getByText('Aktif', { exact: true })).toBeVisible();

  await bar.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  await confirmBulk(page, 'Nonaktifkan 13 produk?', 'Nonaktifkan');
  await expectToast(page, '11 produk dinonaktifkan (2 tidak berubah)');
  await expect(rows.getByText('Tidak Aktif')).toHaveCount(12);
  for (const product of [products[0]!, products[10]!]) {
    expect((await api.get<Product>(`/api/admin/products/${product.id}`)).isActive).toBe(false);
  }
  await page.screenshot({ path: '/tmp/bulk-done-1280.png', fullPage: false });
});

test('bulk actions: move chosen products to another category, then delete the rest', async ({
  adminPage: page,
  api,
}) => {
  // Inactive from the start: the public pages other specs read never see them.
  const { category, products } = await ownCatalogue(api, 3, false);
  const target = await ownCategory(api, 'E2E Tujuan');
  await page.goto(`/admin/products?category=${category.id}`);
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  const bar = page.getByRole('region', { name: 'Aksi massal' });

  for (const product of products.slice(0, 2)) {
    await page.getByRole('checkbox', { name: `Pilih ${product.title}`, exact: true }).check();
  }
  await expect(bar.getByRole('button', { name: 'Pindahkan', exact: true })).toBeDisabled();
  await choose(page, bar, 'Pindahkan ke kategori', target.name);
  await bar.getByRole('button', { name: 'Pindahkan', exact: true }).click();
  await confirmBulk(page, `Pindahkan 2 produk ke kategori ${target.name}?`, 'Pindahkan');
  await expectToast(page, `2 produk dipindahkan ke kategori ${target.name}`);
  // They left this category's list.
  await expect(rows).toHaveCount(1);
  const moved = await api.get<Product>(`/api/admin/products/${products[0]!.id}`);
  expect(moved.categoryId).toBe(target.id);

  await page.getByRole('checkbox', { name: 'Pilih semua produk di halaman ini' }).check();
  await bar.getByRole('button', { name: 'Hapus', exact: true }).click();
  await confirmBulk(page, 'Hapus 1 produk? Link platform dan gambarnya ikut terhapus.', 'Hapus');
  await expectToast(page, '1 produk dihapus');
  await expect(page.getByText('Tidak ada produk yang cocok dengan filter.')).toBeVisible();
  expect(await api.delete(`/api/admin/products/${products[2]!.id}`)).toBe(404);
});
