import type { Category, ProductListResponse } from '../../shared/types';
import { categoryCountClaim } from '../../shared/rules/category';
import { allProducts, expect, hydrated, isPhone, test } from './fixtures';
import type { Page } from '@playwright/test';

async function chooseCategory(page: Page, name: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Pilih Kategori' }).click();
    const drawer = page.getByRole('dialog', { name: 'Kategori Produk' });
    await drawer.getByRole('link', { name, exact: true }).click();
    await expect(drawer).toBeHidden();
  } else {
    await page
      .getByRole('complementary', { name: 'Kategori Produk' })
      .getByRole('link', { name, exact: true })
      .click();
  }
}

const searchBox = (page: Page) =>
  page.locator(isPhone(page) ? '#search-mobile' : '#search-desktop');

const cards = (page: Page) => page.locator('#produk article.product-card');

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
});

test('the home page shows the hero, 12 products, partners, features and the footer', async ({
  page,
  api,
}) => {
  const first = await api.get<ProductListResponse>('/api/products?page=1&limit=12');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The spec's '31+' is a minimum: the hero shows the real count when the catalogue has more.
  const categories = await api.get<Category[]>('/api/categories');
  await expect(page.locator('.hero-stats')).toContainText(
    `${categoryCountClaim(categories.length, 31)} Kategori`,
  );
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first().getByRole('heading')).toHaveText(first.products[0]!.title);
  await expect(page.getByRole('heading', { name: 'Partner Marketplace Kami' })).toBeVisible();
  await expect(page.locator('.partner-card')).toHaveCount(6);
  await expect(page.locator('.features .feature-card')).toHaveCount(3);
  await expect(page.getByRole('contentinfo')).toContainText('Kategori Populer');
});

test('the hero call to action scrolls to the products', async ({ page }) => {
  await page.locator('.hero .button-cta').click();
  await expect(page.locator('#products-title')).toBeInViewport();
});

test('choosing a category filters the list and keeps the address in sync', async ({
  page,
  api,
}) => {
  const categories = await api.get<Category[]>('/api/categories');
  const category = categories.find((c) => c.slug === 'skincare')!;
  const expected = await api.get<ProductListResponse>(
    `/api/products?page=1&limit=12&categoryId=${category.id}`,
  );
  await chooseCategory(page, category.name);
  await expect(page).toHaveURL(/\?category=skincare$/);
  await expect(page.locator('#products-title')).toHaveText(category.name);
  await expect(cards(page)).toHaveCount(expected.products.length);
  await expect(page.locator('.card-category').first()).toHaveText(category.name);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Beranda');
  await expect(crumbs.getByText('Beranda')).not.toHaveAttribute('href');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(category.name);
  // The products section comes into view after choosing.
  await expect(page.locator('#produk')).toBeInViewport();

  // Clearing shows everything again and drops the parameter.
  if (isPhone(page)) await page.getByRole('button', { name: /Kategori: / }).click();
  const scope = isPhone(page)
    ? page.getByRole('dialog', { name: 'Kategori Produk' })
    : page.getByRole('complementary', { name: 'Kategori Produk' });
  await scope.getByRole('button', { name: 'Lihat Semua Produk' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#products-title')).toHaveText('Semua Produk Diskon');
  await expect(page.locator('.category-sidebar .sidebar-all')).toHaveText(
    'Menampilkan Semua Produk',
  );
});

test('search is case-insensitive, clears the category and asks the server', async ({
  page,
  api,
}) => {
  const expected = await api.get<ProductListResponse>('/api/products?search=sepatu&limit=12');
  expect(expected.totalCount).toBeGreaterThan(0);
  await page.goto('/?category=fashion');
  await hydrated(page);
  await searchBox(page).fill('SePaTu');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\?search=SePaTu$/);
  await expect(page.locator('#products-title')).toHaveText('Hasil Pencarian "SePaTu"');
  await expect(page.locator('.products-count')).toHaveText(
    `${expected.totalCount} produk ditemukan untuk "SePaTu"`,
  );
  await expect(cards(page)).toHaveCount(expected.products.length);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.products[0]!.title);
  // No live clock while searching.
  await expect(page.locator('.live-clock')).toHaveCount(0);
});

