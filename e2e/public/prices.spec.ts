import { mkdirSync } from 'node:fs';
import type { PriceHistory } from '../../shared/rules/price-history';
import { formatRupiah } from '../../shared/rules/price';
import { priceVerdict } from '../../shared/rules/price-verdict';
import type { PlatformLink, ProductListResponse } from '../../shared/types';
import { allProducts, expect, hydrated, isPhone, newestProductWithLinks, test } from './fixtures';

/** Screenshots for the reviewer (not compared): e2e/screenshots is git-ignored output. */
const SHOTS = process.env.E2E_SCREENSHOTS ?? 'test-results/screenshots';

const platformLabel = (platform: string) => (platform === 'TikTok' ? 'TikTok Shop' : platform);

test('a product card shows its lowest price, the platform and the discount, server-rendered', async ({
  page,
  api,
  request,
}) => {
  const first = await api.get<ProductListResponse>('/api/products?page=1&limit=12');
  // A demo product (site images), not one another spec just created.
  const product = first.products.find((p) => p.lowestPrice && p.imageUrl.startsWith('/'))!;
  expect(product, 'a demo product with a price on the first page').toBeTruthy();
  const lowest = product.lowestPrice!;
  // The cheapest link really is the cheapest of the product's links.
  const links = await api.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
  const prices = links.map((l) => l.priceValue).filter((v): v is number => v !== null);
  expect(lowest.price).toBe(Math.min(...prices));
  expect(links.find((l) => l.id === lowest.linkId)?.platform).toBe(lowest.platform);

  const text = formatRupiah(lowest.price);
  // In the HTML before any script runs.
  const html = await (await request.get('/')).text();
  expect(html).toContain(text);

  await page.goto('/');
  const card = page.locator(`.product-card[data-product-id="${product.id}"]`);
  await expect(card.locator('.card-price-value')).toHaveText(text);
  await expect(card.locator('.card-price-where')).toHaveText(
    `di ${platformLabel(lowest.platform)}`,
  );
  mkdirSync(SHOTS, { recursive: true });
  await card.screenshot({ path: `${SHOTS}/card-${test.info().project.name}.png` });
});

test('promo and popular cards show prices too', async ({ page, api }) => {
  for (const [path, kind] of [
    ['/promo-hari-ini', 'promo'],
    ['/produk-terpopuler', 'popular'],
  ] as const) {
    const featured = await api.get<{ id: string; lowestPrice?: { price: number } | null }[]>(
      `/api/products/featured/${kind}`,
    );
    const priced = featured.find((p) => p.lowestPrice);
    if (!priced) continue;
    await page.goto(path);
    await expect(
      page.locator(`.product-card[data-product-id="${priced.id}"] .card-price-value`).first(),
    ).toHaveText(formatRupiah(priced.lowestPrice!.price));
  }
});

test('the product modal shows the price chart and the 30-day verdict', async ({
  page,
  api,
  request,
}) => {
  if (!isPhone(page)) await page.setViewportSize({ width: 1366, height: 900 });
  const products = await allProducts(api);
  let chosen: { id: string; history: PriceHistory } | null = null;
  for (const product of products.slice(0, 20)) {
    const history = await api.get<PriceHistory>(`/api/products/${product.id}/price-history`);
    if (history.platforms.length >= 2 && history.lowest30d) {
      chosen = { id: product.id, history };
      break;
    }
  }
  expect(chosen, 'a demo product with a price history on two platforms').not.toBeNull();
  const { id, history } = chosen!;
  const verdict = priceVerdict(history)!;

  // The product address has the verdict in its HTML.
  const html = await (await request.get(`/?produk=${id}`)).text();
  expect(html).toContain(verdict.lowest30d);
  expect(html).toContain('Harga terendah 30 hari terakhir: Rp ');

  await page.goto(`/?produk=${id}`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  const panel = dialog.getByRole('region', { name: 'Riwayat harga' });
  await expect(panel.locator('.price-low30')).toHaveText(verdict.lowest30d);
  await expect(panel.locator('.price-verdict')).toContainText(verdict.text);
  const chart = panel.getByRole('img', { name: /^Grafik harga/ });
  await expect(chart).toBeVisible();
  // One line, the lowest price; each marketplace is a toggle (e2e/public/shopping-prices.spec.ts).
  await expect(chart.locator('path.price-line-lowest')).toHaveCount(1);
  const toggles = panel.getByRole('group', { name: 'Tampilkan harga per marketplace' });
  for (const series of history.platforms) {
    await expect(toggles).toContainText(platformLabel(series.platform));
  }
  // The chart fits the dialog at this width.
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(box.height).toBeGreaterThan(60);

  mkdirSync(SHOTS, { recursive: true });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/modal-${page.viewportSize()!.width}.png` });
});

test('a platform button goes through /go/{linkId} in a new tab', async ({ page, api, context }) => {
  const { product, links } = await newestProductWithLinks(api);
  await page.goto(`/?produk=${product.id}`);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  for (const link of links) {
    const anchor = dialog.locator(`a.platform-button[href="/go/${link.id}"]`);
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', 'sponsored noopener');
  }
  // The new tab asks /go, which answers 302 to the marketplace (not followed: no internet in
  // tests, and routes do not see redirected requests).
  const goResponse = context.waitForEvent('response', (response) =>
    response.url().endsWith(`/go/${links[0]!.id}`),
  );
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    dialog.locator(`a.platform-button[href="/go/${links[0]!.id}"]`).click(),
  ]);
  const response = await goResponse;
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(links[0]!.affiliateUrl);
  expect(response.headers()['cache-control']).toBe('no-store');
  await tab.close();
});
