import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../api/src/server';
import { e2eServerConfig } from '../global-setup';
import { ADMIN, expect, test } from './fixtures';

// "Aplikasi Desktop" (/admin/desktop) on a server of its own whose DESKTOP_RELEASES_DIR holds
// what electron-builder writes, at a laptop and a phone width, with axe.

const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;
const slow = { timeout: 30_000 };

let running: RunningServer;
let dataDir: string;
let releasesDir: string;
let base: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-desktop-releases-'));
  releasesDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-e2e-releases-'));
  writeFileSync(
    path.join(releasesDir, 'latest.yml'),
    'version: 1.4.0\nfiles:\n  - url: DiskonRadar-Admin-Setup-1.4.0.exe\npath: DiskonRadar-Admin-Setup-1.4.0.exe\n',
  );
  writeFileSync(
    path.join(releasesDir, 'latest-linux.yml'),
    'version: 1.4.0\nfiles:\n  - url: DiskonRadar-Admin-1.4.0.AppImage\npath: DiskonRadar-Admin-1.4.0.AppImage\n',
  );
  writeFileSync(path.join(releasesDir, 'DiskonRadar-Admin-Setup-1.4.0.exe'), Buffer.alloc(1536, 1));
  writeFileSync(path.join(releasesDir, 'DiskonRadar-Admin-Setup-1.4.0.exe.blockmap'), 'map');
  writeFileSync(
    path.join(releasesDir, 'DiskonRadar-Admin-1.4.0.AppImage'),
    Buffer.alloc(3 * 1024 * 1024 + 300 * 1024, 2),
  );
  writeFileSync(path.join(releasesDir, 'notes.txt'), 'private');
  const date = new Date('2026-11-20T03:00:00Z');
  utimesSync(path.join(releasesDir, 'DiskonRadar-Admin-Setup-1.4.0.exe'), date, date);
  running = await startServer({
    config: { ...e2eServerConfig(dataDir), desktopReleasesDir: releasesDir },
    log: () => {},
  });
  base = `http://127.0.0.1:${running.port}`;
});

test.afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(releasesDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const response = await page.request.post(`${base}/api/admin/login`, { data: ADMIN });
  expect(response.ok()).toBeTruthy();
}

for (const { name: width, viewport } of WIDTHS) {
  test(`lists the installers with version, platform, size and date, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto(`${base}/admin/desktop`);
    await expect(page.getByRole('heading', { name: 'Aplikasi Desktop', level: 1 })).toBeVisible(
      slow,
    );
    const rows = page.getByTestId('desktop-release');
    await expect(rows).toHaveCount(2, slow);
    const exe = page.getByRole('row', { name: 'DiskonRadar-Admin-Setup-1.4.0.exe' });
    await expect(exe).toContainText('1.4.0');
    await expect(exe).toContainText('Windows');
    await expect(exe).toContainText('1,5 KB');
    await expect(exe).toContainText('20 November 2026');
    const appImage = page.getByRole('row', { name: 'DiskonRadar-Admin-1.4.0.AppImage' });
    await expect(appImage).toContainText('Linux');
    await expect(appImage).toContainText('3,3 MB');
    await expect(page.getByText('notes.txt')).toHaveCount(0);

    const download = exe.getByRole('link', { name: 'Unduh DiskonRadar-Admin-Setup-1.4.0.exe' });
    await expect(download).toHaveAttribute(
      'href',
      '/desktop/updates/DiskonRadar-Admin-Setup-1.4.0.exe',
    );
    const file = await page.request.get(
      `${base}/desktop/updates/DiskonRadar-Admin-Setup-1.4.0.exe`,
    );
    expect(file.status()).toBe(200);
    expect((await file.body()).length).toBe(1536);

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    if (width === '390') {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}

test('says so when the server has no release folder (the shared server)', async ({ page }) => {
  const shared = process.env.E2E_BASE_URL ?? '';
  const response = await page.request.post(`${shared}/api/admin/login`, { data: ADMIN });
  expect(response.ok()).toBeTruthy();
  await page.goto(`${shared}/admin/desktop`);
  await expect(page.getByText('Folder rilis belum diatur')).toBeVisible(slow);
  await expect(page.getByTestId('desktop-release')).toHaveCount(0);
  // The section is in the admin navigation ("Desktop", short so the header stays one line).
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Desktop' }),
  ).toHaveAttribute('href', '/admin/desktop');
});
