// Per-route data for the server render, loaded by calling the API's own functions: the same
// records the browser would fetch, so hydration finds exactly what the server drew.
import { LIMITS } from '@shared/constants';
import { pageTargets } from '@shared/rules/pages';
import type { SsrData, SiteConfig } from '@shared/ssr-data';
import { isUuid } from '../lib/params';
import { listCategories } from '../routes/categories';
import { linksOf } from '../routes/platform-links';
import { findActiveContent } from '../routes/content';
import { listActiveFaqs } from '../routes/faqs';
import { activeMetaTagsFor } from '../routes/meta-tags';
import { activePopupsFor } from '../routes/popups';
import { featuredProducts, findActiveProduct, listActiveProducts } from '../routes/products';

function pageNumber(value: string | null): number {
  return value && /^\d{1,7}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

async function metaTagsFor(pathname: string) {
  const lists = await Promise.all(pageTargets(pathname).map((path) => activeMetaTagsFor(path)));
  const seen = new Set<string>();
  return lists.flat().filter((tag) => (seen.has(tag.id) ? false : (seen.add(tag.id), true)));
}

const allProducts = () => listActiveProducts({ page: 1, limit: LIMITS.searchLimit });

export async function loadRouteData(
  url: URL,
  origin: string,
  config: SiteConfig,
  knownPaths: readonly string[],
): Promise<SsrData> {
  const { pathname, searchParams } = url;
  const data: SsrData = { origin, now: Date.now(), config };
  const known = knownPaths.includes(pathname);

  const shared = Promise.all([
    findActiveContent('contact_us'),
    activePopupsFor(pathname),
    known ? metaTagsFor(pathname) : Promise.resolve([]),
  ]).then(([contact, popups, metaTags]) => {
    data.content = { ...data.content, contact_us: contact };
    data.popups = { path: pathname, popups };
    data.metaTags = metaTags;
  });

  const productId = searchParams.get('produk')?.trim();
  const product =
    known && productId && isUuid(productId)
      ? Promise.all([
          findActiveProduct(productId.toLowerCase()),
          linksOf(productId.toLowerCase()),
        ]).then(([found, links]) => {
          data.product = { id: productId, product: found, links: found ? links : [] };
        })
      : productId && known
        ? Promise.resolve().then(() => {
            data.product = { id: productId, product: null, links: [] };
          })
        : Promise.resolve();

  const route = (async () => {
    switch (pathname) {
      case '/': {
        const [categories, hero] = await Promise.all([
          listCategories(),
          findActiveContent('homepage_hero'),
        ]);
        data.categories = categories;
        data.content = { ...data.content, homepage_hero: hero };
        const search = searchParams.get('search')?.trim() ?? '';
        if (search) {
          data.allProducts = await allProducts();
          return;
        }
        const slug = searchParams.get('category')?.trim() || null;
        const category = slug ? categories.find((c) => c.slug === slug) : null;
        if (slug && !category) return; // Unknown category: the page shows its empty state.
        const page = pageNumber(searchParams.get('page'));
        data.productPage = {
          categoryId: category?.id ?? null,
          page,
          response: await listActiveProducts({
            page,
            limit: LIMITS.pageSize,
            categoryId: category?.id,
          }),
        };
        return;
      }
      case '/kategori':
        data.categories = await listCategories();
        return;
      case '/promo-hari-ini':
      case '/produk-terpopuler': {
        const kind = pathname === '/promo-hari-ini' ? 'promo' : 'popular';
        const featured = await featuredProducts(kind);
        data.featured = { [kind]: featured };
        if (featured.length === 0) data.allProducts = await allProducts();
        return;
      }
      case '/contact':
        data.faqs = await listActiveFaqs();
        return;
      default:
        return;
    }
  })();

  await Promise.all([shared, product, route]);
  return data;
}
