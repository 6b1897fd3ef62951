import type { ContentBlock, Faq, MetaTag, Popup, Product, ProductImage } from '../../shared/types';
import { choose, confirm, expect, expectToast, test, unique, type AdminApi } from './fixtures';

test.describe.configure({ timeout: 120_000 });

async function block(api: AdminApi, key: string) {
  return api.get<ContentBlock>(`/api/admin/content/${key}`);
}

/** Content blocks are shared with the public specs: each test puts back what it changed. */
async function restore(api: AdminApi, original: ContentBlock) {
  await api.put(`/api/admin/content/${original.key}`, {
    key: original.key,
    title: original.title,
    data: original.data,
    isActive: original.isActive,
  });
}

test('content overview: one card per block with its summary, and the first 4 FAQs', async ({
  adminPage: page,
  api,
}) => {
  const blocks = await api.get<ContentBlock[]>('/api/admin/content');
  const faqs = await api.get<Faq[]>('/api/admin/faqs');
  await page.goto('/admin/content');
  for (const name of [
    'Overview',
    'Contact Us',
    'Homepage',
    'FAQ',
    'SEO Meta',
    'Images',
    'Popups',
  ]) {
    await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('content-block')).toHaveCount(blocks.length);
  const contact = JSON.parse(blocks.find((b) => b.key === 'contact_us')!.data) as {
    companyName: string;
    phone: string;
  };
  await expect(page.getByTestId('content-summary').first()).toBeVisible();
  await expect(page.getByText(`${contact.companyName} - ${contact.phone}`)).toBeVisible();
  await expect(page.getByTestId('overview-faq')).toHaveCount(Math.min(4, faqs.length));
  await expect(
    page.getByRole('button', { name: `Kelola Semua FAQ (${faqs.length})` }),
  ).toBeVisible();

  const contactTitle = blocks.find((b) => b.key === 'contact_us')!.title;
  await page.getByRole('button', { name: `Edit ${contactTitle}` }).click();
  await expect(page.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/tab=contact/);
});

test('contact editor: validation messages, saving state and the saved JSON', async ({
  adminPage: page,
  api,
}) => {
  const original = await block(api, 'contact_us');
  try {
    await page.goto('/admin/content?tab=contact');
    const form = page.getByRole('form', { name: 'Editor Contact Us' });
    await expect(form.getByLabel('Nama Perusahaan')).not.toHaveValue('');
    await form.getByLabel('Nama Perusahaan').fill('');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Hari Kerja').fill('');
    await form.getByLabel('Facebook').fill('facebook');
    await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
    for (const message of [
      'Company name is required',
      'Invalid email format',
      'Weekdays hours required',
      'Invalid Facebook URL',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    const description = unique('Deskripsi uji');
    await form.getByLabel('Nama Perusahaan').fill('DiskonRadar');
    await form.getByLabel('Email').fill('halo@diskonradar.id');
    await form.getByLabel('Hari Kerja').fill('09:00 - 18:00 WIB');
    await form.getByLabel('Facebook').fill('https://facebook.com/diskonradar');
    await form.getByLabel('Deskripsi').fill(description);
    await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(form.getByRole('button', { name: 'Menyimpan...' })).toBeVisible();
    await expectToast(page, 'Contact Us information updated successfully.');
    await expect(page.locator('.mantine-Notification-root')).toContainText('Success!');
    const saved = JSON.parse((await block(api, 'contact_us')).data) as Record<string, unknown>;
    expect(saved).toMatchObject({
      description,
      email: 'halo@diskonradar.id',
      businessHours: { weekdays: '09:00 - 18:00 WIB' },
      socialMedia: { facebook: 'https://facebook.com/diskonradar' },
    });

    // A failing save shows the spec's error toast.
    await page.route('**/api/admin/content/contact_us', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, body: '' })
        : route.continue(),
    );
    await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expectToast(page, 'Failed to update contact information. Please try again.');
  } finally {
    await restore(api, original);
  }
});

