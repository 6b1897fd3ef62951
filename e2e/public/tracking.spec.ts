import type { Page, WebSocketRoute } from '@playwright/test';
import { E2E_GEO_URL } from '../global-setup';
import { expect, hydrated, isPhone, newestProductWithLinks, test } from './fixtures';

interface Message {
  type: string;
  eventType?: string;
  eventData?: string;
  [key: string]: unknown;
}

/** Stands in for the server's /ws and records what the page sends, in order. */
async function recordSocket(page: Page) {
  const messages: Message[] = [];
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    sockets.push(ws);
    ws.onMessage((text) => messages.push(JSON.parse(String(text)) as Message));
  });
  return { messages, sockets };
}

const events = (messages: Message[], type: string) =>
  messages
    .filter((m) => m.type === 'event' && m.eventType === type)
    .map((m) => JSON.parse(m.eventData ?? '{}') as Record<string, unknown>);

test('the session, page views and named events go out over /ws in order', async ({ page, api }) => {
  await page.route(E2E_GEO_URL, (route) =>
    route.fulfill({ json: { country_name: 'Indonesia', city: 'Jakarta', ip: '203.0.113.7' } }),
  );
  const { messages } = await recordSocket(page);
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

  const session = messages[0]!;
  expect(session).toMatchObject({
    type: 'session',
    country: 'Indonesia',
    city: 'Jakarta',
    ipAddress: '203.0.113.7',
    device: isPhone(page) ? 'Mobile' : 'Desktop',
    browser: 'Chrome',
  });
  expect(messages[1]).toMatchObject({ type: 'pageview', path: '/', sessionId: session.sessionId });

  // category_filter and a page view for the new address.
  await page.goto('/?category=fashion');
  await hydrated(page);
  await page.goto('/');
  await hydrated(page);
  const box = page.locator(isPhone(page) ? '#search-mobile' : '#search-desktop');
  await box.fill('sepatu');
  await box.press('Enter');
  await expect.poll(() => events(messages, 'search').at(-1)?.query).toBe('sepatu');

  // product_view and cta_click from the modal.
  const { product } = await newestProductWithLinks(api);
  await page.goto(`/?produk=${product.id}`);
  await hydrated(page);
  await expect.poll(() => events(messages, 'product_view').at(-1)?.productId).toBe(product.id);
  await page
    .context()
    .route(/^https:\/\/(?!geo\.e2e\.test)/, (route) => route.fulfill({ body: 'ok' }));
  const link = page.locator('a.platform-button').first();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.close();
  await expect
    .poll(() => events(messages, 'cta_click').at(-1))
    .toMatchObject({
      productId: product.id,
      categoryId: product.categoryId,
      path: '/',
    });
  const cta = messages.find((m) => m.eventType === 'cta_click')!;
  expect(typeof cta.platform).toBe('string');
});

test('choosing a category sends category_filter; scrolling sends depth', async ({ page }) => {
  const { messages } = await recordSocket(page);
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => messages.some((m) => m.type === 'pageview')).toBe(true);
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Pilih Kategori' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Skincare', exact: true }).click();
  } else {
    await page
      .getByRole('complementary')
      .getByRole('link', { name: 'Skincare', exact: true })
      .click();
  }
  await expect
    .poll(() => events(messages, 'category_filter').at(-1))
    .toEqual({
      category: 'skincare',
      path: '/',
    });
  await expect
    .poll(() => messages.filter((m) => m.type === 'pageview').length)
    .toBeGreaterThanOrEqual(2);
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => events(messages, 'scroll_depth').length).toBeGreaterThan(0);
  const depths = events(messages, 'scroll_depth').map((d) => Number(d.depth));
  expect([...depths].sort((a, b) => a - b)).toEqual(depths);
});

test('a failed geolocation look-up reports Unknown', async ({ page }) => {
  await page.route(E2E_GEO_URL, (route) => route.abort());
  const { messages } = await recordSocket(page);
  await page.goto('/tentang');
  await expect.poll(() => messages[0]?.type, { timeout: 10_000 }).toBe('session');
  expect(messages[0]).toMatchObject({ country: 'Unknown', city: 'Unknown', ipAddress: 'Unknown' });
});

test('messages wait for the socket and it reconnects after it closes', async ({ page }) => {
  const { messages, sockets } = await recordSocket(page);
  await page.goto('/tentang');
  await hydrated(page);
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => messages.length).toBeGreaterThanOrEqual(2);
  await sockets[0]!.close();
  // While closed, a page view is queued; after the 5 s reconnect it arrives.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Semua Kategori' }).click();
  await expect.poll(() => sockets.length, { timeout: 12_000 }).toBe(2);
  await expect
    .poll(() => messages.some((m) => m.type === 'pageview' && m.path === '/kategori'))
    .toBe(true);
});
