import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../api/src/server';
import type { Popup, ProductListResponse, SearchSuggestions } from '../../shared/types';
import { e2eServerConfig } from '../global-setup';
import { expect, hydrated, isPhone, test } from './fixtures';

const searchBox = (page: Page) =>
  page.locator(isPhone(page) ? '#search-mobile' : '#search-desktop');
const cards = (page: Page) => page.locator('#produk article.product-card');

test.describe('header suggestions', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
  });

  test('typing shows products and categories; choosing a product opens it', async ({
    page,
    api,
  }) => {
    const expected = await api.get<SearchSuggestions>('/api/search/suggest?q=sepa');
    expect(expected.products.length).toBeGreaterThan(0);
    const box = searchBox(page);
    await expect(box).toHaveAttribute('role', 'combobox');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.pressSequentially('sepa');
    const list = page.getByRole('listbox', { name: 'Saran pencarian' }).filter({ visible: true });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options).toHaveCount(expected.products.length + expected.categories.length);
    const first = expected.products[0]!;
    await expect(options.first()).toContainText(first.title);
    await expect(options.first()).toContainText(`-${first.discountPercentage}%`);
    await expect(options.first().locator('img')).toBeVisible();
    // A live region tells screen readers how many suggestions there are.
    await expect(page.getByRole('status').filter({ hasText: 'disarankan' })).toHaveText(
      new RegExp(`^${expected.products.length} produk`),
    );
    await options.first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]produk=${first.id}`));
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
  });

  test('the keyboard moves through suggestions; Escape closes; Enter searches', async ({
    page,
    api,
  }) => {
    const expected = await api.get<SearchSuggestions>('/api/search/suggest?q=sepa');
    const box = searchBox(page);
    await box.pressSequentially('sepa');
    const list = page.getByRole('listbox', { name: 'Saran pencarian' }).filter({ visible: true });
    const options = list.getByRole('option');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(0).getAttribute('id'))!,
    );
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue('sepa');
    // Enter with nothing chosen searches for the text.
    await box.press('Enter');
    await expect(page).toHaveURL(/\/\?search=sepa$/);
    const found = await api.get<ProductListResponse>('/api/products?search=sepa&limit=12');
    await expect(page.locator('.products-count')).toHaveText(
      `${found.totalCount} produk ditemukan untuk "sepa"`,
    );
    await expect(cards(page).first().getByRole('heading')).toHaveText(found.products[0]!.title);
    // Arrow down then Enter opens the product instead.
    await box.fill('');
    await box.pressSequentially('sepa');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`produk=${expected.products[0]!.id}`));
    await expect(page.getByRole('dialog', { name: expected.products[0]!.title })).toBeVisible();
  });

  test('choosing a category goes to its listing', async ({ page, api }) => {
    const expected = await api.get<SearchSuggestions>('/api/search/suggest?q=elektro');
    const category = expected.categories[0]!;
    expect(category).toBeDefined();
    await searchBox(page).pressSequentially('elektro');
    const option = page
      .getByRole('listbox', { name: 'Saran pencarian' })
      .filter({ visible: true })
      .getByRole('option', { name: new RegExp(category.name) });
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/\\?category=${category.slug}$`));
    await expect(page.locator('#products-title')).toHaveText(category.name);
  });
});

/**
 * A catalogue past the old 1,000-product search window: a server of its own (so the shared
 * e2e server's listing stays as the other specs expect), with 1,200 more products written
 * straight into its database, the oldest one carrying a word no other product has.
 */
