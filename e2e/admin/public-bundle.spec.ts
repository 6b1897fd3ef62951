import { expect, test } from '@playwright/test';
import { PUBLIC_PATHS } from '../../shared/public-routes';

// Admin code must never reach the public pages (docs/architecture.md#the-walls): separate entries guarantee it, and
// this checks what a visitor's browser actually downloads.
const ADMIN_MARKERS = [
  'Checking authentication...',
  'Kelola Harga Platform',
  'Redirecting to login...',
];

test('the public pages never load admin code', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const assets = new Map<string, string>();
  page.on('response', async (response) => {
    const url = response.url();
    if (/\.(js|css)(\?|$)/.test(url)) assets.set(url, await response.text().catch(() => ''));
  });
  for (const path of PUBLIC_PATHS) {
    await page.goto(`${baseURL ?? process.env.E2E_BASE_URL}${path}`);
    await page.waitForLoadState('networkidle');
  }
  expect(assets.size).toBeGreaterThan(0);
  for (const [url, body] of assets) {
    expect(url, 'an admin chunk was loaded').not.toMatch(
      /\/assets\/(admin|AdminApp|CategoriesAdminPage|ProductsPage|ContentPage|AnalyticsPage)-/,
    );
    for (const marker of ADMIN_MARKERS) {
      expect(body.includes(marker), `${url} contains admin text "${marker}"`).toBe(false);
    }
  }
});
