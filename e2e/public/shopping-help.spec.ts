import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type {
  MissedSearches,
  Popup,
  Product,
  ProductListResponse,
  SearchSuggestions,
} from '../../shared/types';
import { countAsShopper } from '../shopper';
import { expect, hydrated, isPhone, test } from './fixtures';

// Several pages and dialogs under axe per test: past 30 s on a busy phone run.
test.describe.configure({ timeout: 90_000 });

// Help for a shopper (docs/contracts.md, "Shopping help"). Nothing here writes a product: the
// searches use the demo catalogue, and the one popup targets a page no other spec opens.

const searchBox = (page: Page) =>
  page.locator(isPhone(page) ? '#search-mobile' : '#search-desktop');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} - ${v.help}`));
}

async function adminLogin(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: 'admin12345' },
  });
  expect(login.ok()).toBeTruthy();
}

test.beforeEach(async ({ page }) => {
  // The laptop width of the issue; phones stay at the project's 390 px.
  if (!isPhone(page)) await page.setViewportSize({ width: 1366, height: 800 });
});

test('a search that finds nothing offers the nearest spelling, and it finds products', async ({
  page,
  api,
}) => {
  const help = await api.get<SearchSuggestions>('/api/search/suggest?q=lamu%20tidur');
  expect(help.products).toEqual([]);
  expect(help.didYouMean).toBe('lampu tidur');
  // Drawn on the server: the help is in the HTML before any script runs.
  const html = await (await page.request.get('/?search=lamu%20tidur')).text();
  expect(html).toContain('Tidak Ada Hasil Pencarian');
  expect(html).toContain('Mungkin maksud Anda');

  await page.goto('/?search=lamu%20tidur');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Tidak Ada Hasil Pencarian' })).toBeVisible();
  await expect(page.getByText('Tidak ada produk yang cocok dengan "lamu tidur"')).toBeVisible();
  const link = page.getByRole('link', { name: 'lampu tidur' });
  await expect(link).toHaveAttribute('href', '/?search=lampu+tidur');
  await link.click();
  await expect(page).toHaveURL(/\?search=lampu\+tidur$/);
  await expect(page.locator('#produk article.product-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tidak Ada Hasil Pencarian' })).toHaveCount(0);
});

test('the help lists the matching categories and today promos, and the miss reaches staff', async ({
  page,
  api,
  request,
}) => {
  const help = await api.get<SearchSuggestions>('/api/search/suggest?q=kartu%20kredit');
  expect(help.products).toEqual([]);
  expect(help.categories.length).toBeGreaterThan(0);
  // The miss is counted only for a shopper's browser, not an automated one (bot detection).
  await countAsShopper(page.context());
  await page.route(/geo\.e2e\.test/, (route) => route.abort());
  await page.goto('/?search=kartu%20kredit');
  await hydrated(page);
  const categories = page.getByRole('navigation', { name: 'Kategori yang cocok' });
  for (const category of help.categories) {
    await expect(categories.getByRole('link', { name: category.name })).toHaveAttribute(
      'href',
      `/?category=${category.slug}`,
    );
  }
  // Today's promos are the promo page's own: the featured ones first, at most four.
  const featured = await api.get<Product[]>('/api/products/featured/promo');
  const promos = page.getByRole('region', { name: 'Promo hari ini' }).locator('article');
  if (featured.length > 0) {
    await expect(promos).toHaveCount(Math.min(4, featured.length));
    await expect(promos.first()).toHaveAttribute('data-product-id', featured[0]!.id);
  } else {
    await expect(promos.first()).toBeVisible();
  }
  expect(await blockingViolations(page)).toEqual([]);

  // The missed search is still reported to staff (the admin's "Pencarian tanpa hasil").
  const term = `bantuanzz${Date.now().toString(36)}${test.info().project.name}`;
  await page.goto(`/?search=${term}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Tidak Ada Hasil Pencarian' })).toBeVisible();
  await adminLogin(request);
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/analytics/missed-searches?limit=100');
        return ((await res.json()) as MissedSearches).some((row) => row.query === term);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});

test('the suggestions say when nothing is found and offer the spelling', async ({ page }) => {
  await page.goto('/tentang');
  await hydrated(page);
  await searchBox(page).pressSequentially('lamu tidur');
  const list = page.getByRole('listbox', { name: 'Saran pencarian' }).filter({ visible: true });
  const options = list.getByRole('option');
  await expect(options.first()).toHaveText(/Tidak ada produk untuk "lamu tidur"/);
  const correction = options.filter({ hasText: 'Mungkin maksud Anda' });
  await expect(correction).toContainText('lampu tidur');
  await correction.click();
  await expect(page).toHaveURL(/\/\?search=lampu\+tidur$/);
  await expect(searchBox(page)).toHaveValue('lampu tidur');
});