test('homepage hero editor: validation, live preview and the saved platforms list', async ({
  adminPage: page,
  api,
}) => {
  const original = await block(api, 'homepage_hero');
  try {
    await page.goto('/admin/content?tab=homepage');
    const form = page.getByRole('form', { name: 'Editor Homepage Hero' });
    const preview = page.getByTestId('hero-preview');
    await expect(preview).toBeVisible();
    await form.getByLabel('Judul Utama').fill('');
    await form.getByLabel('Teks CTA').fill('');
    await form.getByLabel('URL Gambar Latar').fill('ftp://image');
    await form.getByLabel('Platform').fill(' , ');
    await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
    for (const message of [
      'Main title is required',
      'CTA text is required',
      'Invalid image URL',
      'Platforms are required',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    const title = unique('Judul Hero');
    await form.getByLabel('Judul Utama').fill(title);
    await expect(preview).toContainText(title);
    await form.getByLabel('Teks CTA').fill('Lihat Promo');
    await form.getByLabel('URL Gambar Latar').fill('');
    await form.getByLabel('Platform').fill('Shopee, , Tokopedia ,Lazada');
    await form.getByRole('button', { name: 'Sembunyikan Pratinjau' }).click();
    await expect(preview).toBeHidden();
    await form.getByRole('button', { name: 'Tampilkan Pratinjau' }).click();
    await expect(preview).toBeVisible();
    await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expectToast(page, 'Homepage content updated successfully.');
    const saved = JSON.parse((await block(api, 'homepage_hero')).data) as Record<string, unknown>;
    expect(saved.mainTitle).toBe(title);
    expect(saved.platforms).toEqual(['Shopee', 'Tokopedia', 'Lazada']);
    expect(saved.backgroundImage).toMatch(/^https:\/\//);
  } finally {
    await restore(api, original);
  }
});

test('FAQ manager: create with validation, edit, delete without confirmation', async ({
  adminPage: page,
  api,
}) => {
  const question = unique('Pertanyaan uji?');
  await page.goto('/admin/content?tab=faq');
  await page.getByRole('button', { name: 'Tambah FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah FAQ' });
  await dialog.getByLabel('Urutan').fill('-1');
  await dialog.getByRole('button', { name: 'Tambah FAQ' }).click();
  for (const message of [
    'Question is required',
    'Answer is required',
    'Order must be a positive number',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Pertanyaan').fill(question);
  await dialog.getByLabel('Jawaban').fill('Jawaban uji.');
  await choose(page, dialog, 'Kategori', 'Harga');
  await dialog.getByLabel('Urutan').fill('42');
  await dialog.getByLabel('Aktif').uncheck(); // inactive FAQs stay off the public pages
  await dialog.getByRole('button', { name: 'Tambah FAQ' }).click();
  await expectToast(page, 'FAQ created successfully.');
  let faq = (await api.get<Faq[]>('/api/admin/faqs')).find((f) => f.question === question)!;
  expect(faq).toMatchObject({
    answer: 'Jawaban uji.',
    category: 'pricing',
    order: 42,
    isActive: false,
  });

  const row = page.getByRole('article', { name: question });
  await row.getByRole('button', { name: `Edit FAQ: ${question}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
  await expect(edit.getByLabel('Pertanyaan')).toHaveValue(question);
  await edit.getByLabel('Jawaban').fill('Jawaban baru.');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'FAQ updated successfully.');
  await expect(row).toContainText('Jawaban baru.');
  faq = (await api.get<Faq[]>('/api/admin/faqs')).find((f) => f.id === faq.id)!;
  expect(faq.answer).toBe('Jawaban baru.');

  await row.getByRole('button', { name: `Hapus FAQ: ${question}` }).click();
  await expectToast(page, 'FAQ deleted successfully.');
  await expect(row).toBeHidden();
  expect((await api.get<Faq[]>('/api/admin/faqs')).some((f) => f.id === faq.id)).toBe(false);
});

test('SEO meta tags: create with validation, edit, delete with confirmation', async ({
  adminPage: page,
  api,
}) => {
  const content = unique('e2e meta');
  const path = `/e2e-${Date.now()}`;
  await page.goto('/admin/content?tab=seo');
  await page.getByRole('button', { name: 'Tambah Meta Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Meta Tag' });
  await dialog.getByRole('button', { name: 'Tambah Meta Tag' }).click();
  await expect(dialog.getByText('HTML meta tag is required')).toBeVisible();
  await dialog.getByLabel('Tag Meta HTML').fill('<script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Tambah Meta Tag' }).click();
  await expect(dialog.getByText('Must be a valid HTML meta tag')).toBeVisible();
  await dialog.getByLabel('Tag Meta HTML').fill(`<meta name="author" content="${content}">`);
  await dialog.getByLabel('URL Halaman').fill(path);
  await dialog.getByRole('button', { name: 'Tambah Meta Tag' }).click();
  await expectToast(page, 'Meta tag created successfully');
  let tag = (await api.get<MetaTag[]>('/api/admin/meta-tags')).find(
    (t) => t.parsedContent === content,
  )!;
  expect(tag).toMatchObject({ pageUrl: path, isActive: true, parsedName: 'author' });

  const row = page.getByTestId('meta-tag-row').filter({ hasText: content });
  await expect(row).toContainText('name: author');
  await row.getByRole('button', { name: 'Edit meta tag' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Meta Tag' });
  await edit.getByLabel('Aktif').uncheck();
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Meta tag updated successfully');
  await expect(row).toContainText('Inactive');
  tag = (await api.get<MetaTag[]>('/api/admin/meta-tags')).find((t) => t.id === tag.id)!;
  expect(tag.isActive).toBe(false);

  await row.getByRole('button', { name: 'Hapus meta tag' }).click();
  await confirm(page, 'Are you sure you want to delete this meta tag?');
  await expectToast(page, 'Meta tag deleted successfully');
  await expect(row).toBeHidden();
  expect((await api.get<MetaTag[]>('/api/admin/meta-tags')).some((t) => t.id === tag.id)).toBe(
    false,
  );
});

test('product images: choose a product, add with validation, move up and down, edit, delete', async ({
  adminPage: page,
  api,
}) => {
  const categories = await api.get<{ id: string }[]>('/api/admin/categories');
  const product = await api.post<Product>('/api/admin/products', {
    categoryId: categories[0]!.id,
    title: unique('E2E Galeri'),
    description: 'Produk uji galeri.',
    imageUrl: 'https://images.example.com/e2e/g.jpg',
    discountPercentage: 5,
    platforms: ['Shopee'],
    isActive: false,
  });
  try {
    await page.goto('/admin/content?tab=images');
    await expect(page.getByText('Pilih produk terlebih dahulu.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Produk' }).fill(product.title);
    await page.getByRole('option', { name: product.title }).click();
    await expect(page.getByText('Produk ini belum punya gambar galeri.')).toBeVisible();

    await page.getByRole('button', { name: 'Tambah Gambar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Gambar Produk' });
    await dialog.getByLabel('URL Gambar').fill('not a url');
    await dialog.getByRole('button', { name: 'Tambah Gambar' }).click();
    await expect(dialog.getByText('Invalid image URL')).toBeVisible();
    await dialog.getByLabel('URL Gambar').fill('https://images.example.com/e2e/g1.jpg');
    await dialog.getByLabel('Teks Alt').fill('Tampak depan');
    await dialog.getByRole('button', { name: 'Tambah Gambar' }).click();
    await expectToast(page, 'Product image added successfully');

    const row = page.getByTestId('image-row').filter({ hasText: 'Tampak depan' });
    await expect(row.getByTestId('image-order')).toHaveText('Urutan 0');
    await expect(row.getByRole('button', { name: 'Naikkan' })).toBeDisabled();
    await row.getByRole('button', { name: 'Turunkan' }).click();
    await expectToast(page, 'Product image updated successfully');
    await expect(row.getByTestId('image-order')).toHaveText('Urutan 1');
    await row.getByRole('button', { name: 'Naikkan' }).click();
    await expect(row.getByTestId('image-order')).toHaveText('Urutan 0');

    await row.getByRole('button', { name: 'Edit gambar' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Gambar Produk' });
    await edit.getByLabel('Teks Alt').fill('Tampak samping');
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    // The move toasts above may still show the same text: the closed dialog marks this save.
    await expect(edit).toBeHidden();
    await expectToast(page, 'Product image updated successfully');
    await expect
      .poll(async () =>
        (await api.get<ProductImage[]>(`/api/admin/products/${product.id}/images`)).map((i) => [
          i.imageUrl,
          i.altText,
          i.order,
        ]),
      )
      .toEqual([['https://images.example.com/e2e/g1.jpg', 'Tampak samping', 0]]);

    const edited = page.getByTestId('image-row').filter({ hasText: 'Tampak samping' });
    await edited.getByRole('button', { name: 'Hapus gambar' }).click();
    await confirm(page, 'Are you sure you want to delete this product image?');
    await expectToast(page, 'Product image deleted successfully');
    await expect(page.getByText('Produk ini belum punya gambar galeri.')).toBeVisible();
    expect(await api.get<ProductImage[]>(`/api/admin/products/${product.id}/images`)).toEqual([]);
  } finally {
    await api.delete(`/api/admin/products/${product.id}`);
  }
});

test('popups: create with validation and defaults, derived status, edit, delete with confirmation', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('E2E Popup');
  await page.goto('/admin/content?tab=popups');
  await page.getByRole('button', { name: 'Buat Popup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Popup' });
  await expect(dialog.getByLabel('Teks Tombol')).toHaveValue('Learn More');
  await expect(dialog.getByLabel('Muncul Setelah (detik)')).toHaveValue('3');
  await dialog.getByLabel('URL Tujuan').fill('javascript:alert(1)');
  await dialog.getByLabel('URL Gambar').fill('https://images.invalid/e2e-missing.png');
  await expect(dialog.getByText('Image failed to load. Please check URL.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Buat Popup' }).click();
  for (const message of [
    'Popup title is required',
    'Popup content is required',
    'Invalid target URL',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Judul').fill(title);
  await dialog.getByRole('textbox', { name: 'Isi', exact: true }).fill('Isi popup uji.');
  await dialog.getByLabel('URL Tujuan').fill('https://diskonradar.example/promo');
  await dialog.getByLabel('URL Gambar').fill('');
  await dialog.getByLabel('Aktif').uncheck(); // keeps it away from the public popup specs
  await dialog.getByRole('button', { name: 'Buat Popup' }).click();
  await expectToast(page, 'Popup created successfully');

  let popup = (await api.get<Popup[]>('/api/admin/popups')).find((p) => p.title === title)!;
  expect(popup).toMatchObject({
    type: 'promo',
    buttonText: 'Learn More',
    backgroundColor: '#ffffff',
    textColor: '#000000',
    showOnPages: '*',
    triggerAfterSeconds: 3,
    isActive: false,
    targetUrl: 'https://diskonradar.example/promo',
  });
  const days = (Date.parse(popup.endDate) - Date.parse(popup.startDate)) / 86_400_000;
  expect(Math.round(days)).toBe(7);

  const card = page.getByRole('article', { name: title });
  await expect(card.getByTestId('popup-status')).toHaveText('Disabled');
  await card.getByRole('button', { name: `Edit popup ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Popup' });
  await expect(edit.getByLabel('Judul')).toHaveValue(title);
  await edit.getByLabel('Muncul Setelah (detik)').fill('61');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(
    edit.getByText(/Trigger delay must be a whole number of seconds from 0 to 60/),
  ).toBeVisible();
  await edit.getByLabel('Muncul Setelah (detik)').fill('10');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Popup updated successfully');
  popup = (await api.get<Popup[]>('/api/admin/popups')).find((p) => p.id === popup.id)!;
  expect(popup.triggerAfterSeconds).toBe(10);

  await card.getByRole('button', { name: `Hapus popup ${title}` }).click();
  await confirm(page, 'Are you sure you want to delete this popup?');
  await expectToast(page, 'Popup deleted successfully');
  await expect(card).toBeHidden();
  expect((await api.get<Popup[]>('/api/admin/popups')).some((p) => p.id === popup.id)).toBe(false);
});
