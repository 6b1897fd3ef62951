import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type Page } from '@playwright/test';
import type { PlatformLink, Product } from '../../shared/types';
import { openVisitors } from '../desktop/visitors';
import { CHROME_UA } from '../shopper';
import { ADMIN, expect, slugOf, test, unique, type AdminApi } from './fixtures';

// Every admin screen, at a laptop width and at a phone width: axe finds no serious or
// critical violation, and on the phone nothing runs off the side of the screen.
// ADMIN_SCREENSHOTS=<dir> also saves a full-page PNG of each screen at each width.

test.describe.configure({ timeout: 90_000 });

const SCREENSHOTS = process.env.ADMIN_SCREENSHOTS;
if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });

const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

interface Screen {
  name: string;
  path: string;
  /** Brings the screen into the state to check (a tab, a dialog). */
  open?: (page: Page, api: AdminApi) => Promise<void>;
}

async function openFirstProductDialog(page: Page, action: RegExp, dialogName: string) {
  await page.locator('#admin-main').getByRole('button', { name: action }).first().click();
  await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/admin/dashboard' },
  { name: 'categories', path: '/admin/categories' },
  { name: 'desktop-releases', path: '/admin/desktop' },
  {
    // A category with products: the admin is told so, with the count, instead of being asked.
    name: 'categories-in-use',
    path: '/admin/categories',
    open: async (page) => {
      await page
        .getByRole('article')
        .filter({ has: page.getByTestId('product-count').filter({ hasText: /^\d/ }) })
        .first()
        .getByRole('button', { name: /^Hapus / })
        .click();
      await expect(
        page.getByRole('dialog', { name: 'Kategori masih berisi produk' }),
      ).toBeVisible();
    },
  },
  {
    // An empty category: the spec's question, with its red confirm button.
    name: 'categories-delete',
    path: '/admin/categories',
    open: async (page, api) => {
      const name = unique('A11y Kosong');
      await api.post('/api/admin/categories', {
        name,
        slug: slugOf(name),
        icon: 'GiftIcon',
        color: 'text-yellow-500',
        group: 'Seasonal',
      });
      await page.reload();
      const card = page.getByRole('article', { name, exact: true });
      await expect(card.getByTestId('product-count')).toHaveText('Belum ada produk');
      await card.getByRole('button', { name: `Hapus ${name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Konfirmasi' })).toContainText(
        'Apakah Anda yakin ingin menghapus kategori ini?',
      );
    },
  },
  { name: 'products', path: '/admin/products' },
  {
    name: 'products-edit',
    path: '/admin/products',
    open: (page) => openFirstProductDialog(page, /^Edit /, 'Edit Produk'),
  },
  {
    name: 'products-prices',
    path: '/admin/products',
    open: (page) =>
      openFirstProductDialog(page, /^Kelola harga platform /, 'Kelola Harga Platform'),
  },
  ...['overview', 'contact', 'homepage', 'faq', 'seo', 'images', 'popups'].map((tab) => ({
    name: `content-${tab}`,
    path: `/admin/content?tab=${tab}`,
  })),
  ...['realtime', 'overview', 'traffic', 'performance'].map((tab) => ({
    name: `analytics-${tab}`,
    path: `/admin/analytics?tab=${tab}`,
  })),
  { name: 'users', path: '/admin/users' },
  { name: 'audit', path: '/admin/audit' },
];

/** Waits until the screen has its data: no loader, skeleton or '...' placeholder left. */
async function settle(page: Page) {
  await expect(page.locator('#admin-main, main').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('stat-value').filter({ hasText: '...' })).toHaveCount(0);
  // Transitions (dialogs, tabs) finish before colours are measured.
  await page.waitForTimeout(400);
}

/**
 * Visible elements whose right edge lies past the window and that no scrolling or clipping
 * box holds (such a box scrolls or cuts them on purpose, e.g. a tab list or a table).
 */
function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const held = (element: Element): boolean => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (overflowX !== 'visible' && box.getBoundingClientRect().right <= limit) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= limit) continue;
      if (getComputedStyle(element).visibility === 'hidden' || held(element)) continue;
      // Report the outermost offender only, not each of its children.
      if (found.length && element.parentElement?.closest('[data-off-screen]')) continue;
      element.setAttribute('data-off-screen', '');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      found.push(
        `${element.tagName.toLowerCase()}.${element.className} "${text}" ends at ${Math.round(rect.right)} px`,
      );
    }
    return found.slice(0, 8);
  });
}

async function check(page: Page, label: string, width: string) {
  await settle(page);
  if (SCREENSHOTS) {
    await page.screenshot({ path: `${SCREENSHOTS}/${label}-${width}.png`, fullPage: true });
  }
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  expect.soft(serious, `axe on ${label} at ${width} px`).toEqual([]);
  if (width === '390') {
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect
      .soft(overflow.scrollWidth, `${label} at 390 px is ${overflow.scrollWidth} px wide`)
      .toBeLessThanOrEqual(overflow.innerWidth);
    // A fixed header does not widen the page, so its overflow is found element by element.
    expect.soft(await offScreen(page), `${label} at 390 px: cut off at the right`).toEqual([]);
  }
}

/**
 * Some traffic, so the analytics charts and lists draw their labels: a few visitors over the
 * tracking socket, and marketplace clicks through /go on several platforms.
 */
test.beforeAll(async () => {
  const baseURL = process.env.E2E_BASE_URL ?? '';
  const close = await openVisitors(`${baseURL.replace(/^http/, 'ws')}/ws`, 3);
  const shopper = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'user-agent': CHROME_UA },
  });
  try {
    const { products } = (await (await shopper.get('/api/products?page=1&limit=6')).json()) as {
      products: Product[];
    };
    for (const product of products) {
      const links = (await (
        await shopper.get(`/api/platform-links/${product.id}`)
      ).json()) as PlatformLink[];
      for (const link of links) await shopper.get(`/go/${link.id}`, { maxRedirects: 0 });
    }
  } finally {
    await shopper.dispose();
    // The session and page view rows are written within the ingest's flush interval.
    setTimeout(close, 3000);
  }
});

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`admin at ${width} px`, () => {
    test.use({ viewport });

    test(`login, then sign-in and sign-out without a false console error (${width})`, async ({
      page,
    }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await check(page, 'login', width);

      // The session re-check after sign-in answers slowly, and the admin signs out while it
      // runs: react-query cancels it, which is no failure to report.
      await page.route('**/api/admin/me', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => undefined);
      });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.waitForTimeout(2000);
      // The browser's own line for the signed-out check's 401 is expected.
      expect(consoleErrors.filter((text) => !/status of 401/.test(text))).toEqual([]);
    });

    for (const screen of SCREENS) {
      test(`${screen.name} (${width})`, async ({ adminPage: page, api }) => {
        await page.goto(screen.path);
        await settle(page);
        await screen.open?.(page, api);
        await check(page, screen.name, width);
      });
    }
  });
}
