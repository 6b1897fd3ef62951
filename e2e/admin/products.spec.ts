import type { Category, PlatformLink, Product } from '../../shared/types';
import { choose, confirm, expect, expectToast, test, unique } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const IMAGE = 'https://images.example.com/e2e/main.jpg';

async function firstCategory(api: { get<T>(path: string): Promise<T> }) {
  const categories = await api.get<Category[]>('/api/admin/categories');
  return categories[0]!;
}

test('products: add with validation and the submit clean-up, edit, search, filter and delete', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('E2E Produk');
  const category = await firstCategory(api);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Kelola Produk' })).toBeVisible();
  await page.locator('#admin-main').getByRole('button', { name: 'Tambah Produk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Produk' });
  await dialog.getByRole('button', { name: 'Tambah Produk' }).click();
  for (const message of [
    'Kategori harus dipilih',
    'Judul produk harus diisi',
    'Deskripsi harus diisi',
    'URL gambar tidak valid',
    'Minimal pilih 1 platform',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }

  await choose(page, dialog, 'Kategori', category.name);
  await dialog.getByLabel('Judul Produk').fill(title);
  await dialog.getByLabel('Deskripsi').fill('Produk uji end-to-end.');
  await dialog.getByLabel('URL Gambar Utama').fill(IMAGE);
  await dialog.getByLabel('Diskon (%)').fill('35');

  // The media type decides which inputs show.
  await expect(dialog.getByText('Variasi Gambar', { exact: true })).toBeHidden();
  await expect(dialog.getByLabel('URL Video')).toBeHidden();
  await choose(page, dialog, 'Tipe Media', 'Gambar & Video');
  await expect(dialog.getByLabel('URL Video')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tambah Variasi' }).click();
  await dialog.getByRole('button', { name: 'Tambah Variasi' }).click();
  await dialog.getByRole('button', { name: 'Tambah Variasi' }).click();
  await dialog.getByLabel('Variasi gambar 1', { exact: true }).fill('not a url');
  await dialog
    .getByLabel('Variasi gambar 2', { exact: true })
    .fill('https://images.example.com/e2e/2.jpg');
  await dialog.getByLabel('URL Video').fill('ftp://video');
  for (const platform of ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak']) {
    await dialog.getByRole('checkbox', { name: platform, exact: true }).check();
  }
  await dialog.getByLabel('Aktif', { exact: true }).uncheck(); // keeps the public pages' counts stable
  await dialog.getByRole('button', { name: 'Tambah Produk' }).click();
  await expect(dialog.getByText('Invalid image URL')).toBeVisible();
  await expect(dialog.getByText('URL video tidak valid')).toBeVisible();

  await dialog
    .getByLabel('Variasi gambar 1', { exact: true })
    .fill('https://images.example.com/e2e/1.jpg');
  await dialog.getByLabel('URL Video').fill('');
  await dialog.getByRole('button', { name: 'Tambah Produk' }).click();
  await expectToast(page, 'Produk berhasil ditambahkan');
  await expect(dialog).toBeHidden();

  let saved = (await api.get<Product[]>('/api/admin/products')).find((p) => p.title === title)!;
  expect(saved).toMatchObject({
    categoryId: category.id,
    discountPercentage: 35,
    mediaType: 'both',
    isActive: false,
    imageUrls: ['https://images.example.com/e2e/1.jpg', 'https://images.example.com/e2e/2.jpg'],
    platforms: ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak'],
  });
  expect(saved.videoUrl ?? null).toBeNull();
  expect(saved.badgeText ?? null).toBeNull();

  // Search (on the server) matches the title; the row shows its status, 3 platform badges
  // and '+2', and no price yet.
  await page.getByLabel('Cari produk').fill(title.toUpperCase());
  const card = page.getByTestId('product-row').filter({ hasText: title });
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(page).toHaveURL(/search=/);
  await expect(card).toContainText('Tidak Aktif');
  await expect(card.getByTestId('platform-badges')).toHaveText(/Shopee.*Tokopedia.*Lazada.*\+2/);
  await expect(card.getByTestId('lowest-price')).toHaveText('Belum ada link');

  // The category filter and the reset button.
  const other = (await api.get<Category[]>('/api/admin/categories')).find(
    (c) => c.id !== category.id,
  )!;
  await choose(page, page.getByRole('main'), 'Kategori', other.name);
  await expect(page.getByText('Tidak ada produk yang cocok dengan filter.')).toBeVisible();
  await expect(page.getByTestId('product-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect(page.getByLabel('Cari produk')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Kategori' })).toHaveValue('Semua Kategori');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByLabel('Cari produk').fill(title);
  await expect(page.getByTestId('product-row')).toHaveCount(1);

  // Edit: the form is filled with the product, including its image variations.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Produk' });
  await expect(edit.getByLabel('Judul Produk')).toHaveValue(title);
  await expect(edit.getByLabel('Variasi gambar 2', { exact: true })).toHaveValue(
    'https://images.example.com/e2e/2.jpg',
  );
  await edit.getByLabel('Diskon (%)').fill('101');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(edit.getByText('Diskon harus berupa angka bulat 0 sampai 100')).toBeVisible();
  await edit.getByLabel('Diskon (%)').fill('55');
  await edit.getByLabel('Teks Badge').fill('Hemat');
  await edit.getByRole('button', { name: 'Hapus variasi gambar 1' }).click();
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Produk berhasil diperbarui');
  await expect(card).toContainText('-55%');
  await expect(card).toContainText('Hemat');
  saved = await api.get<Product>(`/api/admin/products/${saved.id}`);
  expect(saved).toMatchObject({
    discountPercentage: 55,
    badgeText: 'Hemat',
    imageUrls: ['https://images.example.com/e2e/2.jpg'],
  });

  // Closing the dialog resets it: the next add starts empty. The edit dialog must be gone
  // first, or its own submit button would be a second 'Tambah Produk' on the page.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('#admin-main').getByRole('button', { name: 'Tambah Produk' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Tambah Produk' }).getByLabel('Judul Produk'),
  ).toHaveValue('');
  await page
    .getByRole('dialog', { name: 'Tambah Produk' })
    .getByRole('button', { name: 'Batal' })
    .click();

  await card.getByRole('button', { name: `Hapus ${title}` }).click();
  await confirm(page, 'Apakah Anda yakin ingin menghapus produk ini?');
  await expectToast(page, 'Produk berhasil dihapus');
  await expect(card).toBeHidden();
  expect((await api.get<Product[]>('/api/admin/products')).some((p) => p.id === saved.id)).toBe(
    false,
  );
});

