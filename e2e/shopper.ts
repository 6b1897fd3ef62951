import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/**
 * An ordinary desktop Chrome's user agent. Playwright's own says HeadlessChrome, which the
 * server counts as a bot (api/src/analytics/visitor.ts).
 */
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * Makes the pages of a context look like a shopper's browser, not an automated one: under
 * Playwright navigator.webdriver is true, and the tracker then marks the session as a bot, so
 * its visits, searches and clicks are not counted. Any spec that asserts on counted tracking
 * uses this (or newShopperContext).
 */
export async function countAsShopper(context: BrowserContext): Promise<void> {
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
}

/**
 * Chrome's user agent with a build number of its own: /go joins a click to the latest visit of
 * the same visitor (address + user agent), and all specs run from one address in parallel, so
 * each shopper needs its own user agent or its click may land on another spec's visit.
 */
export function uniqueChromeUserAgent(): string {
  const build = 1000 + Math.floor(Math.random() * 8_000_000);
  return CHROME_UA.replace('Chrome/126.0.0.0', `Chrome/126.0.${build}.0`);
}

/**
 * A new context (no admin cookie) whose visits the analytics count: a Chrome user agent of its
 * own, no webdriver.
 */
export async function newShopperContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: uniqueChromeUserAgent(), ...options });
  await countAsShopper(context);
  return context;
}
