import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type {
  DevicesReport,
  FunnelReport,
  ProductsReport,
  SourcesReport,
} from '../../shared/schemas/analytics-reports';
import { DAY_MS, jakartaDate } from '../../shared/rules/jakarta-days';
import { newShopperContext } from '../shopper';
import { expect, test, unique, type AdminApi } from './fixtures';

// The reports of "Analytics staff act on" (Sumber kunjungan, Corong, Produk, Perangkat): a
// shopper's journey with a campaign address and a /go click shows the same figures in every
// report and in the API; each screen passes axe at 1366 and 390 px; the period lives in the
// address; "Unduh CSV" downloads the same report as CSV.

test.describe.configure({ timeout: 120_000 });

function today() {
  return jakartaDate(Date.now());
}
function daysAgo(days: number) {
  return jakartaDate(Date.now() - days * DAY_MS);
}

async function settle(page: Page) {
  await expect(page.locator('#admin-main')).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 20_000,
  });
  await page.waitForTimeout(400);
}

async function axe(page: Page, label: string) {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect.soft(serious, `axe on ${label}`).toEqual([]);
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width.scroll, `${label} is wider than the window`).toBeLessThanOrEqual(width.inner);
}

/** A shopper lands from a campaign address, opens a product and clicks through /go. */
async function journey(
  page: Page,
  api: AdminApi,
  campaign: string,
): Promise<{ productId: string; title: string }> {
  const [category] = await api.get<{ id: string }[]>('/api/categories');
  const title = unique('E2E Laporan');
  const product = await api.post<{ id: string }>('/api/admin/products', {
    categoryId: category!.id,
    title,
    description: 'Produk uji laporan.',
    imageUrl: 'https://images.example.com/e2e/laporan.jpg',
    imageUrls: [],
    videoUrl: '',
    mediaType: 'default',
    discountPercentage: 25,
    badgeText: '',
    badgeColor: 'green',
    platforms: ['Lazada'],
    isActive: true,
  });
  const link = await api.post<{ id: string }>('/api/admin/platform-links', {
    productId: product.id,
    platform: 'Lazada',
    affiliateUrl: 'https://www.lazada.co.id/e2e-laporan',
    price: 'Rp 99.000',
  });
  const browser = page.context().browser()!;
  // A shopper's browser, not an automated one: the server counts those as bots.
  const shopper = await newShopperContext(browser, { baseURL: process.env.E2E_BASE_URL });
  await shopper.route(/geo\.e2e\.test/, (route) => route.abort());
  await shopper.route(/lazada\.co\.id/, (route) => route.fulfill({ body: 'ok' }));
  const visitor = await shopper.newPage();
  await visitor.goto(`/?utm_source=e2e-wa&utm_medium=chat&utm_campaign=${campaign}`);
  // The tracker has taken the landing address (kept for the visit, web/src/tracking/tracker.ts);
  // a shopper who leaves before its script ran is not attributed, as on any site.
  await visitor.waitForFunction(() => window.sessionStorage.getItem('dr_landing') !== null);
  await visitor.goto(`/?produk=${product.id}`);
  const button = visitor.locator(`a.platform-button[href="/go/${link.id}"]`);
  await Promise.all([shopper.waitForEvent('page'), button.click()]);
  // Let the socket's last messages reach the server before the context goes.
  await visitor.waitForTimeout(1500);
  await shopper.close();
  return { productId: product.id, title };
}