test('the header lights the page own link only: none for a search, Kategori for a category', async ({
  page,
}) => {
  const current = async () => {
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Buka menu' }).click();
      const links = page.locator('#mobile-menu a[aria-current="page"]');
      const texts = await links.allTextContents();
      await page.getByRole('button', { name: 'Tutup menu' }).click();
      return texts;
    }
    return page.locator('.nav-list a[aria-current="page"]').allTextContents();
  };
  await page.goto('/');
  await hydrated(page);
  expect(await current()).toEqual([expect.stringContaining('Beranda')]);
  await page.goto('/?search=sepatu');
  await hydrated(page);
  expect(await current()).toEqual([]);
  await expect(page.locator('.nav-link.active')).toHaveCount(0);
  await page.goto('/?category=fashion');
  await hydrated(page);
  expect(await current()).toEqual([expect.stringContaining('Kategori')]);
  await page.goto('/promo-hari-ini');
  await hydrated(page);
  expect(await current()).toEqual([expect.stringContaining('Promo Hari Ini')]);
});

test('every footer help dialog is readable: axe finds nothing serious in it', async ({
  page,
  api,
}) => {
  const faqs = await api.get<{ question: string; isActive: boolean; order: number }[]>('/api/faqs');
  const expected = faqs
    .filter((faq) => faq.isActive)
    .sort((a, b) => a.order - b.order)
    .slice(0, 6)
    .map((faq) => faq.question);
  await page.goto('/tentang');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  for (const [label, title] of [
    ['FAQ', 'Pertanyaan yang Sering Diajukan'],
    ['Kebijakan Privasi', 'Kebijakan Privasi'],
    ['Syarat & Ketentuan', 'Syarat & Ketentuan'],
    ['Hubungi Kami', 'Hubungi Kami'],
  ] as const) {
    await footer.getByRole('button', { name: label, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    if (label === 'FAQ') {
      // Staff's FAQs, not a fixed copy: the first six active ones, in their order.
      await expect(dialog.locator('summary')).toHaveText(expected);
    }
    // Dark ink on the white panel, whatever the dark footer around it.
    const color = await dialog
      .locator('.dialog-body p')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe('rgb(229, 231, 235)');
    expect(await blockingViolations(page, '[role="dialog"]'), label).toEqual([]);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(dialog).toBeHidden();
  }
});

test.describe('a promo popup that is due while the visitor types', () => {
  test('waits: the field keeps the focus and the suggestions stay; it shows once typing stops', async ({
    page,
    request,
  }) => {
    const path = `/e2e-shop-help-popup-${test.info().project.name}`;
    await adminLogin(request);
    const now = Date.now();
    const created = await request.post('/api/admin/popups', {
      data: {
        title: `Popup ${path}`,
        content: 'Promo yang menunggu.',
        type: 'promo',
        targetUrl: '',
        buttonText: 'Oke',
        backgroundColor: '#ffffff',
        textColor: '#000000',
        imageUrl: '',
        imagePosition: 'none',
        startDate: new Date(now - 60_000).toISOString(),
        endDate: new Date(now + 86_400_000).toISOString(),
        showOnPages: path,
        triggerAfterSeconds: 1,
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const popup = (await created.json()) as Popup;
    await page.goto(path);
    const box = searchBox(page);
    // In the field from the first paint, before the popup's clock starts at hydration; then
    // focused again in one step, so the page's own focus handlers (the suggestions) see it.
    await box.focus();
    await hydrated(page);
    await box.evaluate((input: HTMLInputElement) => {
      input.blur();
      input.focus();
    });
    // Typing for longer than the popup's delay: it falls due meanwhile.
    await box.pressSequentially('sepatu lari', { delay: 250 });
    const dialog = page.getByRole('dialog', { name: popup.title });
    const list = page.getByRole('listbox', { name: 'Saran pencarian' }).filter({ visible: true });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(box).toBeFocused();
    await expect(dialog).toHaveCount(0);
    // Still in the field, not typing: it keeps waiting.
    await page.waitForTimeout(1500);
    await expect(dialog).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(list.getByRole('option').first()).toBeVisible();
    // Out of the field: it appears, and can be closed.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Tutup popup' }).click();
    await expect(dialog).toBeHidden();
    await request.delete(`/api/admin/popups/${popup.id}`);
  });
});

test('each badge, rank and category label shows once on cards and in the modal', async ({
  page,
  api,
}) => {
  const popular = await api.get<Product[]>('/api/products/featured/popular');
  await page.goto('/produk-terpopuler');
  await hydrated(page);
  const cards = page.locator('article.product-card');
  await expect(cards).toHaveCount(popular.length);
  for (const [index, product] of popular.entries()) {
    const card = cards.nth(index);
    // One rank on the card: the medal or "#N".
    await expect(card.locator('.rank-medal, .rank-number')).toHaveCount(1);
    if (product.badgeText) {
      await expect(card.getByText(product.badgeText, { exact: true })).toHaveCount(1);
    }
  }
  // A product whose badge repeats its category name: the word once in the modal.
  const { products } = await api.get<ProductListResponse>('/api/products?page=1&limit=100');
  const repeated = products.find(
    (p) => p.badgeText && p.category && p.badgeText.toLowerCase() === p.category.name.toLowerCase(),
  );
  expect(repeated, 'the demo catalogue has a "Flash Sale" product in "Flash Sale"').toBeDefined();
  await page.goto(`/?produk=${repeated!.id}`);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: repeated!.title });
  await expect(
    dialog.locator('.product-tags').getByText(repeated!.badgeText!, { exact: true }),
  ).toHaveCount(1);
});