test.describe('a catalogue of 1,200 more products', () => {
  // One server per project: both tests in one worker, with time to start it on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  const RARE = 'zamrudkilau';
  const COMMON = 'arsipgudang';
  let running: RunningServer;
  let dataDir: string;
  let base: string;
  let oldestId: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-search-'));
    running = await startServer({
      config: e2eServerConfig(dataDir),
      log: () => {},
    });
    base = `http://127.0.0.1:${running.port}`;
    const category = (await running.db.models.Category.findOne({ order: [['id', 'ASC']] }))!;
    const start = Date.now() - 400 * 24 * 3600_000;
    oldestId = randomUUID();
    const products = Array.from({ length: 1200 }, (_, i) => ({
      id: i === 0 ? oldestId : randomUUID(),
      categoryId: category.id,
      title: i === 0 ? `Cincin ${RARE} Perak ${COMMON}` : `Barang ${COMMON} nomor ${i}`,
      description: 'Produk lama dari gudang arsip.',
      imageUrl: '/favicon.svg',
      imageUrls: [],
      mediaType: 'default',
      discountPercentage: 10 + (i % 60),
      platforms: ['Shopee'],
      isActive: true,
      createdAt: new Date(start + i * 60_000),
      updatedAt: new Date(start + i * 60_000),
    }));
    await running.db.write((transaction) =>
      running.db.models.Product.bulkCreate(products, { transaction }),
    );
  });

  test.afterAll(async () => {
    await running?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    const popups = (await (await fetch(`${base}/api/popups/active`)).json()) as Popup[];
    await page.addInitScript(
      (ids) => {
        window.sessionStorage.setItem('dr_popups_dismissed', JSON.stringify(ids));
      },
      popups.map((popup) => popup.id),
    );
  });

  test('the oldest product is found by the header search and on /?search=', async ({ page }) => {
    // Past the first 1,000 products newest first: the old client-side search never saw it.
    const firstThousand = (await (
      await fetch(`${base}/api/products?page=1&limit=1000`)
    ).json()) as ProductListResponse;
    expect(firstThousand.totalCount).toBeGreaterThan(1200);
    expect(firstThousand.products.map((p) => p.id)).not.toContain(oldestId);

    await page.goto(`${base}/`);
    await hydrated(page);
    const box = searchBox(page);
    await box.pressSequentially(RARE.slice(0, 6));
    const option = page
      .getByRole('listbox', { name: 'Saran pencarian' })
      .filter({ visible: true })
      .getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(`Cincin ${RARE} Perak`);
    await box.fill(RARE);
    await box.press('Enter');
    await expect(page).toHaveURL(`${base}/?search=${RARE}`);
    await expect(page.locator('.products-count')).toHaveText(`1 produk ditemukan untuk "${RARE}"`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading')).toHaveText(
      `Cincin ${RARE} Perak ${COMMON}`,
    );
  });

  test('the results page is rendered on the server, counts and pages in the address', async ({
    page,
  }) => {
    // The server's own HTML already holds the ranked first page and the count, counted up to
    // SEARCH_COUNT_CAP (1,000): past it the first page says "1.000+".
    const html = (await (await fetch(`${base}/?search=${COMMON}`)).text()).replace(/<!-- -->/g, '');
    expect(html).toContain(`1.000+ produk ditemukan untuk &quot;${COMMON}&quot;`);
    expect(html.match(/<article class="product-card"/g)?.length).toBe(12);

    await page.goto(`${base}/?search=${COMMON}`);
    await hydrated(page);
    await expect(page.locator('#products-title')).toHaveText(`Hasil Pencarian "${COMMON}"`);
    await expect(page.locator('.products-count')).toHaveText(
      `1.000+ produk ditemukan untuk "${COMMON}"`,
    );
    await expect(cards(page)).toHaveCount(12);
    // The title match of the oldest product ranks with the others; newest first among them.
    await expect(cards(page).first().getByRole('heading')).toHaveText(
      `Barang ${COMMON} nomor 1199`,
    );
    const pager = page.getByRole('navigation', { name: 'Halaman produk' });
    await pager.getByRole('button', { name: 'Halaman 2' }).click();
    await expect(page).toHaveURL(`${base}/?search=${COMMON}&page=2`);
    await expect(cards(page).first().getByRole('heading')).toHaveText(
      `Barang ${COMMON} nomor 1187`,
    );
    await pager.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(page).toHaveURL(`${base}/?search=${COMMON}&page=3`);
    await expect(cards(page)).toHaveCount(12);
    // The last page straight from the address, rendered on the server: reading it counts every
    // match, so the count is exact again.
    await page.goto(`${base}/?search=${COMMON}&page=100`);
    await expect(page.locator('.products-count')).toHaveText(
      `1.200 produk ditemukan untuk "${COMMON}"`,
    );
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).last().getByRole('heading')).toHaveText(
      `Cincin ${RARE} Perak ${COMMON}`,
    );
    await expect(pager.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
  });
});
