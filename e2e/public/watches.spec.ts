import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatRupiah } from '../../shared/rules/price';
import type { PlatformLink, Product, WatchConfigResponse } from '../../shared/types';
import { FakePushService } from '../../api/test/support/fake-push-service';
import { expect, hydrated, test } from './fixtures';

// Price watches as a shopper and staff see them (docs/contracts.md, "Price watches").
//
// What runs in the browser: the "Pantau harga" button and its lazy dialog, the real
// Notification.requestPermission() (granted by the context), the real service worker
// registration of /sw.js, the POST of the watch, localStorage and the /pantauan list.
// What does not: headless Debian Chromium has no push service (no GCM), so the page's
// PushManager.subscribe() is replaced by one that answers the subscription THIS TEST made (its
// own ECDH keys) on a local fake push service. The server then really signs (VAPID), encrypts
// (aes128gcm) and sends to that service, which checks and decrypts it; the decrypted payload is
// handed to the real service worker through the DevTools protocol, which shows the notification.
// The e2e server runs with FETCH_ALLOW_PRIVATE=true (e2e/global-setup.ts), so the http loopback
// endpoint is accepted.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} - ${v.help}`));
}

interface Made {
  product: Product;
  link: PlatformLink;
}

test.describe.configure({ timeout: 120_000 });

let push: FakePushService;
let made: Made | null = null;

test.beforeAll(async ({ request, baseURL }) => {
  const config = (await (
    await request.get(`${baseURL}/api/push/public-key`)
  ).json()) as WatchConfigResponse;
  push = new FakePushService(() => config.publicKey);
  await push.start();
});

test.afterAll(async () => {
  await push.close();
});

/** An active product of this test only, on Shopee at Rp 500.000 (deleted after the test). */
async function makeProduct(page: Page, baseURL: string): Promise<Made> {
  const login = await page.request.post(`${baseURL}/api/admin/login`, {
    data: { username: 'admin', password: 'admin12345' },
  });
  expect(login.ok()).toBeTruthy();
  const categories = (await (await page.request.get(`${baseURL}/api/admin/categories`)).json()) as {
    id: string;
  }[];
  const title = `E2E Pantau ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const product = (await (
    await page.request.post(`${baseURL}/api/admin/products`, {
      data: {
        categoryId: categories[0]!.id,
        title,
        description: 'Produk uji pantauan harga.',
        imageUrl: '/media/favicon.svg',
        mediaType: 'default',
        discountPercentage: 10,
        badgeColor: 'green',
        platforms: ['Shopee'],
        isActive: true,
      },
    })
  ).json()) as Product;
  const response = await page.request.post(`${baseURL}/api/admin/platform-links`, {
    data: {
      productId: product.id,
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/e2e-pantau',
      price: 'Rp 500.000',
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { product, link: (await response.json()) as PlatformLink };
}

async function setPrice(page: Page, baseURL: string, link: PlatformLink, price: string) {
  const response = await page.request.put(`${baseURL}/api/admin/platform-links/${link.id}`, {
    data: { platform: 'Shopee', affiliateUrl: 'https://shopee.co.id/e2e-pantau', price },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test.afterEach(async ({ page, baseURL }) => {
  // The product of the test goes, its watches with it: nothing is left for other specs.
  if (made) await page.request.delete(`${baseURL}/api/admin/products/${made.product.id}`);
  made = null;
  // The admin session of the setup is signed out of this context only.
  await page.context().clearCookies();
});

/** The page's push subscription becomes the one this test made on the fake push service. */
async function useTestSubscription(page: Page, subscription: unknown) {
  await page.addInitScript((json) => {
    const fake = { endpoint: (json as { endpoint: string }).endpoint, toJSON: () => json };
    PushManager.prototype.subscribe = () => Promise.resolve(fake as unknown as PushSubscription);
    PushManager.prototype.getSubscription = () => Promise.resolve(null);
  }, subscription);
}

test('a shopper watches a product, the price drops in the admin, the push arrives and /pantauan shows the drop', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  made = await makeProduct(page, baseURL!);
  const { product, link } = made;
  const name = `shopper-${test.info().project.name}-${Date.now()}`;
  const subscription = push.subscribe(name);
  await useTestSubscription(page, subscription.toJSON());

  await page.goto(`/?produk=${product.id}`);
  await hydrated(page);
  const modal = page.getByRole('dialog', { name: product.title });
  const button = modal.getByRole('button', { name: 'Pantau harga' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pantau harga' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Setiap harga turun' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Marketplace' })).toHaveValue('');
  expect(await blockingViolations(page)).toEqual([]);

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/watches') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Pantau harga' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog.getByRole('status')).toContainText('Harga dipantau.');
  // The real service worker is registered at the site's scope.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('diskonradar.watches') ?? '[]'),
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    productId: product.id,
    platform: null,
    rule: { kind: 'any' },
    priceAtWatch: 500_000,
    channel: 'push',
  });
  expect(stored[0].token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(modal.getByRole('button', { name: 'Dipantau' })).toBeVisible();

  // Staff drop the price; the server signs, encrypts and sends the notification.
  await setPrice(page, baseURL!, link, 'Rp 400.000');
  await expect.poll(() => push.deliveries(name).length, { timeout: 30_000 }).toBe(1);
  expect(push.rejected).toEqual([]);
  const payload = push.deliveries(name)[0]!.payload;
  expect(payload).toMatchObject({
    title: 'Harga turun',
    body: `Harga turun: ${formatRupiah(400_000)} di Shopee, sebelumnya ${formatRupiah(500_000)}`,
    url: `/?produk=${product.id}`,
  });

  // The decrypted payload, delivered to the real service worker, becomes a notification.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...(event.registrations as typeof registrations));
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: registrations.find((r) => r.scopeURL === `${baseURL}/`)!.registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        }));
      }),
    )
    .toEqual([
      {
        title: `Harga turun: ${product.title}`,
        body: payload.body,
        url: `/?produk=${product.id}`,
      },
    ]);

  // The watchlist shows the price then and now and the drop, in green.
  await page.goto('/pantauan');
  await hydrated(page);
  const item = page.getByTestId('watch-item').filter({ hasText: product.title });
  await expect(item).toContainText(`Harga awal${formatRupiah(500_000)}`);
  await expect(item).toContainText(`Harga sekarang${formatRupiah(400_000)}`);
  const change = item.locator('.watch-change');
  await expect(change).toHaveText(`Turun ${formatRupiah(100_000)} (20%)`);
  await expect(change).toHaveCSS('color', 'rgb(21, 128, 61)');
  await expect(item.locator('.watch-state')).toHaveText('Aktif');
  await expect(item.getByRole('link', { name: product.title })).toHaveAttribute(
    'href',
    `/?produk=${product.id}`,
  );
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await blockingViolations(page), `/pantauan at ${width}`).toEqual([]);
  }

  // "Hapus" deletes it on the server too.
  const watchId = stored[0].id as string;
  const token = stored[0].token as string;
  await item.getByRole('button', { name: `Hapus pantauan ${product.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Belum ada pantauan' })).toBeVisible();
  const gone = await page.request.get(`${baseURL}/api/watches/${watchId}?token=${token}`);
  expect(gone.status()).toBe(404);
});

