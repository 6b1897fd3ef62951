import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { formatRupiah } from '../../shared/rules/price';
import type { PriceHistory } from '../../shared/rules/price-history';
import type { AdminProductListResponse, Category, Feed, FeedRun } from '../../shared/types';
import { choose, expect, expectToast, test, unique, type AdminApi } from './fixtures';

// The Sumber Feed screen against the real server (DESIGN.md, "Product feeds"): a small HTTP
// server in this spec plays the affiliate network and serves a CSV feed; staff add the feed
// through the screen, map it, run it, see the run's counts, and the new price reaches the
// public product, its price chart and table. The e2e server lets the feed fetch reach this
// loopback server (FETCH_ALLOW_PRIVATE=true in e2e/global-setup.ts).

test.describe.configure({ timeout: 150_000 });

const feed = { csv: '', etag: '"v0"', requests: 0 };
let network: Server;
let feedUrl = '';

test.beforeAll(async () => {
  network = createServer((request, response) => {
    feed.requests += 1;
    if (request.url !== '/feeds/produk.csv') {
      response.writeHead(404).end();
      return;
    }
    if (request.headers['if-none-match'] === feed.etag) {
      response.writeHead(304, { ETag: feed.etag }).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', ETag: feed.etag });
    response.end(feed.csv);
  });
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}/feeds/produk.csv`;
});

test.afterAll(() => new Promise<void>((resolve) => network.close(() => resolve())));

function serveFeed(rows: { sku: string; title: string; price: number; original: number }[]) {
  const lines = ['sku,judul,tautan,harga,harga_asli,gambar,kategori,ketersediaan'];
  for (const row of rows) {
    lines.push(
      [
        row.sku,
        row.title,
        `https://shopee.co.id/e2e-feed/${row.sku}`,
        row.price,
        row.original,
        'https://images.example.com/e2e/feed.jpg',
        'Sepatu Lari',
        'in stock',
      ].join(','),
    );
  }
  feed.csv = `${lines.join('\n')}\n`;
  feed.etag = `"v${Date.now()}"`;
}

/** Feeds and products a test made, removed after it (a failed run leaves nothing behind). */
const made = { feeds: [] as string[], titles: [] as string[] };
test.afterEach(async ({ api }) => {
  for (const id of made.feeds.splice(0)) await api.delete(`/api/admin/feeds/${id}`);
  for (const title of made.titles.splice(0)) {
    const found = await api.get<AdminProductListResponse>(
      `/api/admin/products?page=1&limit=20&search=${encodeURIComponent(title)}`,
    );
    for (const product of found.products) await api.delete(`/api/admin/products/${product.id}`);
  }
});

async function axeClean(page: Page, label: string) {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  // The screen, not the toast of the last save (it closes after 5 s).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `axe on ${label}`).toEqual([]);
}

async function feedNamed(api: AdminApi, name: string): Promise<Feed> {
  const feeds = await api.get<Feed[]>('/api/admin/feeds');
  const found = feeds.find((f) => f.name === name);
  expect(found, `feed ${name} saved`).toBeTruthy();
  return found!;
}

