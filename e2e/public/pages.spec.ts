import type { CategoryWithCount, Faq, Product } from '../../shared/types';
import { categoryGroupLabel } from '../../shared/rules/category';
import { PUBLIC_PATHS } from '../../shared/public-routes';
import { popularLabel } from '../../shared/rules/ranking';
import { expect, hydrated, test } from './fixtures';

test('/kategori lists every category by group with links to the filtered home', async ({
  page,
  api,
}) => {
  const categories = await api.get<CategoryWithCount[]>('/api/categories');
  await page.goto('/kategori');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${categories.length} Kategori Tersedia`,
  );
  await expect(page.locator('a.category-tile')).toHaveCount(categories.length);
  const groups = new Set(categories.map((c) => c.group));
  await expect(page.locator('h2.group-title')).toHaveCount(groups.size);
  // Group names read in Indonesian; each tile says how many products it holds.
  const labels = [...groups].map(categoryGroupLabel).sort((a, b) => a.localeCompare(b, 'id'));
  await expect(page.locator('h2.group-title')).toHaveText(labels);
  for (const category of categories.slice(0, 5)) {
    const tile = page.locator('a.category-tile', { hasText: category.name }).first();
    await expect(tile.locator('.tile-count')).toHaveText(
      category.productCount > 0 ? `${category.productCount} produk` : 'Belum ada produk',
    );
  }
  await hydrated(page);
  const first = categories[0]!;
  await page.locator('a.category-tile', { hasText: first.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/\\?category=${first.slug}$`));
  await expect(page.locator('#products-title')).toHaveText(first.name);
  await page.goBack();
  await page.getByRole('link', { name: 'Hubungi Kami' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('/promo-hari-ini has a countdown, the promo count and hot deal markers', async ({
  page,
  api,
}) => {
  const promo = await api.get<Product[]>('/api/products/featured/promo');
  await page.goto('/promo-hari-ini');
  await expect(page.getByText('Diskon hingga 70%', { exact: true })).toBeVisible();
  await expect(page.getByText(`${promo.length} produk promo pilihan hari ini`)).toBeVisible();
  await expect(page.locator('article.product-card')).toHaveCount(promo.length);
  const hot = promo.filter((p) => p.discountPercentage >= 50).length;
  await expect(page.locator('.hot-deal')).toHaveCount(hot);
  // Hours and minutes until 23:59:59.999 in the browser's time zone (Asia/Jakarta here).
  const hours = page.getByTestId('countdown-hours');
  await expect(hours).toHaveText(/^\d{2}$/);
  const shown =
    Number(await hours.textContent()) * 60 +
    Number(await page.getByTestId('countdown-minutes').textContent());
  const expected = await page.evaluate(() => {
    const now = new Date();
    const end = new Date(now);
    end.setHours(23, 59, 59, 999);
    return Math.floor((end.getTime() - now.getTime()) / 60000);
  });
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(1);
});

test('/produk-terpopuler ranks with medals, numbers and labels', async ({ page, api }) => {
  const popular = await api.get<Product[]>('/api/products/featured/popular');
  await page.goto('/produk-terpopuler');
  const cards = page.locator('article.product-card');
  await expect(cards).toHaveCount(popular.length);
  // The top three wear their medals in the grid; no separate podium repeats them.
  const medals = ['Emas', 'Perak', 'Perunggu'];
  for (const [index, medal] of medals.entries()) {
    const name = `Peringkat ${index + 1}, medali ${medal}`;
    await expect(cards.nth(index).getByRole('img', { name })).toBeVisible();
  }
  await expect(page.locator('.rank-medal')).toHaveCount(Math.min(3, popular.length));
  for (const product of popular.slice(0, 3)) {
    await expect(page.locator(`[data-product-id="${product.id}"]`)).toHaveCount(1);
  }
  for (const [index, product] of popular.entries()) {
    const card = cards.nth(index);
    // The rank shows once: the medal for the top three, "#N" after them.
    if (index < 3) {
      await expect(card.locator('.rank-number')).toHaveCount(0);
      await expect(card.locator('.rank-medal')).toHaveText(String(index + 1));
    } else {
      await expect(card.locator('.rank-number')).toHaveText(`#${index + 1}`);
    }
    // A label that repeats the badge chip is left out: each word once on a card.
    const label = popularLabel(product, index);
    if (label === product.badgeText) {
      await expect(card.locator('.rank-label')).toHaveCount(0);
      await expect(card.locator('.badge')).toHaveText(label);
    } else {
      await expect(card.locator('.rank-label')).toHaveText(label);
    }
  }
});

test('/tentang has the mission, values, figures, partners and steps', async ({ page }) => {
  await page.goto('/tentang');
  await expect(page.getByRole('heading', { name: 'Misi Kami' })).toBeVisible();
  await expect(page.locator('.feature-grid.four .feature-card')).toHaveCount(4);
  await expect(page.locator('.stats-grid')).toContainText('4.8');
  await expect(page.locator('.stats-grid')).toContainText('50.000+');
  await expect(page.locator('.partner-card')).toHaveCount(6);
  await expect(page.locator('ol.steps > li')).toHaveCount(3);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Mulai Cari Diskon' }),
  ).toHaveAttribute('href', '/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Hubungi Kami' })).toHaveAttribute(
    'href',
    '/contact',
  );
});