test('a campaign journey shows the same figures in every report and in the API', async ({
  adminPage: page,
  api,
}) => {
  const campaign = `e2e${Date.now().toString(36)}`;
  const { productId } = await journey(page, api, campaign);
  const range = `from=${today()}&to=${today()}`;

  // The ingest counts within its flush interval.
  let row: SourcesReport['sources'][number] | undefined;
  await expect
    .poll(
      async () => {
        const report = await api.get<SourcesReport>(
          `/api/admin/analytics/sources?by=utm_campaign&${range}`,
        );
        row = report.sources.find((r) => r.key === campaign);
        return row ? Math.min(row.visits, row.productViews, row.clicks) : 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(1);
  expect(row).toMatchObject({ visits: 1, productViews: 1, clicks: 1 });

  await page.goto(`/admin/analytics?tab=sources&range=today&by=utm_campaign`);
  const table = page.getByTestId('sources-table');
  const line = table.getByRole('row').filter({ hasText: campaign });
  await expect(line).toBeVisible();
  await expect(line.getByRole('cell').nth(1)).toContainText('1');
  await expect(line.getByRole('cell').nth(3)).toContainText('1');
  await expect(line.getByRole('cell').nth(4)).toContainText('100%');

  const funnel = await api.get<FunnelReport>(
    `/api/admin/analytics/funnel?campaign=${campaign}&${range}`,
  );
  expect(funnel.steps.map((s) => s.count)).toEqual([row!.visits, row!.productViews, row!.clicks]);
  await page.goto(`/admin/analytics?tab=funnel&range=today&campaign=${campaign}`);
  await expect(page.getByTestId('funnel-count')).toHaveText(
    funnel.steps.map((s) => String(s.count)),
  );
  await expect(page.getByLabel('Kampanye (utm_campaign)')).toHaveValue(campaign);

  // The category's funnel (the journey's product is in the first category): chosen in the
  // screen, it replaces the campaign, and reads as the API does.
  const [category] = await api.get<{ id: string; name: string }[]>('/api/categories');
  await page.getByRole('combobox', { name: 'Kategori' }).click();
  await page.getByRole('option', { name: category!.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${category!.id}`));
  await expect(page).not.toHaveURL(/campaign=/);
  await expect(page.getByLabel('Kampanye (utm_campaign)')).toHaveValue('');
  await expect(async () => {
    const byCategory = await api.get<FunnelReport>(
      `/api/admin/analytics/funnel?categoryId=${category!.id}&${range}`,
    );
    expect(byCategory.steps.every((s) => s.count >= 1)).toBe(true);
    await page.reload();
    await expect(page.getByTestId('funnel-count')).toHaveText(
      byCategory.steps.map((s) => s.count.toLocaleString('id-ID')),
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 30_000 });
  // The platform's: the click went to Lazada.
  await page.goto(`/admin/analytics?tab=funnel&range=today&platform=Lazada`);
  const byPlatform = await api.get<FunnelReport>(
    `/api/admin/analytics/funnel?platform=Lazada&${range}`,
  );
  expect(byPlatform.steps[2]!.count).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveValue('Lazada');

  let product: ProductsReport['products'][number] | undefined;
  for (let p = 1; !product; p += 1) {
    const report = await api.get<ProductsReport>(
      `/api/admin/analytics/products?sort=clicks&limit=100&page=${p}&${range}`,
    );
    product = report.products.find((r) => r.id === productId);
    if (p >= report.totalPages) break;
  }
  expect(product).toMatchObject({ views: 1, clicks: 1, ctr: 100 });

  // Every visit has a device and a browser: the devices add up to the sources' visits.
  const all = await api.get<SourcesReport>(`/api/admin/analytics/sources?${range}`);
  const devices = await api.get<DevicesReport>(`/api/admin/analytics/devices?${range}`);
  const sum = (rows: { visits: number }[]) => rows.reduce((total, r) => total + r.visits, 0);
  expect(sum(devices.devices)).toBe(all.totals.visits);
  expect(sum(devices.browsers)).toBe(all.totals.visits);
  await page.goto('/admin/analytics?tab=devices&range=today');
  await expect(page.getByRole('region', { name: 'Jenis perangkat' })).toContainText('Desktop');
  await expect(page.getByRole('region', { name: 'Browser' })).toContainText('Chrome');
});

test('the period preset changes the address and the figures', async ({ adminPage: page, api }) => {
  await page.goto('/admin/analytics?tab=sources');
  await settle(page);
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('30 hari');
  const figure = page.getByRole('region', { name: 'Kunjungan', exact: true });
  // Other specs' shoppers are counted meanwhile: the page and the API agree once both are read
  // after the last of them.
  await expect(async () => {
    const month = await api.get<SourcesReport>(
      `/api/admin/analytics/sources?from=${daysAgo(29)}&to=${today()}`,
    );
    if (month.totals.visits === 0) return;
    await page.reload();
    await settle(page);
    await expect(figure.getByTestId('report-figure')).toHaveText(
      month.totals.visits.toLocaleString('id-ID'),
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 40_000 });

  await page.getByRole('combobox', { name: 'Periode' }).click();
  await page.getByRole('option', { name: 'Kemarin', exact: true }).click();
  await expect(page).toHaveURL(/range=yesterday/);
  await expect(page).toHaveURL(/tab=sources/);
  const yesterday = await api.get<SourcesReport>(
    `/api/admin/analytics/sources?from=${daysAgo(1)}&to=${daysAgo(1)}`,
  );
  await settle(page);
  if (yesterday.totals.visits === 0 && yesterday.sources.length === 0) {
    await expect(page.getByText('Belum ada data untuk periode ini')).toBeVisible();
  } else {
    await expect(figure.getByTestId('report-figure')).toHaveText(
      yesterday.totals.visits.toLocaleString('id-ID'),
    );
  }
  // Linked: the address alone opens the same period.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('Kemarin');

  // Kustom: one day picked twice in the date picker is a one-day range in the address.
  const day = daysAgo(29);
  const dayLabel = new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  await page.getByRole('combobox', { name: 'Periode' }).click();
  await page.getByRole('option', { name: 'Kustom', exact: true }).click();
  await page.getByRole('button', { name: 'Rentang tanggal' }).click();
  await page.getByRole('button', { name: dayLabel, exact: true }).click();
  await page.getByRole('button', { name: dayLabel, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${day}&to=${day}`));

  // A custom range from the address, read back into the picker.
  await page.goto(`/admin/analytics?tab=devices&range=custom&from=${daysAgo(3)}&to=${daysAgo(2)}`);
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('Kustom');
  const devices = await api.get<DevicesReport>(
    `/api/admin/analytics/devices?from=${daysAgo(3)}&to=${daysAgo(2)}`,
  );
  await settle(page);
  expect(devices.range).toEqual({ from: daysAgo(3), to: daysAgo(2) });
  await expect(page.getByText(/Dari .* sampai .*Asia\/Jakarta/)).toBeVisible();
});

test('Unduh CSV downloads the report with the same parameters', async ({ adminPage: page }) => {
  await page.goto('/admin/analytics?tab=sources&range=7d&by=utm_source');
  await settle(page);
  const link = page.getByRole('link', { name: 'Unduh CSV sumber kunjungan' });
  const href = await link.getAttribute('href');
  expect(href).toContain('/api/admin/analytics/sources?');
  const query = new URL(href!, 'http://x').searchParams;
  expect(query.get('from')).toBe(daysAgo(6));
  expect(query.get('to')).toBe(today());
  expect(query.get('by')).toBe('utm_source');
  expect(query.get('format')).toBe('csv');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split(/\r?\n/)[0]).toContain('visits');
});

/** Each screen with the control that is its own. */
const SCREENS = [
  {
    tab: 'sources',
    control: (page: Page) => page.getByRole('radiogroup', { name: 'Kelompokkan menurut' }),
  },
  { tab: 'funnel', control: (page: Page) => page.getByRole('combobox', { name: 'Kategori' }) },
  {
    tab: 'products',
    control: (page: Page) => page.getByRole('radiogroup', { name: 'Urutkan menurut' }),
  },
  { tab: 'devices', control: (page: Page) => page.getByRole('combobox', { name: 'Periode' }) },
] as const;

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`reports at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const screen of SCREENS) {
      test(`${screen.tab} (${viewport.width})`, async ({ adminPage: page }) => {
        await page.goto(`/admin/analytics?tab=${screen.tab}&range=30d`);
        await expect(screen.control(page)).toBeVisible();
        await expect(page.getByRole('link', { name: /^Unduh CSV/ })).toBeVisible();
        await axe(page, `${screen.tab} at ${viewport.width}`);
      });
    }
  });
}

// The screens with figures in them, from fixed report answers: the tables, the changes and the
// dashed previous-period series pass axe and fit a phone too.
const range = { from: '2026-11-20', to: '2026-11-26' };
const previousRange = { from: '2026-11-13', to: '2026-11-19' };
const FILLED: Record<string, unknown> = {
  sources: {
    by: 'group',
    range,
    previousRange,
    sources: [
      { key: 'social', visits: 150, productViews: 90, clicks: 30, ctr: 33.3 },
      { key: 'search', visits: 80, productViews: 40, clicks: 8, ctr: 20 },
      { key: 'direct', visits: 20, productViews: 5, clicks: 0, ctr: 0 },
    ],
    totals: { visits: 250, productViews: 135, clicks: 38, ctr: 28.1 },
    previous: {
      sources: [
        { key: 'social', visits: 100, productViews: 60, clicks: 20, ctr: 33.3 },
        { key: 'search', visits: 100, productViews: 50, clicks: 10, ctr: 20 },
      ],
      totals: { visits: 200, productViews: 110, clicks: 30, ctr: 27.3 },
    },
  },
  funnel: {
    range,
    previousRange,
    steps: [
      { step: 'visit', count: 250 },
      { step: 'product', count: 135 },
      { step: 'click', count: 38 },
    ],
    previous: {
      steps: [
        { step: 'visit', count: 200 },
        { step: 'product', count: 110 },
        { step: 'click', count: 30 },
      ],
    },
  },
  products: {
    range,
    previousRange,
    products: [
      {
        id: 'p1',
        title: 'Sepatu Lari Diskon Besar Dengan Nama Yang Sangat Panjang Sekali',
        views: 90,
        clicks: 30,
        ctr: 33.3,
        watches: 4,
        lowestPrice: 249000,
        previous: { views: 60, clicks: 20, ctr: 33.3 },
      },
      {
        id: 'p2',
        title: 'Tas Ransel',
        views: 45,
        clicks: 8,
        ctr: 17.8,
        watches: 0,
        lowestPrice: null,
        previous: { views: 50, clicks: 10, ctr: 20 },
      },
    ],
    currentPage: 1,
    totalPages: 3,
    totalCount: 45,
    totals: { views: 135, clicks: 38, ctr: 28.1 },
    previous: { totals: { views: 110, clicks: 30, ctr: 27.3 } },
  },
  devices: {
    range,
    previousRange,
    devices: [
      { device: 'mobile', visits: 200 },
      { device: 'desktop', visits: 50 },
    ],
    browsers: [
      { browser: 'Chrome', visits: 180 },
      { browser: 'Safari', visits: 70 },
    ],
    previous: {
      devices: [
        { device: 'mobile', visits: 150 },
        { device: 'desktop', visits: 50 },
      ],
      browsers: [{ browser: 'Chrome', visits: 200 }],
    },
  },
};

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`filled reports at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const tab of Object.keys(FILLED)) {
      test(`${tab} with figures (${viewport.width})`, async ({ adminPage: page }) => {
        await page.route(`**/api/admin/analytics/${tab}?*`, (route) =>
          route.fulfill({ json: FILLED[tab] }),
        );
        await page.goto(`/admin/analytics?tab=${tab}&range=7d`);
        await settle(page);
        await expect(page.getByText('Belum ada data untuk periode ini')).toHaveCount(0);
        // The change is shown as an arrow and said in words.
        await expect(
          page.getByText(/naik (25|22,7|33,3)% dari periode sebelumnya/).first(),
        ).toBeAttached();
        if (tab !== 'products') {
          await expect(page.getByTestId('comparison-chart').first()).toBeVisible();
        }
        await axe(page, `${tab} with figures at ${viewport.width}`);
      });
    }
  });
}

