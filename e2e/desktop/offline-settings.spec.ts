import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../api/src/config';
import { startServer, type RunningServer } from '../../api/src/server';
import { startRendererServer, type RendererServer } from './renderer-server';

const ADMIN = { username: 'admin', password: 'desktop-offline-123' };
/** This machine renders the admin screens slowly under load; waits are not timings. */
const slow = { timeout: 45_000 };
const rendererRoot = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/**
 * The desktop renderer (browser bridge) in Chromium against a server of its own on another
 * origin: the offline banner, quiet hours in Settings, and screens opened on the host's ask.
 */
test.describe('desktop renderer: offline, settings and navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop window is desktop-sized');
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let renderer: RendererServer;
  let api: RunningServer;
  let dataDir: string;
  let serverUrl: string;

  test.beforeAll(async () => {
    if (!existsSync(path.join(rendererRoot, 'index.html'))) {
      throw new Error('out/renderer is missing: run `npm run desktop:build` first.');
    }
    renderer = await startRendererServer(rendererRoot);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-desktop-offline-'));
    api = await startServer({
      config: {
        ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'offline-e2e' }),
        port: 0,
        host: '127.0.0.1',
        desktopOrigins: [renderer.origin],
        adminUsername: ADMIN.username,
        adminPassword: ADMIN.password,
      },
      log: () => undefined,
    });
    serverUrl = `http://localhost:${api.port}`;
    renderer.allowConnections([serverUrl, `ws://localhost:${api.port}`]);
  });

  test.afterAll(async () => {
    await api?.close();
    await renderer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(page: Page) {
    await page.goto(renderer.origin);
    await page.getByLabel('Alamat server').fill(serverUrl);
    await page.getByRole('button', { name: 'Simpan dan sambungkan' }).click();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible(slow);
  }

  const banner = (page: Page) => page.getByTestId('offline-banner');

  test('offline: a banner, the loaded screens stay, a failed save keeps the form, reconnects', async ({
    page,
  }) => {
    await signIn(page);
    const categoriesFigure = page
      .getByRole('region', { name: 'Total Kategori' })
      .getByTestId('stat-value');
    await expect(categoriesFigure).not.toHaveText(/^(0|\.\.\.)$/);
    const figure = await categoriesFigure.textContent();

    await page.getByRole('link', { name: 'Kategori' }).first().click();
    const cards = page.locator('#admin-main article');
    await expect(cards.first()).toBeVisible(slow);
    const cardCount = await cards.count();
    await expect(banner(page)).toBeHidden();

    // The server stops answering: every request to it fails as a refused connection would.
    await page.route(`${serverUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Nama Kategori').fill('Kategori Saat Offline');
    await dialog.getByRole('combobox', { name: 'Icon', exact: true }).click();
    await page.getByRole('option', { name: 'ShirtIcon', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Warna', exact: true }).click();
    await page.getByRole('option', { name: 'Hijau toska 500', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Grup', exact: true }).click();
    await page.getByRole('option', { name: 'Lifestyle', exact: true }).click();
    await dialog.getByRole('button', { name: 'Tambah Kategori' }).click();

    await expect(banner(page)).toBeVisible(slow);
    await expect(banner(page).getByRole('alert')).toHaveText(
      /^Tidak dapat terhubung ke server\. Menampilkan data terakhir, diperbarui \d{2}\.\d{2}\.$/,
    );
    await expect(banner(page)).toContainText(/Mencoba lagi dalam \d+ detik|Menghubungkan/);
    // What was typed is still there, the dialog is still open, the list is still behind it.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nama Kategori')).toHaveValue('Kategori Saat Offline');
    await expect(dialog.getByLabel('Slug')).toHaveValue('kategori-saat-offline');
    await expect(cards).toHaveCount(cardCount);
    await page.screenshot({ path: path.join(os.tmpdir(), 'desktop-renderer-offline.png') });

    // The server is back: the next automatic try finds it and the banner goes.
    await page.unroute(`${serverUrl}/**`);
    await expect(banner(page)).toBeHidden({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Tambah Kategori' }).click();
    await expect(
      page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Kategori berhasil ditambahkan' }),
    ).toBeVisible(slow);
    await expect(dialog).toBeHidden(slow);
    await expect(page.getByRole('article', { name: 'Kategori Saat Offline' })).toBeVisible();

    // The machine goes offline: the banner comes at once, and the dashboard keeps its figures.
    await page.context().setOffline(true);
    await expect(banner(page)).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(categoriesFigure).toHaveText(figure ?? '');
    // "Coba sekarang" while still offline: still the banner.
    await banner(page).getByRole('button', { name: 'Coba sekarang' }).click();
    await expect(banner(page).getByRole('alert')).toContainText('Tidak dapat terhubung');
    // Back online: the browser's 'online' event tries at once.
    await page.context().setOffline(false);
    await expect(banner(page)).toBeHidden(slow);
  });

  test('settings: quiet hours are checked, saved and read back after a restart', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Pengaturan' }).click();
    const settings = page.getByRole('dialog', { name: 'Pengaturan' });
    const quiet = settings.getByRole('switch', { name: 'Jam tenang' });
    await expect(quiet).not.toBeChecked();
    await expect(settings.getByLabel('Mulai')).toHaveValue('22:00');
    await expect(settings.getByLabel('Selesai')).toHaveValue('07:00');

    await quiet.check();
    await settings.getByLabel('Mulai').fill('23:30');
    await settings.getByLabel('Selesai').fill('23:30');
    await settings.getByRole('button', { name: 'Simpan peringatan' }).click();
    await expect(settings.getByText('Jam mulai dan jam selesai tidak boleh sama.')).toBeVisible();
    await expect(settings.getByText('Periksa kembali jam tenang.')).toBeVisible();

    await settings.getByLabel('Selesai').fill('06:15');
    await settings.getByRole('button', { name: 'Simpan peringatan' }).click();
    await expect(settings.getByText('Pengaturan peringatan disimpan.')).toBeVisible();
    const stored = await page.evaluate(() =>
      window.localStorage.getItem('diskonradar.desktop.alertSettings'),
    );
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      quietHours: { enabled: true, start: '23:30', end: '06:15' },
    });

    // A new start of the app reads them back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible(slow);
    await page.getByRole('button', { name: 'Pengaturan' }).click();
    await expect(settings.getByRole('switch', { name: 'Jam tenang' })).toBeChecked();
    await expect(settings.getByLabel('Mulai')).toHaveValue('23:30');
    await expect(settings.getByLabel('Selesai')).toHaveValue('06:15');
  });

  test('a screen the host asks for (menu, tray, notification) opens', async ({ page }) => {
    await signIn(page);
    const navigate = (route: string) =>
      page.evaluate((detail) => {
        window.dispatchEvent(new CustomEvent('diskonradar:navigate', { detail }));
      }, route);

    await navigate('/users');
    await expect(page).toHaveURL(/#\/users$/);
    await expect(page.getByRole('heading', { name: 'Pengguna & Sesi' })).toBeVisible(slow);
    await navigate('/analytics');
    await expect(page).toHaveURL(/#\/analytics$/);
    await expect(page.getByTestId('socket-status')).toBeVisible(slow);
    await navigate('/settings');
    await expect(page.getByRole('dialog', { name: 'Pengaturan' })).toBeVisible();
    await expect(page).toHaveURL(/#\/analytics$/);
    // Another screen closes Settings and opens there.
    await navigate('/desktop');
    await expect(page.getByRole('dialog', { name: 'Pengaturan' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Aplikasi Desktop' })).toBeVisible(slow);
    await expect(page.getByText('Folder rilis belum diatur')).toBeVisible(slow);
  });
});