test('without permission the watch stays on this device; /pantauan shows it, and "Hapus semua" asks first', async ({
  page,
  context,
  baseURL,
}) => {
  await context.clearPermissions();
  made = await makeProduct(page, baseURL!);
  const { product, link } = made;
  // The shopper refuses notifications.
  await page.addInitScript(() => {
    Notification.requestPermission = () => Promise.resolve('denied');
  });
  await page.goto(`/?produk=${product.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Pantau harga' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pantau harga' });
  await dialog.getByRole('radio', { name: 'Di bawah harga' }).check();
  const target = dialog.getByLabel('Harga target (Rp)');
  await target.fill('450000');
  await expect(target).toHaveValue('450.000');
  await dialog.getByRole('combobox', { name: 'Marketplace' }).selectOption('Shopee');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await blockingViolations(page), `dialog at ${width}`).toEqual([]);
  }
  await dialog.getByRole('button', { name: 'Pantau harga' }).click();
  await expect(dialog).toContainText('Pantauan disimpan di perangkat ini.');
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('diskonradar.watches') ?? '[]'),
  );
  expect(stored).toMatchObject([
    {
      id: null,
      token: null,
      platform: 'Shopee',
      rule: { kind: 'below', price: 450_000 },
      channel: 'local',
    },
  ]);

  await setPrice(page, baseURL!, link, 'Rp 440.000');
  await page.goto('/pantauan');
  await hydrated(page);
  const item = page.getByTestId('watch-item');
  await expect(item).toContainText(`Harga sekarang${formatRupiah(440_000)}`);
  await expect(item.locator('.watch-change')).toHaveText(`Turun ${formatRupiah(60_000)} (12%)`);
  await expect(item.locator('.watch-state')).toHaveText('Hanya di perangkat ini');

  await page.getByRole('button', { name: 'Hapus semua' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus semua pantauan?' });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(item).toHaveCount(1);
  await page.getByRole('button', { name: 'Hapus semua' }).click();
  await confirm.getByRole('button', { name: 'Ya, hapus semua' }).click();
  await expect(page.getByRole('heading', { name: 'Belum ada pantauan' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('diskonradar.watches'))).toBe('[]');
});

test('/pantauan is server-rendered, noindex, and linked from the footer', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/pantauan')).text();
  expect(html).toContain('Pantauan Harga');
  expect(html).toMatch(/<meta name="robots" content="noindex/);
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pantauan' }).click();
  await expect(page).toHaveURL(/\/pantauan$/);
  await expect(page.getByRole('heading', { name: 'Belum ada pantauan' })).toBeVisible();
});
