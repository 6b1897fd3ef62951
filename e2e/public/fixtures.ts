import { expect, type Page } from '@playwright/test';
import { test as base } from '../server-log';
import type { PlatformLink, Popup, Product, ProductListResponse } from '../../shared/types';

export { expect };

interface PublicFixtures {
  /** Popups start dismissed so they never cover a test; the popup spec turns this off. */
  showPopups: boolean;
  api: {
    get<T>(path: string): Promise<T>;
  };
}

export const test = base.extend<PublicFixtures>({
  showPopups: [false, { option: true }],
  baseURL: async ({ baseURL }, provide) => {
    await provide(baseURL ?? process.env.E2E_BASE_URL);
  },
  api: async ({ request, baseURL }, provide) => {
    await provide({
      async get<T>(path: string) {
        const response = await request.get(`${baseURL}${path}`);
        expect(response.ok(), `${path} answered ${response.status()}`).toBeTruthy();
        return (await response.json()) as T;
      },
    });
  },
  page: async ({ page, showPopups, request, baseURL }, provide) => {
    if (!showPopups) {
      const response = await request.get(`${baseURL}/api/popups/active`);
      const ids = ((await response.json()) as Popup[]).map((popup) => popup.id);
      await page.addInitScript((dismissed) => {
        window.sessionStorage.setItem('dr_popups_dismissed', JSON.stringify(dismissed));
      }, ids);
    }
    await provide(page);
  },
});

export const allProducts = async (api: PublicFixtures['api']) =>
  (await api.get<ProductListResponse>('/api/products?page=1&limit=1000')).products;

/**
 * The newest public product that has platform links, with them. Admin specs share the server
 * and may create an active product without links for a moment, so "the newest" is not enough.
 */
export async function newestProductWithLinks(api: PublicFixtures['api']) {
  const { products } = await api.get<ProductListResponse>('/api/products?page=1&limit=24');
  for (const product of products) {
    const links = await api.get<PlatformLink[]>(`/api/platform-links/${product.id}`);
    if (links.length > 0) return { product, links };
  }
  throw new Error('no product with platform links on the first page');
}

/** Waits until React has hydrated the page (the client marks the root). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

export type { Product };
