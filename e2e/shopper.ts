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

/** A new context (no admin cookie) whose visits the analytics count: Chrome's UA, no webdriver. */
export async function newShopperContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: CHROME_UA, ...options });
  await countAsShopper(context);
  return context;
}