test('the figures and their changes read as the report says', async ({ adminPage: page }) => {
  for (const tab of Object.keys(FILLED)) {
    await page.route(`**/api/admin/analytics/${tab}?*`, (route) =>
      route.fulfill({ json: FILLED[tab] }),
    );
  }
  await page.goto('/admin/analytics?tab=sources&range=7d');
  const visits = page.getByRole('region', { name: 'Kunjungan', exact: true });
  await expect(visits.getByTestId('report-figure')).toHaveText('250');
  await expect(visits).toContainText('▲ 25%');
  await expect(visits).toContainText('naik 25% dari periode sebelumnya');
  const search = page
    .getByTestId('sources-table')
    .getByRole('row')
    .filter({ hasText: 'Mesin pencari' });
  await expect(search).toContainText('turun 20% dari periode sebelumnya');
  await expect(page.getByTestId('sources-table')).toContainText('Media sosial');
  await expect(page.getByTestId('sources-table')).toContainText('Langsung');

  await page.getByRole('tab', { name: 'Corong' }).click();
  await expect(page).toHaveURL(/tab=funnel&range=7d|range=7d.*tab=funnel/);
  await expect(page.getByTestId('funnel-count')).toHaveText(['250', '135', '38']);
  const product = page.getByRole('listitem', { name: 'Langkah 2: Buka produk' });
  await expect(product).toContainText('54% dari langkah sebelumnya');
  await expect(product).toContainText('Hilang 115 (46%)');

  await page.getByRole('tab', { name: 'Produk' }).click();
  const table = page.getByTestId('products-report-table');
  await expect(table).toContainText('Rp 249.000');
  await expect(page.getByText('45 produk · halaman 1 dari 3')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Urutkan menurut' })
    .getByText('Klik', { exact: true })
    .click();
  await expect(page).toHaveURL(/sort=clicks/);

  await page.getByRole('tab', { name: 'Perangkat' }).click();
  await expect(page.getByRole('region', { name: 'Jenis perangkat' })).toContainText('Ponsel');
  await expect(page.getByRole('region', { name: 'Jenis perangkat' })).toContainText('80%');
});
