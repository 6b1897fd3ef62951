import type { Page } from '@playwright/test';
import type { CategoryWithCount, PlatformLink, ProductListResponse } from '../../shared/types';
import { formatRupiah, resolvePriceValue } from '../../shared/rules/price';
import { expect, hydrated, isPhone, test } from './fixtures';

// What a shopper on a phone sees first (issue #13): results before the hero, the modal's
// cheapest price without scrolling, card buttons on one line and never under the chat button.

test.beforeEach(({ page }) => {
  test.skip(!isPhone(page), 'the phone-first layout is checked at phone width');
});

const firstCard = (page: Page) => page.locator('#produk article.product-card').first();

test('a shared /?category= link shows products on the first screen', async ({ page, api }) => {
  const categories = await api.get<CategoryWithCount[]>('/api/categories');
  const category = categories.find((c) => c.productCount > 0)!;
  await page.goto(`/?category=${category.slug}`);
  // The server's HTML already leads with the products: no hero, the category is the heading.
  await expect(page.locator('.hero')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(firstCard(page)).toBeInViewport();
  await expect(firstCard(page).getByRole('link')).toBeInViewport();
});

test('a later page and a search lead with their results too', async ({ page }) => {
  await page.goto('/?page=2');
  await expect(page.locator('.hero')).toHaveCount(0);
  await expect(firstCard(page)).toBeInViewport();

  // From the home page scrolled down to its footer, a search brings its results into view.
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.hero')).toBeVisible();
  await page.locator('footer').scrollIntoViewIfNeeded();
  const box = page.locator('#search-mobile');
  await box.fill('sepatu');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?search=sepatu$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hasil Pencarian "sepatu"');
  await expect(firstCard(page)).toBeInViewport();
});

/** A product with two or more priced links, and its cheapest one. */
async function pricedProduct(api: { get<T>(path: string): Promise<T> }) {
  const { products } = await api.get<ProductListResponse>('/api/products?page=1&limit=40');
  for (const product of products) {
    const links = await api.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
    const priced = links.filter((link) => resolvePriceValue(link.price) !== null);
    if (priced.length < 2) continue;
    const price = (link: PlatformLink) => link.priceValue ?? resolvePriceValue(link.price)!;
    const cheapest = [...priced].sort((a, b) => price(a) - price(b))[0]!;
    return { product, cheapest, cheapestPrice: price(cheapest) };
  }
  throw new Error('No product with two priced links in the demo data');
}

test('the modal shows the cheapest price on the first screen and shares the full address', async ({
  page,
  api,
  baseURL,
}) => {
  const { product, cheapest, cheapestPrice } = await pricedProduct(api);
  // Opened directly, as from a shared link.
  await page.goto(`/?produk=${product.id}`);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: product.title });
  const bar = dialog.getByTestId('buy-bar');
  await expect(bar).toContainText('Harga termurah');
  await expect(bar).toContainText(formatRupiah(cheapestPrice));
  await expect(bar.getByText(formatRupiah(cheapestPrice), { exact: true })).toBeInViewport();
  const buy = bar.getByRole('link', { name: /Beli di/ });
  await expect(buy).toBeInViewport();
  await expect(buy).toHaveAttribute('href', `/go/${cheapest.id}`);
  await expect(buy).toHaveAttribute('rel', 'sponsored noopener');

  // The picture is capped: it leaves room for the prices below it.
  const picture = await dialog.locator('.product-media').boundingBox();
  const viewport = page.viewportSize()!;
  expect(picture!.height).toBeLessThanOrEqual(viewport.height * 0.45);

  const share = dialog.getByRole('link', { name: 'Bagikan ke WhatsApp' });
  const text = new URL((await share.getAttribute('href'))!).searchParams.get('text');
  expect(text).toContain(`${baseURL}/?produk=${product.id}`);
});

test('card buttons fit on one line at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  const buttons = page.locator('#produk .card-button');
  await expect(buttons.first()).toBeVisible();
  const overflowing = await buttons.evaluateAll((links) =>
    links
      .filter((link) => {
        const style = getComputedStyle(link);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const text = document.createRange();
        text.selectNodeContents(link);
        // One line of text, neither taller than a line nor wider than the button.
        return (
          text.getBoundingClientRect().height > lineHeight * 1.5 ||
          link.scrollWidth > link.clientWidth
        );
      })
      .map((link) => link.textContent),
  );
  expect(overflowing).toEqual([]);
});

test('the chat button never covers a card button', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const chat = page.locator('.chat-button');
  const chatBox = (await page.locator('.chat-dock').boundingBox())!;
  const buttons = page.locator('#produk .card-button');
  const count = await buttons.count();
  for (let index = 0; index < count; index += 1) {
    // Scroll so that the card's button sits exactly where the chat button floats.
    await buttons.nth(index).evaluate((link, bottom) => {
      const box = link.getBoundingClientRect();
      window.scrollBy(0, box.bottom - bottom);
    }, chatBox.y + chatBox.height);
    const button = (await buttons.nth(index).boundingBox())!;
    const x = Math.min(button.x + button.width - 8, chatBox.x + chatBox.width / 2);
    const y = button.y + button.height / 2;
    // Whatever lies on top at that point is the card's own button, not the chat button.
    await expect
      .poll(() =>
        page.evaluate(
          ([px, py]) => document.elementFromPoint(px!, py!)?.closest('a')?.className ?? '',
          [x, y],
        ),
      )
      .toContain('card-button');
  }
  // Over a card's picture (no link or button under it) the chat button is there to tap.
  const picture = page.locator('#produk article.product-card').nth(1).locator('.card-media');
  await picture.evaluate(
    (media, middle) => {
      const box = media.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - middle);
    },
    chatBox.y + chatBox.height / 2,
  );
  await expect(chat).not.toHaveClass(/stepped-aside/);
  await expect(chat).toBeInViewport();
  await expect(chat).toHaveCSS('opacity', '1');
});
