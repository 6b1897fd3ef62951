import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startServer, type RunningServer } from '../../api/src/server';
import { toDbTimestamp } from '../../api/src/db/timestamps';
import type { Popup } from '../../shared/types';
import { e2eServerConfig } from '../global-setup';
import { expect, hydrated, isPhone, test } from './fixtures';

// Prices shoppers can read (docs/contracts.md): a server of its own, so the product made here
// (the newest on that server) never reaches the other specs' home page.
const DAY = 24 * 3600_000;

test.describe('prices shoppers can read', () => {
  let running: RunningServer;
  let dataDir: string;
  let base: string;
  const productId = randomUUID();
  const title = `Kamera Mirrorless Uji Harga ${productId.slice(0, 6)}`;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-prices-'));
    running = await startServer({ config: e2eServerConfig(dataDir), log: () => {} });
    base = `http://127.0.0.1:${running.port}`;
    const { db } = running;
    const category = (await db.models.Category.findOne({ order: [['id', 'ASC']] }))!;
    await db.write(async (transaction) => {
      await db.models.Product.create(
        {
          id: productId,
          categoryId: category.id,
          title,
          description: 'Produk uji harga sebelum dan sesudah diskon.',
          imageUrl: '/favicon.svg',
          imageUrls: [],
          mediaType: 'image',
          discountPercentage: 35,
          platforms: ['Shopee', 'Lazada', 'Blibli'],
          isActive: true,
        },
        { transaction },
      );
      const link = (platform: string, price: number, extra: Record<string, unknown> = {}) =>
        db.models.PlatformLink.create(
          {
            productId,
            platform,
            affiliateUrl: `https://example.com/${platform}`,
            price: `Rp ${price.toLocaleString('id-ID')}`,
            priceValue: price,
            ...extra,
          },
          { transaction },
        );
      const shopee = await link('Shopee', 1_299_000, { originalPriceValue: 2_000_000 });
      await link('Lazada', 1_400_000);
      // Cheaper, but out of stock: never "the cheapest".
      await link('Blibli', 1_250_000, { availability: 'out_of_stock' });
      // Shopee's past prices: 200, 60 and 10 days ago (the 30-day lowest).
      for (const [daysAgo, price] of [
        [200, 1_800_000],
        [60, 1_500_000],
        [10, 1_199_000],
      ] as const) {
        await db.sequelize.query(
          `INSERT INTO price_points ("linkId", "productId", platform, price, at)
           VALUES (?, ?, 'Shopee', ?, ?)`,
          {
            replacements: [shopee.id, productId, price, toDbTimestamp(Date.now() - daysAgo * DAY)],
            transaction,
          },
        );
      }
    });
  });

  test.afterAll(async () => {
    await running?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    if (!isPhone(page)) await page.setViewportSize({ width: 1366, height: 900 });
    const popups = (await (await fetch(`${base}/api/popups/active`)).json()) as Popup[];
    await page.addInitScript(
      (ids) => window.sessionStorage.setItem('dr_popups_dismissed', JSON.stringify(ids)),
      popups.map((popup) => popup.id),
    );
  });

  test('a card shows the price, the price before the discount struck through and the saving', async ({
    page,
  }) => {
    // Server-rendered: in the HTML before any script.
    const address = `${base}/?search=${encodeURIComponent(title)}`;
    const html = await (await fetch(address)).text();
    expect(html).toContain('Hemat Rp 701.000');
    await page.goto(address);
    const card = page.locator(`.product-card[data-product-id="${productId}"]`);
    await expect(card.locator('.card-price-value')).toHaveText('Rp 1.299.000');
    await expect(card.locator('del.price-before')).toHaveText('Harga sebelum diskon: Rp 2.000.000');
    await expect(card.locator('del.price-before')).toBeVisible();
    await expect(card.locator('.price-saving')).toHaveText('Hemat Rp 701.000');
    await expect(card.locator('.card-price-where')).toHaveText('di Shopee');
  });

  test('the product address and its modal show each marketplace, Stok habis and the chart', async ({
    page,
  }) => {
    // Three ranges, a toggle, a table and axe: more steps than most specs.
    test.setTimeout(90_000);
    const html = await (await fetch(`${base}/?produk=${productId}`)).text();
    expect(html).toContain('Stok habis');
    expect(html).toContain('Hemat Rp 701.000');

    await page.goto(`${base}/?produk=${productId}`);
    await hydrated(page);
    const dialog = page.getByRole('dialog', { name: title });
    const button = (platform: string) =>
      dialog.locator('a.platform-button').filter({ hasText: platform });
    await expect(button('Shopee')).toContainText('Rp 2.000.000');
    await expect(button('Shopee')).toContainText('Hemat Rp 701.000');
    await expect(button('Shopee')).toContainText('Harga termurah');
    // Derived from the 35% discount: 1.400.000 / 0,65, rounded to Rp 1.000.
    await expect(button('Lazada').locator('del')).toContainText('Rp 2.154.000');
    await expect(button('Lazada')).toContainText('Hemat Rp 754.000');
    await expect(button('Blibli')).toContainText('Stok habis');
    await expect(button('Blibli')).not.toContainText('Harga termurah');

    const panel = dialog.getByRole('region', { name: 'Riwayat harga' });
    await expect(panel.locator('.price-low30')).toHaveText(
      'Harga terendah 30 hari terakhir: Rp 1.199.000 (Shopee)',
    );
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.locator('.price-low-label')).toHaveText('Terendah 30 hari');
    const figure = panel.locator('figure.price-chart');
    const chart = panel.getByRole('img', { name: /^Grafik harga/ });
    await expect(figure).toHaveAttribute('data-days', '90');
    const ninety = await chart.getAttribute('aria-label');
    // One line, the lowest price; a marketplace's line on demand.
    await expect(chart.locator('path.price-line-lowest')).toHaveCount(1);
    await expect(chart.locator('path.price-line-platform')).toHaveCount(0);
    const ranges = panel.getByRole('group', { name: 'Rentang waktu' });
    await expect(ranges.getByRole('button', { name: '90 hari' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await ranges.getByRole('button', { name: '1 tahun' }).click();
    await expect(figure).toHaveAttribute('data-days', '365');
    await expect(panel.getByRole('heading', { name: 'Riwayat Harga 1 Tahun' })).toBeVisible();
    // A year starts further back.
    await expect(chart).not.toHaveAttribute('aria-label', ninety!);
    await expect(chart).toHaveAttribute('aria-label', /tertinggi Rp 1\.800\.000/);
    await ranges.getByRole('button', { name: '30 hari' }).click();
    await expect(figure).toHaveAttribute('data-days', '30');
    await expect(chart).toHaveAttribute('aria-label', /tertinggi Rp 1\.500\.000/);
    const toggles = panel.getByRole('group', { name: 'Tampilkan harga per marketplace' });
    await toggles.getByRole('button', { name: 'Lazada' }).click();
    await expect(chart.locator('path.price-line-platform[data-platform="Lazada"]')).toHaveCount(1);
    // The rupiah axis is short enough for a phone.
    await expect(chart.locator('text.price-axis').first()).toHaveText(/^Rp [\d,]+ (jt|rb)$/);
    // The text alternative.
    await panel.getByText('Lihat tabel harga').click();
    await expect(panel.getByRole('row', { name: /Harga termurah/ })).toContainText('Rp 1.199.000');

    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const blocking = axe.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