test('/contact shows the cards, hours, social links and at most 5 FAQs', async ({ page, api }) => {
  const faqs = await api.get<Faq[]>('/api/faqs');
  await page.goto('/contact');
  await expect(page.locator('.contact-card')).toHaveCount(3);
  await expect(page.locator('.contact-card').first()).toContainText('halo@diskonradar.id');
  await expect(page.getByText('1-2 hari kerja')).toBeVisible();
  await expect(page.getByText('Senin-Jumat 09:00-17:00 WIB')).toBeVisible();
  await expect(page.getByText('Senin-Jumat: 09:00 - 18:00 WIB')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    /instagram\.com/,
  );
  await expect(page.locator('.contact-faq details')).toHaveCount(Math.min(5, faqs.length));
  await hydrated(page);
  const first = page.locator('.contact-faq details').first();
  await first.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
});

test('/privacy has 7 numbered sections, the update date and a privacy address', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.locator('.legal-sections > li')).toHaveCount(7);
  await expect(page.locator('.legal-sections h2').first()).toHaveText(/^1\. /);
  await expect(page.getByText('Terakhir diperbarui: Desember 2024')).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacy@diskonradar.id' }).last()).toBeVisible();
});

test('/terms has 8 sections and a legal address', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('.legal-sections > li')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'legal@diskonradar.id' }).last()).toBeVisible();
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/halaman/yang/tidak/ada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  // Beside the spec's English lines, an Indonesian explanation and a way home.
  await expect(page.getByText('Halaman yang kamu cari tidak ditemukan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test('footer help links open modals that trap focus and close with Escape', async ({ page }) => {
  await page.goto('/tentang');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'FAQ' }).click();
  const faq = page.getByRole('dialog', { name: 'Pertanyaan yang Sering Diajukan' });
  await expect(faq).toBeVisible();
  await expect(faq.locator('details')).toHaveCount(6);
  // Tab never leaves the dialog.
  for (let i = 0; i < 9; i += 1) {
    await page.keyboard.press('Tab');
    expect(await faq.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(faq).toBeHidden();
  await expect(footer.getByRole('button', { name: 'FAQ' })).toBeFocused();

  await footer.getByRole('button', { name: 'Kebijakan Privasi' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Kebijakan Privasi' }).locator('.legal-sections > li'),
  ).toHaveCount(7);
  await page.getByRole('button', { name: 'Tutup' }).click();
  await footer.getByRole('button', { name: 'Syarat & Ketentuan' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Syarat & Ketentuan' }).locator('.legal-sections > li'),
  ).toHaveCount(8);
  await page.keyboard.press('Escape');
  await footer.getByRole('button', { name: 'Hubungi Kami' }).click();
  const contact = page.getByRole('dialog', { name: 'Hubungi Kami' });
  await expect(contact).toContainText('08:00-22:00 setiap hari');
  await contact.getByRole('link', { name: 'Buka Halaman Kontak' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(contact).toBeHidden();
});

test('every public page fits a 360 px wide phone without sideways scrolling', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const path of PUBLIC_PATHS) {
    await page.goto(`${baseURL}${path}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.close();
});
