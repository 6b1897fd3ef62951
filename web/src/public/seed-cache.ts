import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './data/query-keys';
import type { SsrData } from '@shared/ssr-data';

/** Puts the server's data under the keys the browser's hooks read. */
export function seedQueryCache(client: QueryClient, data: SsrData): void {
  const set = (key: readonly unknown[], value: unknown) => client.setQueryData(key, value);
  if (data.categories) set(queryKeys.categories, data.categories);
  for (const [key, block] of Object.entries(data.content ?? {})) {
    set(queryKeys.content(key as 'contact_us' | 'homepage_hero'), block ?? null);
  }
  if (data.productPage) {
    const { categoryId, page, response, listing } = data.productPage;
    set(queryKeys.productPage(categoryId, page, listing), response);
  }
  if (data.promoPage) {
    const { page, response, listing } = data.promoPage;
    set(queryKeys.promoPage(page, listing), response);
  }
  if (data.searchPage) {
    const { search, page, response, listing } = data.searchPage;
    set(queryKeys.searchPage(search, page, listing), response);
  }
  if (data.searchHelp) set(queryKeys.searchHelp(data.searchHelp.search), data.searchHelp.help);
  for (const [kind, products] of Object.entries(data.featured ?? {})) {
    set(queryKeys.featured(kind as 'promo' | 'popular'), products);
  }
  for (const [kind, products] of Object.entries(data.fallback ?? {})) {
    set(queryKeys.fallback(kind as 'promo' | 'popular'), products);
  }
  if (data.faqs) set(queryKeys.faqs, data.faqs);
  if (data.product) {
    set(queryKeys.product(data.product.id), data.product.product);
    if (data.product.product) set(queryKeys.platformLinks(data.product.id), data.product.links);
    if (data.product.priceHistory !== undefined) {
      set(queryKeys.priceHistory(data.product.id), data.product.priceHistory);
    }
  }
  if (data.popups) set(queryKeys.popups(data.popups.path), data.popups.popups);
}
