import type { RealtimeStats } from '../../shared/types';
import { newShopperContext } from '../shopper';
import { expect, test, unique } from './fixtures';

test.describe.configure({ timeout: 90_000 });

test('analytics: four tabs, the Live badge over the real socket, and figures matching the API', async ({
  adminPage: page,
  api,
}) => {
  await page.goto('/admin/analytics');
  for (const name of ['Real-time', 'Overview', 'Traffic', 'Performance']) {
    await expect(page.getByRole('tab', { name })).toBeVisible();
  }
  await expect(page.getByTestId('socket-status')).toHaveText('Live');
  await expect(page.getByRole('link', { name: 'Kembali ke Dashboard' })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
  const stats = await api.get<RealtimeStats>('/api/admin/analytics/realtime');
  for (const label of [
    'Pengunjung Saat Ini',
    'Pengunjung Hari Ini',
    'Tampilan Halaman',
    'Klik CTA',
    'Pencarian',
  ]) {
    await expect(page.getByRole('region', { name: label }).getByTestId('figure-value')).toHaveText(
      /^[\d.]+$/,
    );
  }
  const countries = page.getByRole('region', { name: 'Negara Teratas' });
  for (const { country } of stats.topCountries) await expect(countries).toContainText(country);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/tab=overview/);
  for (const label of [
    'Total Pengunjung',
    'Pengunjung Mingguan',
    'Total Tampilan Halaman',
    'Tingkat Konversi',
  ]) {
    await expect(
      page.getByRole('region', { name: label }).getByTestId('figure-value'),
    ).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Tingkat Konversi' }).getByTestId('figure-value'),
  ).toHaveText(/%$/);
  await expect(page.getByRole('region', { name: 'Perangkat' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Referrer Teratas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await expect(page.getByRole('region', { name: '10 Negara Teratas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Halaman Teratas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('region', { name: 'Klik CTA per Platform' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Produk Teratas' })).toBeVisible();
});

test('analytics: realtime_stats messages update the figures, other and malformed messages do not, top 10 countries only', async ({
  adminPage: page,
}) => {
  const countries = Array.from({ length: 12 }, (_, i) => ({
    country: `Negara ${String(i + 1).padStart(2, '0')}`,
    count: 100 - i,
  }));
  const stats: RealtimeStats = {
    currentVisitors: 1234,
    todayVisitors: 5678,
    pageViewsLastHour: 90,
    ctaClicksLastHour: 12,
    searchesLastHour: 7,
    topCountries: countries,
    topPages: [{ path: '/promo-hari-ini', views: 42 }],
  };
  await page.routeWebSocket(/\/ws$/, (socket) => {
    socket.send(
      JSON.stringify({ type: 'something_else', data: { ...stats, currentVisitors: 999 } }),
    );
    socket.send('not json');
    // Malformed figures are ignored as the desktop app ignores them, not drawn (a missing list
    // used to break the tab).
    socket.send(JSON.stringify({ type: 'realtime_stats', data: { currentVisitors: 999 } }));
    socket.send(JSON.stringify({ type: 'realtime_stats', data: { ...stats, topPages: null } }));
    socket.send(JSON.stringify({ type: 'realtime_stats', data: stats }));
    socket.send(
      JSON.stringify({ type: 'realtime_stats', data: { ...stats, currentVisitors: '999' } }),
    );
  });
  await page.goto('/admin/analytics');
  await expect(page.getByTestId('socket-status')).toHaveText('Live');
  await expect(
    page.getByRole('region', { name: 'Pengunjung Saat Ini' }).getByTestId('figure-value'),
  ).toHaveText('1.234');
  await expect(
    page.getByRole('region', { name: 'Pengunjung Hari Ini' }).getByTestId('figure-value'),
  ).toHaveText('5.678');
  const top = page.getByRole('region', { name: 'Negara Teratas' });
  await expect(top).toContainText('Negara 10');
  await expect(top).not.toContainText('Negara 11');
  await expect(page.getByRole('region', { name: 'Halaman Teratas' })).toContainText(
    '/promo-hari-ini',
  );
});

test('analytics: the badge reads Disconnected when the socket closes, and a failing report says so', async ({
  adminPage: page,
}) => {
  await page.routeWebSocket(/\/ws$/, (socket) => socket.close());
  await page.route('**/api/admin/analytics/dashboard*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
  );
  await page.goto('/admin/analytics?tab=overview');
  await expect(page.getByTestId('socket-status')).toHaveText('Disconnected');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Gagal memuat ringkasan analytics' }),
  ).toBeVisible();
});

test('analytics: a shopper clicking a platform button goes through /go and the CTA figures rise', async ({
  adminPage: page,
  api,
  browser,
  baseURL,
}) => {
  const [category] = await api.get<{ id: string }[]>('/api/categories');
  const title = unique('E2E Klik');
  const product = await api.post<{ id: string }>('/api/admin/products', {
    categoryId: category!.id,
    title,
    description: 'Produk uji klik.',
    imageUrl: 'https://images.example.com/e2e/klik.jpg',
    imageUrls: [],
    videoUrl: '',
    mediaType: 'default',
    discountPercentage: 30,
    badgeText: '',
    badgeColor: 'green',
    platforms: ['Lazada'],
    isActive: true,
  });
  const link = await api.post<{ id: string }>('/api/admin/platform-links', {
    productId: product.id,
    platform: 'Lazada',
    affiliateUrl: 'https://www.lazada.co.id/e2e-klik',
    price: 'Rp 123.000',
  });
  const before = await api.get<RealtimeStats>('/api/admin/analytics/realtime');

  // A shopper of their own (no admin cookie) opens the product and clicks Lazada.
  const shopper = await newShopperContext(browser, { baseURL });
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(`/?produk=${product.id}`);
  const button = shopperPage.locator(`a.platform-button[href="/go/${link.id}"]`);
  await expect(button).toHaveAttribute('target', '_blank');
  const goResponse = shopper.waitForEvent('response', (r) => r.url().endsWith(`/go/${link.id}`));
  await Promise.all([shopper.waitForEvent('page'), button.click()]);
  const response = await goResponse;
  // The marketplace is not visited (no internet in tests); the redirect is what counts.
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('https://www.lazada.co.id/e2e-klik');
  await shopper.close();

  // Counted by the redirect (within a flush interval), once.
  await expect
    .poll(
      async () => (await api.get<RealtimeStats>('/api/admin/analytics/realtime')).ctaClicksLastHour,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(before.ctaClicksLastHour);
  const cta = await api.get<{ topProducts: { product: string; clicks: number }[] }>(
    '/api/admin/analytics/cta-performance',
  );
  expect(cta.topProducts).toContainEqual({ product: title, clicks: 1 });

  await page.goto('/admin/analytics');
  const figure = page.getByRole('region', { name: 'Klik CTA' }).getByTestId('figure-value');
  await expect
    .poll(async () => Number((await figure.textContent())?.replace(/\./g, '')), {
      // The live figures are pushed every few seconds.
      timeout: 20_000,
    })
    .toBeGreaterThan(before.ctaClicksLastHour);
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('region', { name: 'Produk Teratas' })).toContainText(title);
});

test('analytics: a shopper search that found nothing is listed under "Pencarian tanpa hasil"', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const term = `tidakadabarang${Date.now().toString(36)}`;
  // A shopper's browser: an automated one's searches are not counted (bot detection).
  const shopper = await newShopperContext(browser, { baseURL });
  const visitor = await shopper.newPage();
  await visitor.route(/geo\.e2e\.test/, (route) => route.abort());
  await visitor.goto(`/?search=${term}`);
  await expect(visitor.getByRole('heading', { name: 'Tidak Ada Hasil Pencarian' })).toBeVisible();

  await page.goto('/admin/analytics?tab=traffic');
  const panel = page.getByRole('region', { name: 'Pencarian tanpa hasil' });
  // The socket's writes are flushed on the server's own clock.
  await expect(async () => {
    await page.reload();
    await expect(panel.getByRole('row').filter({ hasText: term })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(
    panel.getByRole('row').filter({ hasText: term }).getByRole('cell').nth(1),
  ).toHaveText('1');
  await shopper.close();
});