test('staff add a CSV feed through the screen, map it, run it, and the new price reaches the public product', async ({
  adminPage: page,
  api,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const name = unique('E2E Feed');
  const sku = `E2E-${Date.now().toString(36)}`;
  const title = `${name} Sepatu Lari`;
  made.titles.push(title);
  serveFeed([{ sku, title, price: 1_200_000, original: 1_500_000 }]);
  const [category] = await api.get<Category[]>('/api/admin/categories');

  await page.goto('/admin/feeds');
  await expect(page.getByRole('heading', { name: 'Sumber Feed' })).toBeVisible();
  await page.getByRole('button', { name: 'Tambah Feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Feed' });

  // Step 1: the feed. A schedule under 15 minutes is refused in the contract's words.
  await dialog.getByLabel('Nama feed').fill(name);
  await dialog.getByLabel('URL feed').fill(feedUrl);
  await choose(page, dialog, 'Platform', 'Shopee');
  await dialog.getByLabel('Jadwal (menit)').fill('5');
  await dialog.getByRole('button', { name: 'Lanjut' }).click();
  await expect(dialog.getByText('Jadwal minimal 15 menit')).toBeVisible();
  await dialog.getByLabel('Jadwal (menit)').fill('60');
  // Paused: only this test starts its runs (a new enabled feed is due at once).
  const scheduled = dialog.getByRole('switch', { name: 'Jalankan sesuai jadwal' });
  await scheduled.uncheck();
  await expect(scheduled).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Produk baru dibuat sebagai' })).toHaveValue(
    'Draf',
  );
  await dialog.getByRole('button', { name: 'Lanjut' }).click();

  // Step 2: the preview's rows and the mapping, suggested from the column names.
  const preview = dialog.getByTestId('feed-preview-table');
  await expect(preview).toContainText(sku);
  await expect(preview).toContainText('1500000');
  await expect(dialog.getByRole('combobox', { name: 'SKU / ID produk' })).toHaveValue('sku');
  await expect(dialog.getByRole('combobox', { name: 'Judul', exact: true })).toHaveValue('judul');
  await expect(dialog.getByRole('combobox', { name: 'Harga', exact: true })).toHaveValue('harga');
  await expect(dialog.getByRole('combobox', { name: 'Harga sebelum diskon' })).toHaveValue(
    'harga_asli',
  );
  await axeClean(page, 'feed dialog, mapping step');
  await expect(dialog.getByRole('combobox', { name: 'Kategori feed' })).toHaveValue('kategori');
  await dialog.getByRole('button', { name: 'Lanjut' }).click();

  // Step 3: the feed's category text goes to one of ours.
  await choose(page, dialog, 'Sepatu Lari', category!.name);
  await dialog.getByRole('button', { name: 'Simpan Feed' }).click();
  await expectToast(page, 'Feed berhasil ditambahkan');
  await expect(dialog).toBeHidden();
  const saved = await feedNamed(api, name);
  made.feeds.push(saved.id);
  expect(saved.mapping).toMatchObject({ sku: 'sku', title: 'judul', price: 'harga' });
  expect(saved.categoryMap).toEqual({ 'Sepatu Lari': category!.id });
  expect(saved.newProducts).toBe('draft');
  expect(saved.enabled).toBe(false);

  const row = page.getByTestId('feed-row').filter({ hasText: name });
  await expect(row).toContainText('tiap 60 menit');
  await expect(row).toContainText('Dijeda');
  await expect(row).toContainText('Belum pernah berjalan');
  await axeClean(page, 'Sumber Feed at 1366');

  // Run it now, then follow it on the feed's page until it is done.
  await row.getByRole('button', { name: `Jalankan sekarang: ${name}` }).click();
  await expectToast(page, `Feed ${name} mulai berjalan`);
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const runs = page.getByTestId('feed-run-row');
  await expect(runs.first().getByTestId('feed-run-status')).toHaveText('Selesai', {
    timeout: 30_000,
  });
  await expect(runs.first().getByTestId('run-rows')).toHaveText('1');
  await expect(runs.first().getByTestId('run-created')).toHaveText('1');
  await expect(runs.first().getByTestId('run-failed')).toHaveText('0');

  // The new product is a draft of this feed: the product table names its source.
  const found = await api.get<AdminProductListResponse>(
    `/api/admin/products?page=1&limit=5&search=${encodeURIComponent(title)}`,
  );
  expect(found.products).toHaveLength(1);
  const product = found.products[0]!;
  expect(product.isActive).toBe(false);
  expect(product.categoryId).toBe(category!.id);
  await page.goto(`/admin/products?search=${encodeURIComponent(title)}`);
  const productRow = page.getByTestId('product-row').filter({ hasText: title });
  await expect(productRow.getByTestId('product-source')).toHaveText(name);
  await expect(productRow.getByTestId('price-confirmed')).toContainText(/menit|detik/);
  // Its dialog says a feed keeps it, and that what staff change here is kept from the feed.
  await productRow.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Produk' });
  await expect(edit.getByTestId('locked-fields')).toContainText(`Produk dari feed ${name}`);
  await edit.getByRole('button', { name: 'Batal' }).click();
  await expect(edit).toBeHidden();

  // Shown to shoppers for the rest of the test (deleted after it), then a cheaper price.
  await api.post('/api/admin/products/bulk', { ids: [product.id], action: 'activate' });
  serveFeed([{ sku, title, price: 999_000, original: 1_500_000 }]);
  await page.goto(`/admin/feeds/${saved.id}`);
  await page.getByRole('button', { name: `Jalankan sekarang: ${name}` }).click();
  await expect(runs).toHaveCount(2);
  await expect(runs.first().getByTestId('feed-run-status')).toHaveText('Selesai', {
    timeout: 30_000,
  });
  await expect(runs.first().getByTestId('run-updated')).toHaveText('1');
  await expect(runs.first().getByTestId('run-created')).toHaveText('0');

  // The public product: the new price on its button, in its chart and in the price table.
  const history = await api.get<PriceHistory>(`/api/products/${product.id}/price-history`);
  expect(JSON.stringify(history)).toContain('999000');
  await page.goto(`/?produk=${product.id}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const shopper = page.getByRole('dialog');
  await expect(shopper.locator('a.platform-button').filter({ hasText: 'Shopee' })).toContainText(
    formatRupiah(999_000),
  );
  const panel = shopper.getByRole('region', { name: 'Riwayat harga' });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole('img', { name: /^Grafik harga/ })).toHaveAttribute(
    'aria-label',
    /Rp 999\.000/,
  );
  await panel.getByText('Lihat tabel harga').click();
  await expect(panel.getByRole('row', { name: /Harga termurah/ })).toContainText(
    formatRupiah(999_000),
  );
});

test('the Sumber Feed screen at a phone width: rows stack, nothing runs off, axe is clean', async ({
  adminPage: page,
  api,
}) => {
  const name = unique('E2E Feed HP');
  const created = await api.post<Feed>('/api/admin/feeds', {
    name,
    url: 'https://feeds.example.com/produk.csv',
    format: 'csv',
    platform: 'Tokopedia',
    scheduleMinutes: 120,
    newProducts: 'draft',
    mapping: { sku: 'sku', title: 'judul', link: 'tautan', price: 'harga' },
    categoryMap: {},
    enabled: false,
  });
  made.feeds.push(created.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/feeds');
  const row = page.getByTestId('feed-row').filter({ hasText: name });
  await expect(row).toContainText('tiap 2 jam');
  await expect(row).toContainText('Dijeda');
  await axeClean(page, 'Sumber Feed at 390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // Resume it, then delete it after the confirmation.
  await row.getByRole('button', { name: `Lanjutkan: ${name}` }).click();
  await expectToast(page, 'Feed dilanjutkan');
  await expect(row).toContainText('Aktif');
  await row.getByRole('button', { name: `Hapus: ${name}` }).click();
  const question = page.getByRole('dialog').filter({ hasText: `Hapus feed "${name}"?` });
  await question.getByRole('button', { name: 'Hapus', exact: true }).click();
  await expectToast(page, 'Feed berhasil dihapus');
  await expect(row).toHaveCount(0);
});

interface FeedRunPage {
  runs: FeedRun[];
}

/** Runs the feed now through the API and waits for that run to end. */
async function runFeed(api: AdminApi, id: string): Promise<FeedRun> {
  const before = await api.get<FeedRunPage>(`/api/admin/feeds/${id}/runs?page=1&limit=1`);
  await api.post(`/api/admin/feeds/${id}/run`, {});
  let newest: FeedRun | undefined;
  await expect
    .poll(
      async () => {
        const runs = await api.get<FeedRunPage>(`/api/admin/feeds/${id}/runs?page=1&limit=1`);
        newest = runs.runs[0];
        return newest && newest.id !== before.runs[0]?.id ? newest.status : 'waiting';
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return newest!;
}

test('a feed that suddenly shrinks deactivates nothing and alerts; staff accept its new size', async ({
  adminPage: page,
  api,
}) => {
  const name = unique('E2E Feed Susut');
  const stamp = Date.now().toString(36);
  const rows = [1, 2, 3, 4].map((n) => ({
    sku: `E2E-S${stamp}-${n}`,
    title: `${name} Sepatu ${n}`,
    price: 200_000 + n * 1_000,
    original: 300_000,
  }));
  made.titles.push(name);
  const created = await api.post<Feed>('/api/admin/feeds', {
    name,
    url: feedUrl,
    format: 'csv',
    platform: 'Shopee',
    scheduleMinutes: 60,
    newProducts: 'active',
    mapping: {
      sku: 'sku',
      title: 'judul',
      link: 'tautan',
      price: 'harga',
      originalPrice: 'harga_asli',
      imageUrl: 'gambar',
      category: 'kategori',
    },
    categoryMap: {},
    enabled: false,
  });
  made.feeds.push(created.id);
  serveFeed(rows);
  expect((await runFeed(api, created.id)).created).toBe(4);
  // The feed now lists one product of four: under half, so nothing is deactivated.
  serveFeed(rows.slice(0, 1));
  const shrunk = await runFeed(api, created.id);
  expect(shrunk.deactivated).toBe(0);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/feeds/${created.id}`);
  const alert = page.getByTestId('feed-alert');
  await expect(alert).toContainText('Feed hanya berisi 1 baris (sebelumnya 4)');
  await expect(alert).toContainText('terima ukuran barunya');
  await axeClean(page, 'feed page with a shrunk run');
  await alert.getByRole('button', { name: 'Terima ukuran baru' }).click();
  // The question names what is accepted, and its yes is not a delete.
  const question = page
    .getByRole('dialog')
    .filter({ hasText: `Terima 1 baris sebagai ukuran baru feed "${name}"?` });
  await expect(question.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
  await question.getByRole('button', { name: 'Terima', exact: true }).click();
  await expectToast(page, 'Ukuran baru feed diterima');
  await expect(alert).toBeHidden();
  // Still nothing deactivated: the next complete run that also misses them does it.
  const listed = await api.get<AdminProductListResponse>(
    `/api/admin/products?page=1&limit=20&search=${encodeURIComponent(name)}`,
  );
  expect(listed.products.filter((product) => product.isActive)).toHaveLength(4);
});
