import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { PUBLIC_PATHS } from '../../shared/public-routes';
import type { ProductListResponse } from '../../shared/types';
import { expect, hydrated, test } from './fixtures';

// WCAG 2.x A and AA plus axe's best practices (landmarks such as `region` among them).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing rule and node, so a failure says what to fix and where. */
const describe = (violations: Result[]) =>
  violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} - ${v.help}`),
  );

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return describe(results.violations.filter((v) => BLOCKING.has(v.impact ?? '')));
}

for (const path of PUBLIC_PATHS) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('the results-first home and the 404 page have none either', async ({ page, api }) => {
  // Three pages under axe, the listing's filter form included: past 30 s on a busy phone run.
  test.setTimeout(90_000);
  const categories = await api.get<{ slug: string }[]>('/api/categories');
  for (const path of [`/?category=${categories[0]!.slug}`, '/?search=sepatu', '/tidak-ada']) {
    await page.goto(path);
    await hydrated(page);
    expect(await blockingViolations(page), path).toEqual([]);
  }
});

test('the open product modal has none', async ({ page, api }) => {
  const { products } = await api.get<ProductListResponse>('/api/products?page=1&limit=1');
  await page.goto(`/?produk=${products[0]!.id}`);
  await hydrated(page);
  await expect(page.getByRole('dialog', { name: products[0]!.title })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('the chat button sits in a landmark (axe region)', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
  const chat = results.violations.flatMap((v) =>
    v.nodes.filter((node) => node.html.includes('chat-button')),
  );
  expect(chat).toEqual([]);
  await expect(
    page.getByRole('complementary', { name: 'Chat WhatsApp' }).getByRole('link', {
      name: 'Chat dengan DiskonRadar di WhatsApp',
    }),
  ).toBeVisible();
});
