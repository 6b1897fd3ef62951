import type { APIRequestContext } from '@playwright/test';
import type { Popup } from '../../shared/types';
import { expect, hydrated, test } from './fixtures';

/** Popups made here target pages no other spec opens, so they never cover another test. */
async function createPopup(request: APIRequestContext, page: string, extra: Partial<Popup> = {}) {
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: 'admin12345' },
  });
  expect(login.ok()).toBeTruthy();
  const now = Date.now();
  const response = await request.post('/api/admin/popups', {
    data: {
      title: `Popup ${page}`,
      content: 'Promo khusus untuk tes.',
      type: 'promo',
      targetUrl: '',
      buttonText: 'Oke',
      backgroundColor: '#ffffff',
      textColor: '#000000',
      imageUrl: '',
      imagePosition: 'none',
      startDate: new Date(now - 60_000).toISOString(),
      endDate: new Date(now + 86_400_000).toISOString(),
      showOnPages: page,
      triggerAfterSeconds: 2,
      isActive: true,
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Popup;
}

test.describe('with the seeded popup showing', () => {
  test.use({ showPopups: true });

  test('the seeded popup appears after its delay and stays dismissed for the session', async ({
    page,
    api,
  }) => {
    const [seeded] = await api.get<Popup[]>('/api/popups/active?url=/');
    expect(seeded).toBeDefined();
    await page.goto('/kategori');
    await hydrated(page);
    const dialog = page.getByRole('dialog', { name: seeded!.title });
    await expect(dialog).toBeHidden();
    await expect(dialog).toBeVisible({ timeout: (seeded!.triggerAfterSeconds + 5) * 1000 });
    await expect(dialog).toContainText(seeded!.content);
    await dialog.getByRole('button', { name: 'Tutup popup' }).click();
    await expect(dialog).toBeHidden();
    // Another page in the same session: not shown again.
    await page.goto('/tentang');
    await hydrated(page);
    await page.waitForTimeout((seeded!.triggerAfterSeconds + 1) * 1000);
    await expect(dialog).toBeHidden();
  });

  test('only one popup at a time, the next after the first is closed', async ({
    page,
    request,
  }) => {
    const path = `/e2e-popup-pair-${test.info().project.name}`;
    const first = await createPopup(request, path, { title: `Pertama ${path}` });
    const second = await createPopup(request, path, { title: `Kedua ${path}` });
    await page.goto(path);
    await hydrated(page);
    // The seeded popup for every page comes first in schedule order; close whatever shows until ours.
    const titles: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveCount(1, { timeout: 10_000 });
      titles.push((await dialog.locator('h2').textContent()) ?? '');
      await dialog.getByRole('button', { name: 'Tutup popup' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(titles.slice(-2)).toEqual([first.title, second.title]);
  });
});

test('the action button opens the target in a new tab and dismisses', async ({
  page,
  request,
  context,
}) => {
  const path = `/e2e-popup-target-${test.info().project.name}`;
  const popup = await createPopup(request, path, { targetUrl: 'https://promo.e2e.test/sale' });
  await context.route('https://promo.e2e.test/**', (route) => route.fulfill({ body: 'sale' }));
  await page.goto(path);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: popup.title });
  await expect(dialog).toBeVisible({ timeout: 8000 });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Oke' }).click(),
  ]);
  expect(tab.url()).toBe('https://promo.e2e.test/sale');
  await expect(dialog).toBeHidden();
});

test('a popup outside its schedule is not shown', async ({ page, request }) => {
  const path = `/e2e-popup-later-${test.info().project.name}`;
  const later = await createPopup(request, path, {
    startDate: new Date(Date.now() + 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    triggerAfterSeconds: 0,
  });
  await page.addInitScript(() => sessionStorage.setItem('dr_popups_dismissed', '[]'));
  await page.goto(path);
  await hydrated(page);
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: later.title })).toHaveCount(0);
});
