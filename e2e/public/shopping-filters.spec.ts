import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../api/src/server';
import type { Popup } from '../../shared/types';
import { e2eServerConfig } from '../global-setup';
import { expect, hydrated, isPhone, test } from './fixtures';

/**
 * Sorting and filters of a category page (docs/contracts.md, "Shopping") on a server of this
 * spec's own, so its products never show on the shared server's pages. Four shoes, oldest first:
 *   Alfa  50%  Shopee 300.000, Lazada 250.000
 *   Beta  20%  Shopee 120.000
 *   Gama  10%  Tokopedia 80.000
 *   Delta 60%  Shopee 500.000, out of stock (no price to sort by: last)
 */
test.describe('sorting and filters on a category page', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  const SLUG = 'sepatu-uji-filter';
  let running: RunningServer;
  let dataDir: string;
  let base: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-filters-'));
    running = await startServer({ config: e2eServerConfig(dataDir), log: () => {} });
    base = `http://127.0.0.1:${running.port}`;
    const { Category, Product, PlatformLink } = running.db.models;
    const category = await Category.create({
      name: 'Sepatu Uji Filter',
      slug: SLUG,
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    // Today's promo is these four alone, in the staff's order: Gama, Delta, Alfa, Beta.
    await Product.update({ isFeaturedPromo: false }, { where: { isFeaturedPromo: true } });
    const promoOrder: Record<string, number> = { Gama: 1, Delta: 2, Alfa: 3, Beta: 4 };
    const start = Date.now() - 30 * 24 * 3600_000;
    const shoes: [string, number, [string, number, string?][]][] = [
      [
        'Alfa',
        50,
        [
          ['Shopee', 300_000],
          ['Lazada', 250_000],
        ],
      ],
      ['Beta', 20, [['Shopee', 120_000]]],
      ['Gama', 10, [['Tokopedia', 80_000]]],
      ['Delta', 60, [['Shopee', 500_000, 'out_of_stock']]],
    ];
    for (const [i, [name, discount, links]] of shoes.entries()) {
      const product = await Product.create({
        id: randomUUID(),
        categoryId: category.id,
        title: `Sepatu Lari ${name}`,
        description: 'Sepatu uji filter.',
        imageUrl: '/favicon.svg',
        imageUrls: [],
        mediaType: 'default',
        discountPercentage: discount,
        platforms: links.map(([platform]) => platform),
        isActive: true,
        isFeaturedPromo: true,
        featuredOrder: promoOrder[name],
        createdAt: new Date(start + i * 60_000),
      });
      for (const [platform, price, availability] of links) {
        await PlatformLink.create({
          productId: product.id,
          platform,
          affiliateUrl: `https://example.com/${name}/${platform}`,
          price: `Rp ${price.toLocaleString('id-ID')}`,
          priceValue: price,
          availability: (availability as 'out_of_stock' | undefined) ?? 'in_stock',
        });
      }
    }
  });

  test.afterAll(async () => {
    await running?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    if (!isPhone(page)) await page.setViewportSize({ width: 1366, height: 800 });
    const popups = (await (await fetch(`${base}/api/popups/active`)).json()) as Popup[];
    await page.addInitScript(
      (ids) => window.sessionStorage.setItem('dr_popups_dismissed', JSON.stringify(ids)),
      popups.map((popup) => popup.id),
    );
  });

  const titles = (page: Page) => page.locator('#produk article.product-card .card-title');
  const names = (list: string[]) => list.map((name) => `Sepatu Lari ${name}`);
  const form = (page: Page) => page.getByRole('search', { name: 'Urutkan dan filter produk' });

  test('the server renders the address without JavaScript, and the form sends one', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${base}/?category=${SLUG}&sort=price_asc&platform=shopee`);
    await expect(titles(page)).toHaveText(names(['Beta', 'Alfa', 'Delta']));
    // Each card shows the price the filter and sort read: Alfa's on Shopee, not its cheaper
    // Lazada offer.
    await expect(
      page
        .locator('#produk article.product-card')
        .filter({ hasText: 'Alfa' })
        .locator('.card-price'),
    ).toContainText(/Rp 300\.000.*di Shopee/);
    await expect(page.locator('.products-count')).toHaveText('3 produk ditemukan');
    await expect(form(page).getByLabel('Urutkan')).toHaveValue('price_asc');
    const shopee = form(page).getByRole('checkbox', { name: /Shopee/ });
    await expect(shopee).toBeChecked();
    // Counts per option: each counted without its own filter.
    await expect(form(page).locator('label').filter({ hasText: 'Shopee' })).toContainText(
      'Shopee (3)',
    );
    await expect(form(page).locator('label').filter({ hasText: 'Lazada' })).toContainText('(1)');
    await expect(page.getByRole('link', { name: 'Hapus filter Shopee' })).toBeVisible();

    await form(page)
      .getByRole('checkbox', { name: /Lazada/ })
      .check();
    await form(page).getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(/platform=Shopee&platform=Lazada/);
    // Alfa on Shopee or Lazada: its cheaper Lazada price, 250.000.
    await expect(titles(page)).toHaveText(names(['Beta', 'Alfa', 'Delta']));
    await form(page)
      .getByRole('radio', { name: /^50% ke atas/ })
      .check();
    await form(page).getByRole('button', { name: 'Terapkan' }).click();
    await expect(titles(page)).toHaveText(names(['Alfa', 'Delta']));
    await context.close();
  });

  test('sorting and ticking update the address and the list in place', async ({ page }) => {
    await page.goto(`${base}/?category=${SLUG}`);
    await hydrated(page);
    await expect(titles(page)).toHaveText(names(['Delta', 'Gama', 'Beta', 'Alfa']));
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const sort = form(page).getByLabel('Urutkan');
    await expect(sort.locator('option')).toHaveText([
      'Terbaru',
      'Diskon terbesar',
      'Harga terendah',
      'Harga tertinggi',
      'Hemat terbanyak',
    ]);
    await sort.selectOption({ label: 'Harga terendah' });
    await expect(page).toHaveURL(`${base}/?category=${SLUG}&sort=price_asc`);
    await expect(titles(page)).toHaveText(names(['Gama', 'Beta', 'Alfa', 'Delta']));
    await sort.selectOption({ label: 'Diskon terbesar' });
    await expect(titles(page)).toHaveText(names(['Delta', 'Alfa', 'Beta', 'Gama']));

    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Filter produk' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toBeInViewport();
      const axe = await new AxeBuilder({ page }).include('.filter-sheet').analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeFocused();
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await sheet.getByRole('checkbox', { name: /Stok tersedia/ }).check();
      // Nothing applies before the sheet's own button.
      await expect(page).toHaveURL(`${base}/?category=${SLUG}&sort=discount`);
      await sheet.getByRole('button', { name: /^Tampilkan/ }).click();
      await expect(sheet).toBeHidden();
    } else {
      await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeHidden();
      await form(page)
        .getByRole('checkbox', { name: /Stok tersedia/ })
        .check();
    }
    await expect(page).toHaveURL(`${base}/?category=${SLUG}&sort=discount&inStock=true`);
    await expect(titles(page)).toHaveText(names(['Alfa', 'Beta', 'Gama']));
    await expect(page.locator('.products-count')).toHaveText('3 produk ditemukan');
    await expect(form(page).locator('label').filter({ hasText: 'Shopee' })).toContainText(
      'Shopee (2)',
    );

    await page.getByRole('link', { name: 'Hapus filter Stok tersedia' }).click();
    await expect(page).toHaveURL(`${base}/?category=${SLUG}&sort=discount`);
    await expect(titles(page)).toHaveCount(4);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  test('a price range and the reset', async ({ page }) => {
    await page.goto(`${base}/?category=${SLUG}&minPrice=100000&maxPrice=260000&sort=price_desc`);
    await hydrated(page);
    await expect(titles(page)).toHaveText(names(['Alfa', 'Beta']));
    await expect(page.getByRole('link', { name: 'Hapus filter Mulai Rp 100.000' })).toBeVisible();
    await page
      .locator('.filter-chips')
      .getByRole('link', { name: 'Hapus filter', exact: true })
      .click();
    await expect(page).toHaveURL(`${base}/?category=${SLUG}&sort=price_desc`);
    await expect(titles(page)).toHaveText(names(['Alfa', 'Beta', 'Gama', 'Delta']));
  });

  test('the promo page takes the same sorting and filters, rendered on the server', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${base}/promo-hari-ini?sort=price_asc&platform=shopee`);
    await expect(titles(page)).toHaveText(names(['Beta', 'Alfa', 'Delta']));
    await expect(page.getByText('3 produk promo pilihan hari ini')).toBeVisible();
    await expect(form(page).getByLabel('Urutkan')).toHaveValue('price_asc');
    await expect(form(page).locator('label').filter({ hasText: 'Shopee' })).toContainText(
      'Shopee (3)',
    );
    await expect(form(page).locator('label').filter({ hasText: 'Tokopedia' })).toContainText('(1)');
    await form(page)
      .getByRole('radio', { name: /^50% ke atas/ })
      .check();
    await form(page).getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(
      /\/promo-hari-ini\?sort=price_asc&platform=Shopee&.*minDiscount=50/,
    );
    await expect(titles(page)).toHaveText(names(['Alfa', 'Delta']));
    await context.close();
  });

  test('the promo page sorts and filters in place, its own order first', async ({ page }) => {
    await page.goto(`${base}/promo-hari-ini`);
    await hydrated(page);
    await expect(titles(page)).toHaveText(names(['Gama', 'Delta', 'Alfa', 'Beta']));
    await expect(page.getByText('4 produk promo pilihan hari ini')).toBeVisible();
    const sort = form(page).getByLabel('Urutkan');
    await expect(sort.locator('option')).toHaveText([
      'Pilihan promo',
      'Terbaru',
      'Diskon terbesar',
      'Harga terendah',
      'Harga tertinggi',
      'Hemat terbanyak',
    ]);
    await sort.selectOption({ label: 'Harga terendah' });
    await expect(page).toHaveURL(`${base}/promo-hari-ini?sort=price_asc`);
    await expect(titles(page)).toHaveText(names(['Gama', 'Beta', 'Alfa', 'Delta']));
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Filter produk' });
      await expect(sheet).toBeInViewport();
      const axe = await new AxeBuilder({ page }).include('.filter-sheet').analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
      await sheet.getByRole('checkbox', { name: /Stok tersedia/ }).check();
      await sheet.getByRole('button', { name: /^Tampilkan/ }).click();
      await expect(sheet).toBeHidden();
    } else {
      await form(page)
        .getByRole('checkbox', { name: /Stok tersedia/ })
        .check();
    }
    await expect(page).toHaveURL(`${base}/promo-hari-ini?sort=price_asc&inStock=true`);
    await expect(titles(page)).toHaveText(names(['Gama', 'Beta', 'Alfa']));
    await expect(page.getByText('3 produk promo pilihan hari ini')).toBeVisible();
    await page.getByRole('link', { name: 'Hapus filter Stok tersedia' }).click();
    await expect(page).toHaveURL(`${base}/promo-hari-ini?sort=price_asc`);
    await expect(titles(page)).toHaveCount(4);
  });
});
