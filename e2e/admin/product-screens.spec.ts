import type { Page } from '@playwright/test';
import type { Category, PlatformLink, Product } from '../../shared/types';
import { confirm, expect, expectToast, test, unique } from './fixtures';

/** Staff screens say what they mean: the product list on a phone, platforms, images. */

test.describe.configure({ timeout: 120_000 });

const IMAGE = 'https://images.example.com/e2e/main.jpg';
const SCREENSHOTS = process.env.ADMIN_SCREENSHOTS;

async function newProduct(
  api: { get<T>(path: string): Promise<T>; post<T>(path: string, body: unknown): Promise<T> },
  overrides: Record<string, unknown> = {},
  links: string[] = [],
) {
  const [category] = await api.get<Category[]>('/api/admin/categories');
  const product = await api.post<Product>('/api/admin/products', {
    categoryId: category!.id,
    title: unique('E2E Layar'),
    description: 'Produk uji layar staf.',
    imageUrl: IMAGE,
    discountPercentage: 20,
    platforms: ['Shopee'],
    isActive: false, // keeps the public pages' counts stable
    ...overrides,
  });
  for (const platform of links) {
    await api.post<PlatformLink>('/api/admin/platform-links', {
      productId: product.id,
      platform,
      affiliateUrl: `https://example.com/e2e/${platform}`,
      price: 'Rp 125.000',
    });
  }
  return product;
}

/** The page is no wider than the window, and these elements end inside it. */
async function expectWithinWidth(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth} px wide`).toBeLessThanOrEqual(
    innerWidth,
  );
}

async function expectInView(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box!.x + box!.width, `${what} ends past the right edge`).toBeLessThanOrEqual(width);
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the product list opens as cards; the table, when chosen, stacks its rows', async ({
    adminPage: page,
    api,
  }) => {
    const product = await newProduct(api, {}, ['Shopee', 'Lazada']);
    await page.goto(`/admin/products?search=${encodeURIComponent(product.title)}`);
    const card = page.getByRole('article', { name: product.title });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('product-table')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Kartu' })).toBeChecked();
    await expectWithinWidth(page, 'cards');
    await expectInView(page, card.getByRole('button', { name: `Edit ${product.title}` }), 'Edit');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/products-cards-390.png` });

    // The table, chosen by hand, is kept in the address and stacks each row into a block.
    await page.getByText('Tabel', { exact: true }).click();
    await expect(page).toHaveURL(/view=table/);
    const row = page.getByTestId('product-row').filter({ hasText: product.title });
    await expect(row).toBeVisible();
    await expectWithinWidth(page, 'stacked table');
    for (const [cell, what] of [
      [row.getByText('Tidak Aktif'), 'status'],
      [row.getByTestId('lowest-price'), 'price'],
      [row.getByRole('button', { name: `Edit ${product.title}` }), 'Edit'],
      [row.getByRole('button', { name: `Hapus ${product.title}` }), 'Hapus'],
    ] as const) {
      await expect(cell).toBeVisible();
      await expectInView(page, cell, what);
    }
    // Each line names its column.
    const label = await row
      .getByTestId('lowest-price')
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Harga Terendah"');
    await expect(row.getByTestId('lowest-price')).toContainText('Rp 125.000');
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/products-table-390.png`, fullPage: true });
    }
    await api.delete(`/api/admin/products/${product.id}`);
  });
});

test('the product form shows the platforms of the links, and follows them', async ({
  adminPage: page,
  api,
}) => {
  // Declared Shopee and Lazada in the form; the links say Tokopedia and TikTok.
  const product = await newProduct(api, { platforms: ['Shopee', 'Lazada'] }, [
    'TikTok',
    'Tokopedia',
  ]);
  await page.goto(`/admin/products?search=${encodeURIComponent(product.title)}`);
  const row = page.getByTestId('product-row').filter({ hasText: product.title });
  await expect(row.getByTestId('platform-badges')).toHaveText('TokopediaTikTok Shop', {
    timeout: 15_000,
  });
  await row.getByRole('button', { name: `Edit ${product.title}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Produk' });
  const shown = form.getByTestId('form-platforms');
  await expect(shown.getByTestId('platform-badges')).toHaveText('TokopediaTikTok Shop');
  // No second truth to tick.
  await expect(form.getByRole('checkbox', { name: 'Shopee', exact: true })).toHaveCount(0);
  if (SCREENSHOTS) await form.screenshot({ path: `${SCREENSHOTS}/product-form-platforms.png` });

  // The way to the links, and back: removing a link removes its platform.
  await shown.getByRole('button', { name: 'Kelola Harga Platform' }).click();
  const links = page.getByRole('dialog', { name: 'Kelola Harga Platform' });
  await links.getByRole('button', { name: 'Hapus TikTok Shop' }).click();
  await confirm(page, 'Apakah Anda yakin ingin menghapus platform link ini?');
  await expectToast(page, 'Platform link berhasil dihapus');
  await links.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(links).toBeHidden();
  await expect(shown.getByTestId('platform-badges')).toHaveText('Tokopedia');
  await form.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Produk berhasil diperbarui');
  const saved = await api.get<{ products: Product[] }>(
    `/api/admin/products?page=1&limit=1&search=${encodeURIComponent(product.title)}`,
  );
  expect(saved.products[0]?.platforms).toEqual(['Tokopedia']);
  await expect(row.getByTestId('platform-badges')).toHaveText('Tokopedia');
  await api.delete(`/api/admin/products/${product.id}`);
});

test('the Images tab names the gallery and the variations, and shows the variations', async ({
  adminPage: page,
  api,
}) => {
  const variations = [1, 2, 3].map((n) => `https://images.example.com/e2e/v${n}.jpg`);
  const product = await newProduct(api, { mediaType: 'image', imageUrls: variations });
  await page.goto('/admin/content?tab=images');
  await page.getByRole('combobox', { name: 'Produk' }).fill(product.title);
  await page.getByRole('option', { name: product.title }).click();
  await expect(page.getByTestId('gallery-count')).toHaveText('Galeri: 0 gambar');
  const shown = page.getByTestId('image-variations');
  await expect(shown.getByTestId('variations-count')).toHaveText('Variasi gambar: 3');
  await expect(shown.getByTestId('variation-image')).toHaveText([
    'Gambar utama',
    'Variasi 1',
    'Variasi 2',
    'Variasi 3',
  ]);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/images-tab.png`, fullPage: true });
  await api.delete(`/api/admin/products/${product.id}`);
});