test('a search without results shows its empty state and a way back', async ({ page }) => {
  await searchBox(page).fill('zzqqxx tidak ada');
  await searchBox(page).press('Enter');
  await expect(page.getByRole('heading', { name: 'Tidak Ada Hasil Pencarian' })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali ke Semua Produk' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(cards(page)).toHaveCount(12);
});

test('an unknown category shows "Produk Tidak Ditemukan"', async ({ page }) => {
  await page.goto('/?category=tidak-ada');
  await expect(page.getByRole('heading', { name: 'Produk Tidak Ditemukan' })).toBeVisible();
});

test('paging keeps page numbers above 1 in the address', async ({ page, api }) => {
  const first = await api.get<ProductListResponse>('/api/products?page=1&limit=12');
  const pager = page.getByRole('navigation', { name: 'Halaman produk' });
  await expect(pager.getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();
  await expect(pager.locator('.page-list button')).toHaveCount(Math.min(5, first.totalPages));
  await pager.getByRole('button', { name: 'Halaman 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pager.getByRole('button', { name: 'Halaman 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const second = await api.get<ProductListResponse>('/api/products?page=2&limit=12');
  await expect(cards(page).first().getByRole('heading')).toHaveText(second.products[0]!.title);
  await pager.getByRole('button', { name: 'Sebelumnya' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The last page disables Next; a deep page comes straight from the address.
  await page.goto(`/?page=${first.totalPages}`);
  await expect(pager.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: `Halaman ${first.totalPages}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the category drawer on phones is 16rem wide and closes by button and overlay', async ({
  page,
}) => {
  test.skip(!isPhone(page), 'The drawer is the phone layout');
  await expect(page.getByRole('complementary', { name: 'Kategori Produk' })).toBeHidden();
  await page.getByRole('button', { name: 'Pilih Kategori' }).click();
  const drawer = page.getByRole('dialog', { name: 'Kategori Produk' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBeCloseTo(256, 0);
  await expect(drawer.getByRole('heading', { name: 'Kategori Produk' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Tutup kategori' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Pilih Kategori' }).click();
  await page.mouse.click(370, 400);
  await expect(drawer).toBeHidden();
});

test('the desktop sidebar is a fixed column with every category', async ({ page, api }) => {
  test.skip(isPhone(page), 'Desktop layout');
  const categories = await api.get<Category[]>('/api/categories');
  const sidebar = page.getByRole('complementary', { name: 'Kategori Produk' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('.category-item')).toHaveCount(categories.length);
  await expect(page.locator('.live-clock')).toBeVisible();
  await expect(page.locator('.live-clock')).toContainText('WIB');
});

test('the product modal shows media, platform links and a WhatsApp share', async ({
  page,
  api,
  context,
}) => {
  // The newest product with platform links (other specs may add one without, meanwhile).
  const first = await api.get<ProductListResponse>('/api/products?page=1&limit=12');
  let product = first.products[0]!;
  let links: { id: string; affiliateUrl: string; platform: string }[] = [];
  for (const candidate of first.products) {
    links = await api.get<typeof links>(`/api/platform-links/${candidate.id}`);
    product = candidate;
    if (links.length > 0) break;
  }
  await cards(page).filter({ hasText: product.title }).first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`\\?produk=${product.id}$`));
  const dialog = page.getByRole('dialog', { name: product.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Cek Harga di Platform:');
  await expect(dialog.getByText(`Diskon ${product.discountPercentage}%`)).toBeVisible();
  const buttons = dialog.locator('a.platform-button');
  await expect(buttons).toHaveCount(links.length);
  for (const link of links) {
    // Through the counted redirect, which answers with the affiliate URL.
    const anchor = dialog.locator(`a.platform-button[href="/go/${link.id}"]`);
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', 'sponsored noopener');
  }
  const share = dialog.getByRole('link', { name: 'Bagikan ke WhatsApp' });
  const href = decodeURIComponent((await share.getAttribute('href')) ?? '');
  expect(href).toContain('https://wa.me/?text=');
  expect(href).toContain(`/?produk=${product.id}`);
  // A platform button opens a new tab on /go, which redirects to the marketplace (not
  // followed: no internet in tests).
  const goResponse = context.waitForEvent('response', (r) => r.url().includes('/go/'));
  const [popup] = await Promise.all([context.waitForEvent('page'), buttons.first().click()]);
  expect((await goResponse).headers().location).toBe(links[0]!.affiliateUrl);
  await popup.close();
  // Escape closes and returns to the listing address; focus goes back to the card.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('the cheapest platform is marked when prices are given', async ({ page, api }) => {
  const products = await allProducts(api);
  // Demo products, not ones another spec just made (site images): those have links to compare.
  for (const product of products.filter((p) => p.imageUrl.startsWith('/')).slice(0, 10)) {
    const links = await api.get<{ price: string | null; platform: string }[]>(
      `/api/platform-links/${product.id}`,
    );
    const priced = links.filter((l) => l.price && /\d/.test(l.price));
    if (links.length < 2 || priced.length < 2) continue;
    const amount = (p: string) => Number(p.replace(/[^\d]/g, ''));
    const cheapest = [...priced].sort((a, b) => amount(a.price!) - amount(b.price!))[0]!;
    await page.goto(`/?produk=${product.id}`);
    const marked = page.locator('a.platform-button.cheapest');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText('Harga termurah');
    await expect(marked).toContainText(cheapest.price!);
    return;
  }
  throw new Error('No product with two priced links in the demo data');
});

test('an image product opens a gallery that wraps around', async ({ page, api }) => {
  const products = await allProducts(api);
  const gallery = products.find((p) => p.mediaType === 'image' && p.imageUrls.length > 0)!;
  await page.goto(`/?produk=${gallery.id}`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.gallery-counter')).toHaveText(
    `1 / ${gallery.imageUrls.length + 1}`,
  );
  await dialog.getByRole('button', { name: 'Gambar sebelumnya' }).click();
  await expect(dialog.locator('.gallery-counter')).toHaveText(
    `${gallery.imageUrls.length + 1} / ${gallery.imageUrls.length + 1}`,
  );
});

test('a video product embeds its player with the right ratio', async ({ page, api }) => {
  const products = await allProducts(api);
  await page.route(/tiktok\.com|youtube\.com|instagram\.com/, (route) =>
    route.fulfill({ body: '<html><body>player</body></html>', contentType: 'text/html' }),
  );
  const tiktok = products.find((p) => p.mediaType === 'video' && p.videoUrl?.includes('tiktok'))!;
  await page.goto(`/?produk=${tiktok.id}`);
  const frame = page.getByRole('dialog').locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.tiktok\.com\/embed\/v2\/\d+$/);
  await expect(page.locator('.video-frame')).toHaveClass(/ratio-9x16/);

  const youtube =
    products.find(
      (p) =>
        p.videoUrl?.includes('youtube.com/watch') &&
        p.mediaType !== 'image' &&
        p.mediaType !== 'both',
    ) ??
    products.find((p) => p.videoUrl?.includes('youtube.com/shorts') && p.mediaType === 'default')!;
  await page.goto(`/?produk=${youtube.id}`);
  await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube\.com\/embed\//,
  );
});

test('a product without gallery or video shows "Media tidak tersedia"', async ({ page, api }) => {
  const products = await allProducts(api);
  const plain = products.find((p) => p.mediaType === 'default' && !p.videoUrl)!;
  await page.goto(`/?produk=${plain.id}`);
  await expect(page.getByRole('dialog')).toContainText('Media tidak tersedia');
});

test('the Favorit button shows its toast, and nothing else does', async ({ page }) => {
  const toast = page.getByRole('status').filter({ hasText: 'Fitur favorit akan segera hadir!' });
  await expect(toast).toHaveCount(0);
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Favorit' }).click();
  } else {
    await page.getByRole('button', { name: 'Favorit' }).click();
  }
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Tutup notifikasi' }).click();
  await expect(toast).toHaveCount(0);
});

test('the header, nav and chat button work on this viewport', async ({ page, api }) => {
  const chat = page.getByRole('link', { name: 'Chat dengan DiskonRadar di WhatsApp' });
  await expect(chat).toBeVisible();
  const href = decodeURIComponent((await chat.getAttribute('href')) ?? '');
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=Halo DiskonRadar/);

  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Cari produk' }).click();
    await expect(page.locator('#search-mobile')).toBeFocused();
    await page.getByRole('button', { name: 'Buka menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: /Beranda/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('link', { name: /Promo Hari Ini/ }).click();
    await expect(page).toHaveURL(/\/promo-hari-ini$/);
    await expect(menu).toBeHidden();
  } else {
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    await expect(nav.getByRole('link', { name: /Beranda/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The nav badge and the hero agree with the data: the real count once above the spec's 30+.
    const categories = await api.get<Category[]>('/api/categories');
    await expect(nav.getByRole('link', { name: /Kategori/ })).toContainText(
      categoryCountClaim(categories.length, 30),
    );
    await expect(nav.getByRole('link', { name: /Terpopuler/ })).toContainText('Top');
    await expect(nav.locator('.nav-description')).toHaveText(
      'Temukan diskon terbaik dari 6 marketplace',
    );
    await nav.getByRole('link', { name: /Tentang/ }).click();
    await expect(page).toHaveURL(/\/tentang$/);
    await expect(nav.getByRole('link', { name: /Tentang/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page).toHaveTitle('Tentang DiskonRadar');
  }
});
