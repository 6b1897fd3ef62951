import type { Category, StatsResponse } from '../../shared/types';
import { choose, confirm, expect, expectToast, slugOf, test, unique } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const DELETE_QUESTION = 'Apakah Anda yakin ingin menghapus kategori ini?';

test('dashboard: four stat cards from /api/admin/stats and four navigation cards', async ({
  adminPage: page,
}) => {
  // Other workers add and delete products meanwhile, so a second read of the stats can differ
  // from what the page fetched: the cards must show the page's own answer.
  const pageStats = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/stats' && response.ok(),
  );
  await page.goto('/admin/dashboard');
  const stats = (await (await pageStats).json()) as StatsResponse;
  const total = page.getByRole('region', { name: 'Total Kategori' });
  await expect(total.getByTestId('stat-value')).toHaveText(String(stats.totalCategories));
  await expect(total).toContainText(`${stats.categoriesWithProducts} kategori memiliki produk`);
  await expect(page.getByRole('region', { name: 'Total Produk' })).toContainText(
    `${stats.activeProducts} aktif, ${stats.inactiveProducts} tidak aktif`,
  );
  await expect(
    page.getByRole('region', { name: 'Kategori Kosong' }).getByTestId('stat-value'),
  ).toHaveText(String(stats.categoriesWithoutProducts));
  const average = Math.round((stats.totalProducts / stats.totalCategories) * 10) / 10;
  await expect(
    page.getByRole('region', { name: 'Produktivitas' }).getByTestId('stat-value'),
  ).toHaveText(average.toLocaleString('id-ID'));
  for (const [name, path] of [
    ['Kelola Kategori', '/admin/categories'],
    ['Kelola Produk', '/admin/products'],
    ['Analytics', '/admin/analytics'],
    ['Kelola Konten', '/admin/content'],
  ] as const) {
    await expect(
      page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) }),
    ).toHaveAttribute('href', path);
  }
});

test('categories: add with validation, edit, refuse a duplicate slug, delete with confirmation', async ({
  adminPage: page,
  api,
}) => {
  const name = unique('E2E Kategori');
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('button', { name: 'Tambah Kategori' }).click();
  for (const message of [
    'Nama kategori harus diisi',
    'Slug harus diisi',
    'Icon harus diisi',
    'Warna harus diisi',
    'Grup harus diisi',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }

  await dialog.getByLabel('Nama Kategori').fill(name);
  await expect(dialog.getByLabel('Slug')).toHaveValue(slugOf(name));
  await choose(page, dialog, 'Icon', 'ShirtIcon');
  // Colours are offered by name with their swatch, never as the stored class.
  await choose(page, dialog, 'Warna', 'Hijau toska 500');
  await choose(page, dialog, 'Grup', 'Lifestyle');
  await dialog.getByRole('button', { name: 'Tambah Kategori' }).click();
  await expectToast(page, 'Kategori berhasil ditambahkan');
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name, exact: true });
  await expect(card.getByTestId('icon-initials')).toHaveText('SH');
  await expect(card).toContainText(slugOf(name));
  await expect(card.getByTestId('category-color')).toHaveText('Hijau toska 500');
  await expect(card).not.toContainText('text-teal-500');
  // The icon the site shows, beside the spec's initials, and the product count.
  await expect(card.getByRole('img', { name: 'Ikon ShirtIcon' })).toHaveText('👕');
  await expect(card.getByTestId('product-count')).toHaveText('Belum ada produk');
  let saved = (await api.get<Category[]>('/api/admin/categories')).find((c) => c.name === name);
  expect(saved).toMatchObject({
    slug: slugOf(name),
    icon: 'ShirtIcon',
    color: 'text-teal-500',
    group: 'Lifestyle',
  });

  // A slug another category already has: the server's 409 message, on the field and in a toast.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByLabel('Nama Kategori')).toHaveValue(name);
  await edit.getByLabel('Slug').fill('skincare');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(edit.getByText('Slug sudah digunakan oleh kategori lain')).toBeVisible();
  await expectToast(page, 'Slug sudah digunakan oleh kategori lain');

  const renamed = `${name} Baru`;
  await edit.getByLabel('Nama Kategori').fill(renamed);
  await edit.getByLabel('Slug').fill(slugOf(renamed));
  await choose(page, edit, 'Icon', 'MoonIcon');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Kategori berhasil diperbarui');
  await expect(
    page.getByRole('article', { name: renamed, exact: true }).getByTestId('icon-initials'),
  ).toHaveText('MO');
  saved = (await api.get<Category[]>('/api/admin/categories')).find((c) => c.id === saved!.id);
  expect(saved).toMatchObject({ name: renamed, slug: slugOf(renamed), icon: 'MoonIcon' });

  // Cancelling the confirmation keeps it; confirming deletes it.
  const renamedCard = page.getByRole('article', { name: renamed, exact: true });
  await renamedCard.getByRole('button', { name: `Hapus ${renamed}` }).click();
  await confirm(page, DELETE_QUESTION, 'no');
  await expect(renamedCard).toBeVisible();
  await renamedCard.getByRole('button', { name: `Hapus ${renamed}` }).click();
  await confirm(page, DELETE_QUESTION);
  await expectToast(page, 'Kategori berhasil dihapus');
  await expect(renamedCard).toBeHidden();
  expect((await api.get<Category[]>('/api/admin/categories')).some((c) => c.id === saved!.id)).toBe(
    false,
  );
});

test('categories: a category that still has products says so, with the count, before any question', async ({
  adminPage: page,
  api,
}) => {
  const used = (
    await api.get<(Category & { productCount: number })[]>('/api/admin/categories')
  ).find((c) => c.slug === 'skincare');
  expect(used?.productCount).toBeGreaterThan(0);
  await page.goto('/admin/categories');
  const card = page.getByRole('article', { name: used!.name, exact: true });
  await expect(card.getByTestId('product-count')).toHaveText(`${used!.productCount} produk`);
  await card.getByRole('button', { name: `Hapus ${used!.name}` }).click();
  const notice = page.getByRole('dialog', { name: 'Kategori masih berisi produk' });
  await expect(notice).toContainText(
    `Kategori ${used!.name} masih memiliki ${used!.productCount} produk.`,
  );
  // Not the delete question: its "yes" could only fail.
  await expect(page.getByRole('dialog').filter({ hasText: DELETE_QUESTION })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(notice).toBeHidden();
  await expect(card).toBeVisible();

  // "Lihat Produk" opens Kelola Produk filtered to that category.
  await card.getByRole('button', { name: `Hapus ${used!.name}` }).click();
  await notice.getByRole('link', { name: 'Lihat Produk' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products\\?category=${used!.id}`));
  await expect(page.getByRole('combobox', { name: 'Kategori' })).toHaveValue(used!.name);

  // The server still refuses on its own (409), whatever a client sends.
  expect(await api.delete(`/api/admin/categories/${used!.id}`)).toBe(409);
});