test("platform prices: add, no platform twice, inline edit and cancel, delete; the card's summary follows", async ({
  adminPage: page,
  api,
}) => {
  const category = await firstCategory(api);
  const product = await api.post<Product>('/api/admin/products', {
    categoryId: category.id,
    title: unique('E2E Harga'),
    description: 'Produk uji harga platform.',
    imageUrl: IMAGE,
    discountPercentage: 10,
    platforms: ['Shopee'],
    isActive: false,
  });
  // The address keeps the search: the screen opens on it.
  await page.goto(`/admin/products?search=${encodeURIComponent(product.title)}`);
  await expect(page.getByLabel('Cari produk')).toHaveValue(product.title);
  const card = page.getByTestId('product-row').filter({ hasText: product.title });
  await card.getByRole('button', { name: `Kelola harga platform ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Kelola Harga Platform' });
  await expect(dialog).toContainText('Belum ada platform link untuk produk ini.');

  await dialog.getByRole('button', { name: 'Tambah Platform' }).click();
  const panel = dialog.getByRole('form', { name: 'Tambah platform baru' });
  const add = panel.getByRole('button', { name: 'Tambah' });
  await expect(add).toBeDisabled();
  await choose(page, panel, 'Platform', 'Shopee');
  await panel.getByLabel('URL Afiliasi').fill('javascript:alert(1)');
  await expect(add).toBeDisabled();
  await panel.getByLabel('Harga', { exact: true }).fill('Rp 150.000');
  await add.click();
  await expect(panel.getByText('URL afiliasi tidak valid')).toBeVisible();
  await panel.getByLabel('URL Afiliasi').fill('https://shopee.co.id/e2e-product');
  await add.click();
  await expectToast(page, 'Platform link berhasil ditambahkan');
  const shopeeRow = dialog
    .getByRole('region', { name: 'Shopee' })
    .or(dialog.getByTestId('link-row').filter({ hasText: 'Shopee' }));
  await expect(shopeeRow).toContainText('Rp 150.000');

  // Shopee is linked now, so it is not offered again.
  await dialog.getByRole('button', { name: 'Tambah Platform' }).click();
  await panel.getByRole('combobox', { name: 'Platform' }).click();
  await expect(page.getByRole('option', { name: 'Shopee', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Lazada', exact: true }).click();
  await panel.getByLabel('URL Afiliasi').fill('https://www.lazada.co.id/e2e');
  await panel.getByLabel('Harga', { exact: true }).fill('Rp 140.000');
  await add.click();
  await expectToast(page, 'Platform link berhasil ditambahkan');
  await expect(dialog.getByTestId('link-row')).toHaveCount(2);

  // Inline edit: Cancel leaves the row as it was, Save changes it.
  const lazadaRow = dialog.getByTestId('link-row').filter({ hasText: 'Lazada' });
  await lazadaRow.getByRole('button', { name: 'Edit' }).click();
  let editRow = dialog.getByTestId('link-edit-row');
  await editRow.getByLabel('Harga', { exact: true }).fill('Rp 1');
  await editRow.getByRole('button', { name: 'Batal' }).click();
  await expect(lazadaRow).toContainText('Rp 140.000');
  await lazadaRow.getByRole('button', { name: 'Edit' }).click();
  editRow = dialog.getByTestId('link-edit-row');
  await editRow.getByRole('combobox', { name: 'Platform' }).click();
  await expect(page.getByRole('option', { name: 'Shopee', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await editRow.getByLabel('Harga', { exact: true }).fill('Rp 135.000');
  await editRow.getByRole('button', { name: 'Simpan' }).click();
  await expectToast(page, 'Platform link berhasil diperbarui');
  await expect(dialog.getByTestId('link-row').filter({ hasText: 'Lazada' })).toContainText(
    'Rp 135.000',
  );

  let links = await api.get<PlatformLink[]>(`/api/admin/platform-links/${product.id}`);
  expect(links.map((l) => [l.platform, l.affiliateUrl, l.price])).toEqual([
    ['Shopee', 'https://shopee.co.id/e2e-product', 'Rp 150.000'],
    ['Lazada', 'https://www.lazada.co.id/e2e', 'Rp 135.000'],
  ]);

  await dialog.getByRole('button', { name: 'Hapus Shopee' }).click();
  await confirm(page, 'Apakah Anda yakin ingin menghapus platform link ini?');
  await expectToast(page, 'Platform link berhasil dihapus');
  await expect(dialog.getByTestId('link-row')).toHaveCount(1);
  links = await api.get<PlatformLink[]>(`/api/admin/platform-links/${product.id}`);
  expect(links.map((l) => l.platform)).toEqual(['Lazada']);

  // The row's lowest price comes with the page and reloads after the saves; so does the
  // price summary of the card view.
  await dialog.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(card.getByTestId('lowest-price')).toHaveText('Rp 135.000');
  await page.getByText('Kartu', { exact: true }).click();
  await expect(page).toHaveURL(/view=grid/);
  const gridCard = page.getByRole('article', { name: product.title });
  await expect(gridCard.getByTestId('price-summary')).toContainText('Rp 135.000');
  await api.delete(`/api/admin/products/${product.id}`);
});

test('the product table pages, filters and sorts on the server, and the address keeps it all', async ({
  adminPage: page,
  api,
}) => {
  const category = await firstCategory(api);
  const tag = unique('Halaman').replace(/\s+/g, '');
  // 15 inactive products (the public pages' counts stay put), discounts 1..15, created in order.
  const created: Product[] = [];
  for (let i = 1; i <= 15; i++) {
    created.push(
      await api.post<Product>('/api/admin/products', {
        categoryId: category.id,
        title: `${tag} ${String.fromCharCode(96 + ((i * 7) % 15) + 1)} ${i}`,
        description: 'Produk uji halaman.',
        imageUrl: IMAGE,
        discountPercentage: i,
        platforms: ['Shopee'],
        isActive: false,
      }),
    );
  }
  const rows = page.getByTestId('product-row');
  const titleCells = rows.getByRole('rowheader');
  try {
    await page.goto(`/admin/products?search=${tag}&limit=12`);
    await expect(page.getByRole('table', { name: /Daftar produk, halaman 1 dari 2/ })).toBeVisible({
      timeout: 30_000,
    }); // the screen's chunk, on a loaded machine
    await expect(rows).toHaveCount(12);
    await expect(page.getByTestId('product-count')).toHaveText('Menampilkan 1–12 dari 15 produk');
    // Newest first: the last created leads.
    await expect(titleCells.first()).toContainText(created[14]!.title);

    await page.getByRole('button', { name: 'Halaman 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('product-count')).toHaveText('Menampilkan 13–15 dari 15 produk');
    await expect(titleCells.last()).toContainText(created[0]!.title);

    // A sort starts again at page 1: the biggest discount first.
    await choose(page, page.getByRole('main'), 'Urutkan', 'Diskon terbesar');
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows.first()).toContainText('-15%');
    await expect(rows).toHaveCount(12);
    await choose(page, page.getByRole('main'), 'Urutkan', 'Judul (A-Z)');
    const byTitle = created.map((p) => p.title).sort();
    await expect(titleCells.first()).toHaveText(byTitle[0]!);
    await expect(titleCells.nth(11)).toHaveText(byTitle[11]!);

    // The status filter: none of them is active.
    await choose(page, page.getByRole('main'), 'Status', 'Aktif');
    await expect(page.getByText('Tidak ada produk yang cocok dengan filter.')).toBeVisible();
    await choose(page, page.getByRole('main'), 'Status', 'Tidak Aktif');
    await expect(rows).toHaveCount(12);

    // The page size, then a reload: the address kept every choice.
    await choose(page, page.getByRole('main'), 'Per halaman', '50');
    await expect(rows).toHaveCount(15);
    await page.reload();
    await expect(page.getByLabel('Cari produk')).toHaveValue(tag, { timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: 'Urutkan' })).toHaveValue('Judul (A-Z)');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Tidak Aktif');
    await expect(page.getByRole('combobox', { name: 'Per halaman' })).toHaveValue('50');
    await expect(rows).toHaveCount(15);

    // The card view is paged too.
    await choose(page, page.getByRole('main'), 'Per halaman', '12');
    await page.getByText('Kartu', { exact: true }).click();
    await expect(page.getByTestId('product-card')).toHaveCount(12);
    await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await expect(page.getByTestId('product-card')).toHaveCount(3);
    // Back goes to the previous page of the list.
    await page.goBack();
    await expect(page.getByTestId('product-card')).toHaveCount(12);
  } finally {
    for (const product of created) await api.delete(`/api/admin/products/${product.id}`);
  }
});
