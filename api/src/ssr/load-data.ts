// Per-route data for the server render, loaded by calling the API's own functions: the same
// records the browser would fetch, so hydration finds exactly what the server drew.
import { FALLBACK_PRODUCTS, LIMITS } from '@shared/constants';
import { readHomeParams, searchTerm } from '@shared/home-address';
import { pageTargets } from '@shared/rules/pages';
import { PRICE_HISTORY_DAYS } from '@shared/rules/price-history';
import type { SsrData, SiteConfig } from '@shared/ssr-data';
import { listingApiQuery, readListingParams, type ListingFilters } from '@shared/schemas/listing';
import { listCategories } from '../catalogue/categories/queries';
import { linksOf } from '../catalogue/platform-links/queries';
import { priceHistory } from '../catalogue/prices/queries';
import {
  fallbackProducts,
  featuredProducts,
  findActiveProduct,
  listActiveProducts,
} from '../catalogue/products/queries';
import { suggest } from '../catalogue/search/queries';
import type { Database } from '../db/database';
import { isUuid } from '../lib/params';
import { findActiveContent } from '../site/content/queries';
import { listActiveFaqs } from '../site/faqs/queries';
import { activeMetaTagsFor } from '../site/meta-tags/queries';
import { activePopupsFor } from '../site/popups/queries';

async function metaTagsFor(db: Database, pathname: string) {
  const lists = await Promise.all(pageTargets(pathname).map((path) => activeMetaTagsFor(db, path)));
  const seen = new Set<string>();
  return lists.flat().filter((tag) => (seen.has(tag.id) ? false : (seen.add(tag.id), true)));
}

/**
 * A search that found nothing is drawn with its help (docs/contracts.md, "Shopping help"): the
 * nearest spelling and matching categories, and today's promos as the promo page has them.
 */
async function loadSearchHelp(db: Database, data: SsrData, search: string): Promise<void> {
  const [help, featured] = await Promise.all([
    suggest(db, searchTerm(search)),
    featuredProducts(db, 'promo'),
  ]);
  data.searchHelp = { search, help };
  data.featured = { ...data.featured, promo: featured };
  if (featured.length === 0) {
    data.fallback = { ...data.fallback, promo: await fallbackProducts(db, 'promo') };
  }
}

/** The filters in the shape of the API's parsed query. */
const listingQuery = (filters: ListingFilters, facets: boolean) => ({
  sort: filters.sort,
  platform: filters.platforms,
  minPrice: filters.minPrice,
  maxPrice: filters.maxPrice,
  minDiscount: filters.minDiscount,
  inStock: filters.inStock || undefined,
  facets: facets || undefined,
});

export async function loadRouteData(
  db: Database,
  url: URL,
  origin: string,
  config: SiteConfig,
  knownPaths: readonly string[],
): Promise<SsrData> {
  const { pathname } = url;
  const home = readHomeParams(url.searchParams);
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

  // Every public page can show the product modal, so every page reads the open product.
  const productId = home.product;
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
        const { search, page, category: slug } = home;
        // Sorting and filters (docs/contracts.md, "Shopping"), with the counts beside each
        // option on a search or category page.
        const filters = readListingParams(url.searchParams);
        const facets = Boolean(search || slug);
        const listing = listingApiQuery(filters, facets);
        const listed = listingQuery(filters, facets);
        if (search) {
          // The ranked page of 12 for the address's term, bounded as the browser bounds it.
          data.searchPage = {
            search,
            page,
            listing,
            response: await listActiveProducts(db, {
              page,
              limit: LIMITS.pageSize,
              search: searchTerm(search),
              ...listed,
            }),
          };
          if (data.searchPage.response.totalCount === 0) await loadSearchHelp(db, data, search);
          return;
        }
        const category = slug ? categoryList.find((c) => c.slug === slug) : null;
        if (slug && !category) return; // Unknown category: the page shows its empty state.
        data.productPage = {
          categoryId: category?.id ?? null,
          page,
          listing,
          response: await listActiveProducts(db, {
            page,
            limit: LIMITS.pageSize,
            categoryId: category?.id,
            ...listed,
          }),
        };
        return;
      }
      case '/promo-hari-ini': {
        // Today's promo with the address's sort and filters, and the counts beside them.
        const filters = readListingParams(url.searchParams);
        data.promoPage = {
          page: home.page,
          listing: listingApiQuery(filters, true),
          response: await listActiveProducts(db, {
            page: home.page,
            limit: FALLBACK_PRODUCTS,
            promo: true,
            ...listingQuery(filters, true),
          }),
        };
        return;
      }
      case '/produk-terpopuler': {
        const featured = await featuredProducts(db, 'popular');
        data.featured = { popular: featured };
        if (featured.length === 0)
          data.fallback = { popular: await fallbackProducts(db, 'popular') };
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
