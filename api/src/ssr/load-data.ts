// Per-route data for the server render, loaded by calling the API's own functions: the same
// records the browser would fetch, so hydration finds exactly what the server drew.
import { LIMITS, MAX_LENGTH } from '@shared/constants';
import { pageTargets } from '@shared/rules/pages';
import { PRICE_HISTORY_DAYS } from '@shared/rules/price-history';
import type { SsrData, SiteConfig } from '@shared/ssr-data';
import { listCategories } from '../catalogue/categories/queries';
import { linksOf } from '../catalogue/platform-links/queries';
import { priceHistory } from '../catalogue/prices/queries';
import {
  fallbackProducts,
  featuredProducts,
  findActiveProduct,
  listActiveProducts,
} from '../catalogue/products/queries';
import type { Database } from '../db/database';
import { isUuid } from '../lib/params';
import { findActiveContent } from '../site/content/queries';
import { listActiveFaqs } from '../site/faqs/queries';
import { activeMetaTagsFor } from '../site/meta-tags/queries';
import { activePopupsFor } from '../site/popups/queries';

function pageNumber(value: string | null): number {
  return value && /^\d{1,7}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

async function metaTagsFor(db: Database, pathname: string) {
  const lists = await Promise.all(pageTargets(pathname).map((path) => activeMetaTagsFor(db, path)));
  const seen = new Set<string>();
  return lists.flat().filter((tag) => (seen.has(tag.id) ? false : (seen.add(tag.id), true)));
}

export async function loadRouteData(
  db: Database,
  url: URL,
  origin: string,
  config: SiteConfig,
  knownPaths: readonly string[],
): Promise<SsrData> {
  const { pathname, searchParams } = url;
  const data: SsrData = { origin, now: Date.now(), config };
  const known = knownPaths.includes(pathname);

  // Every page's nav badge shows the real category count, so every page carries the list.
  const categories = listCategories(db);
  const shared = Promise.all([
    findActiveContent(db, 'contact_us'),
    activePopupsFor(db, pathname),
    known ? metaTagsFor(db, pathname) : Promise.resolve([]),
    categories,
  ]).then(([contact, popups, metaTags, categoryList]) => {
    data.content = { ...data.content, contact_us: contact };
    data.popups = { path: pathname, popups };
    data.metaTags = metaTags;
    data.categories = categoryList;
  });

  const productId = searchParams.get('produk')?.trim();
  const product =
    known && productId && isUuid(productId)
      ? Promise.all([
          findActiveProduct(db, productId.toLowerCase()),
          linksOf(db, productId.toLowerCase()),
          priceHistory(db, productId.toLowerCase(), PRICE_HISTORY_DAYS.default, data.now),
        ]).then(([found, links, history]) => {
          data.product = {
            id: productId,
            product: found,
            links: found ? links : [],
            priceHistory: found ? history : null,
          };
        })
      : productId && known
        ? Promise.resolve().then(() => {
            data.product = { id: productId, product: null, links: [] };
          })
        : Promise.resolve();

  const route = (async () => {
    switch (pathname) {
      case '/': {
        const [categoryList, hero] = await Promise.all([
          categories,
          findActiveContent(db, 'homepage_hero'),
        ]);
        data.content = { ...data.content, homepage_hero: hero };
        const search = searchParams.get('search')?.trim() ?? '';
        if (search) {
          // The address's term, bounded as the API bounds it; the ranked page of 12.
          const term = search.slice(0, MAX_LENGTH.search);
          const page = pageNumber(searchParams.get('page'));
          data.searchPage = {
            search,
            page,
            response: await listActiveProducts(db, { page, limit: LIMITS.pageSize, search: term }),
          };
          return;
        }
        const slug = searchParams.get('category')?.trim() || null;
        const category = slug ? categoryList.find((c) => c.slug === slug) : null;
        if (slug && !category) return; // Unknown category: the page shows its empty state.
        const page = pageNumber(searchParams.get('page'));
        data.productPage = {
          categoryId: category?.id ?? null,
          page,
          response: await listActiveProducts(db, {
            page,
            limit: LIMITS.pageSize,
            categoryId: category?.id,
          }),
        };
        return;
      }
      case '/promo-hari-ini':
      case '/produk-terpopuler': {
        const kind = pathname === '/promo-hari-ini' ? 'promo' : 'popular';
        const featured = await featuredProducts(db, kind);
        data.featured = { [kind]: featured };
        if (featured.length === 0) data.fallback = { [kind]: await fallbackProducts(db, kind) };
        return;
      }
      case '/contact':
        data.faqs = await listActiveFaqs(db);
        return;
      default:
        return;
    }
  })();

  await Promise.all([shared, product, route]);
  return data;
}
