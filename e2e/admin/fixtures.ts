import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test as base } from '../server-log';
import type { Category, Product } from '../../shared/types';

export { expect };

export const ADMIN = { username: 'admin', password: 'admin12345' };

/** Unique, readable test data names, so specs never depend on each other or on order. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface AdminApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  delete(path: string): Promise<number>;
}

function adminApi(request: APIRequestContext, baseURL: string): AdminApi {
  const check = async <T>(
    response: Awaited<ReturnType<APIRequestContext['get']>>,
    what: string,
  ) => {
    expect(
      response.ok(),
      `${what} answered ${response.status()}: ${await response.text()}`,
    ).toBeTruthy();
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    get: async (path) => check(await request.get(`${baseURL}${path}`), `GET ${path}`),
    post: async (path, body) =>
      check(await request.post(`${baseURL}${path}`, { data: body }), `POST ${path}`),
    put: async (path, body) =>
      check(await request.put(`${baseURL}${path}`, { data: body }), `PUT ${path}`),
    delete: async (path) => (await request.delete(`${baseURL}${path}`)).status(),
  };
}

/**
 * A product of the first category, made through the API for a screen to work on: 20% off on
 * Shopee unless `fields` say otherwise, and inactive, so shoppers' specs running alongside
 * never meet a product without links.
 */
export async function createHiddenProduct(
  api: AdminApi,
  fields: { title: string } & Record<string, unknown>,
): Promise<Product> {
  const [category] = await api.get<Category[]>('/api/admin/categories');
  return api.post<Product>('/api/admin/products', {
    categoryId: category!.id,
    description: 'Produk untuk uji layar staf.',
    imageUrl: 'https://images.example.com/e2e/staf.jpg',
    mediaType: 'default',
    discountPercentage: 20,
    badgeColor: 'green',
    platforms: ['Shopee'],
    isActive: false,
    ...fields,
  });
}

interface AdminFixtures {
  /** A page whose browser context holds an admin session (signed in through the API). */
  adminPage: Page;
  /** The same session's API, to check what the screens did. */
  api: AdminApi;
}

export const test = base.extend<AdminFixtures>({
  baseURL: async ({ baseURL }, provide) => {
    await provide(baseURL ?? process.env.E2E_BASE_URL);
  },
  adminPage: async ({ page, baseURL }, provide) => {
    // Staff screens without animation (the admin theme respects the setting): a click on a
    // dialog that is still growing into place can land beside its button.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const response = await page.request.post(`${baseURL}/api/admin/login`, { data: ADMIN });
    expect(response.ok()).toBeTruthy();
    await provide(page);
  },
  api: async ({ adminPage, baseURL }, provide) => {
    await provide(adminApi(adminPage.request, baseURL ?? ''));
  },
});

/** The one toast on screen (spec: one at a time). */
export function toast(page: Page): Locator {
  return page.locator('.mantine-Notification-root');
}

export async function expectToast(page: Page, text: string): Promise<void> {
  // Saves can take a while on a busy CI machine; the toast then stays 5 s.
  // The replaced toast may still be fading out beside the new one.
  await expect(toast(page).filter({ hasText: text }).last()).toBeVisible({ timeout: 15_000 });
}

/** Answers the delete confirmation after checking its question. */
export async function confirm(page: Page, question: string, answer: 'yes' | 'no' = 'yes') {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  const label = answer === 'yes' ? /^(Hapus|Delete)$/ : /^(Batal|Cancel)$/;
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A second admin account of its own, for tests that end sessions: logout ends every session
 * of its user, which would sign the shared admin out of the specs running beside it.
 */
export function createAdminUser(): { username: string; password: string } {
  const username = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = `pw-${Math.random().toString(36).slice(2)}-12345`;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/admin.ts', 'create', username, password],
    { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, stdio: 'pipe' },
  );
  return { username, password };
}
