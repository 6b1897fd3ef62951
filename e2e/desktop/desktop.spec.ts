import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../api/src/config';
import { startServer, type RunningServer } from '../../api/src/server';
import { startRendererServer, type RendererServer } from './renderer-server';
import { openVisitors } from './visitors';

const ADMIN = { username: 'admin', password: 'desktop-admin-123' };
const rendererRoot = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/**
 * The desktop renderer as `npm run desktop:build` leaves it, in Chromium, with the browser
 * version of the preload bridge, against a real API server on ANOTHER origin (a different
 * port; the server lists the renderer's origin in DESKTOP_ORIGINS).
 */
test.describe('desktop renderer against a server on another origin', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop window is desktop-sized');
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  let renderer: RendererServer;
  let api: RunningServer;
  let dataDir: string;
  let serverUrl: string;

  test.beforeAll(async () => {
    if (!existsSync(path.join(rendererRoot, 'index.html'))) {
      throw new Error('out/renderer is missing: run `npm run desktop:build` first.');
    }
    renderer = await startRendererServer(rendererRoot);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-desktop-e2e-'));
    api = await startServer({
      config: {
        ...loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          SESSION_SECRET: 'desktop-e2e-secret',
          // Figures reach admins quickly, so the test does not wait seconds for them.
          ANALYTICS_FLUSH_MS: '100',
          ANALYTICS_REALTIME_MS: '250',
        }),
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

  /** Records what the page shows as web notifications (they still show, too). */
  async function recordNotifications(page: Page) {
    await page.context().grantPermissions(['notifications'], { origin: renderer.origin });
    await page.addInitScript(() => {
      const shown: { title: string; body: string }[] = [];
      Object.assign(window, { shownNotifications: shown });
      const Original = window.Notification;
      class Recording extends Original {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body ?? '' });
        }
      }
      window.Notification = Recording;
    });
  }

  test('set the server, sign in, see the dashboard and live analytics, get a spike alert', async ({
    page,
  }) => {
    await recordNotifications(page);
    await page.goto(renderer.origin);

    // First run: the server URL is validated, then checked against the server.
    await expect(
      page.getByRole('heading', { name: 'Selamat datang di DiskonRadar Admin' }),
    ).toBeVisible();
    const urlField = page.getByLabel('Alamat server');
    await urlField.fill('ftp://example.com');
    await page.getByRole('button', { name: 'Simpan dan sambungkan' }).click();
    await expect(
      page.getByText('Alamat server harus berupa URL http:// atau https://'),
    ).toBeVisible();
    await urlField.fill(`${serverUrl}/`);
    await page.getByRole('button', { name: 'Simpan dan sambungkan' }).click();

    // The admin screens' own login, against the other origin, with the cookie session.
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard$/);
    // Data from the server: the demo catalogue's category count.
    const categories = page
      .getByRole('region', { name: 'Total Kategori' })
      .getByTestId('stat-value');
    await expect(categories).not.toHaveText('0');
    await expect(page.getByTestId('desktop-live-status')).toHaveText('Live');
    await expect(page.getByText(serverUrl, { exact: true })).toBeVisible();

    // Settings: a lower spike threshold than the default 10 visitors.
    await page.getByRole('button', { name: 'Pengaturan' }).click();
    const settings = page.getByRole('dialog', { name: 'Pengaturan' });
    await settings.getByLabel('Minimal pengunjung').fill('5');
    await settings.getByRole('button', { name: 'Simpan peringatan' }).click();
    await expect(settings.getByText('Pengaturan peringatan disimpan.')).toBeVisible();
    await settings.getByRole('button', { name: 'Tutup pengaturan' }).click();
    await expect(settings).toBeHidden();

    // The analytics screen's badge goes Live with the figures of the app's live connection.
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await expect(page.getByTestId('socket-status')).toHaveText('Live');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Six visitors arrive at once: 6 >= 5 and more than twice the baseline of 0.
    const closeVisitors = await openVisitors(`ws://127.0.0.1:${api.port}/ws`, 6);
    try {
      await expect(page.getByTestId('desktop-visitors')).toHaveText('6 pengunjung aktif');
      const alert = page.getByTestId('desktop-latest-alert');
      await expect(alert).toContainText('Lonjakan pengunjung');
      // The figure that crossed the threshold: a stats push may land between the fifth and
      // the sixth socket, and 5 already alerts.
      await expect(alert).toContainText(/[56] pengunjung aktif/);
      const shown = await page.evaluate(
        () => (window as unknown as { shownNotifications: { title: string }[] }).shownNotifications,
      );
      expect(shown.map((notification) => notification.title)).toEqual(['Lonjakan pengunjung']);
      await page.screenshot({ path: path.join(os.tmpdir(), 'desktop-renderer-alert.png') });

      // The alert opens the analytics screen on its Real-time tab.
      await alert.click();
      await expect(page).toHaveURL(/#\/analytics\?tab=realtime$/);
      await expect(page.getByTestId('socket-status')).toHaveText('Live');
    } finally {
      closeVisitors();
    }
  });
});
