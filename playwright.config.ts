import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

// One server for the whole run (e2e/global-setup.ts) with a fresh database; every spec under
// e2e/ runs against it in Chromium at desktop and phone size.

export default defineConfig({
  testDir: 'e2e',
  // e2e/desktop/carried-session.test.ts is a vitest test (the `api` project).
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // The suite grew to 270 tests of heavier pages (filters, axe on every dialog): a page load on a
  // busy 2-core machine can pass 7 s (docs/decisions.md, Tests).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One retry absorbs a stall on a loaded 2-core CI machine; a real failure still fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        channel: undefined,
      },
    },
    {
      name: 'phone',
      // The admin back office is a laptop and tablet tool; its suite runs once, at desktop size.
      testIgnore: ['admin/**'],
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
});
