import { Router } from 'express';
import {
  listingFilters,
  listingParams,
  productBulkSchema,
  productSchema,
  type ListingFacets,
} from '@shared/schemas';
import { notFound } from '../../errors';
import { productIdParams } from '../../lib/params';
import { created, json, noContent, route, validate } from '../../middleware/validate';
import type { AppContext } from '../../context';
import type { ResponseCache } from '../../lib/response-cache';
import { listProductImages } from '../product-images/queries';
import {
  createProduct,
  deleteProduct,
  fallbackProducts,
  featuredProducts,
  findActiveProduct,
  findProduct,
  listActiveProducts,
  updateProduct,
  type FacetsCache,
} from './queries';
import {
  adminCountQuerySchema,
  adminListQuerySchema,
  listQuerySchema,
  type ProductListQuery,
} from './schema';
import { countMatchingProducts, listAdminProductsPage, streamAllProducts } from './admin-list';
import { runProductBulkAction } from './bulk';

const byId = validate({ params: productIdParams });

/** The listing parameters of a public list request, normalised, for its cache key. */
const listingCacheKey = (query: ProductListQuery) =>
  new URLSearchParams([
    ...listingParams(listingFilters(query)),
    ...(query.facets ? [['facets', 'true'] as [string, string]] : []),
    ...(query.promo ? [['promo', 'true'] as [string, string]] : []),
  ]).toString();

export function publicProductRoutes({ db }: AppContext, cache: ResponseCache): Router {
  const router = Router();
  // Facets live in the same cache, dropped with it on every catalogue change.
  const cachedFacets: FacetsCache = async (key, count) =>
    JSON.parse(await cache.get(`facets:${key}`, count)) as ListingFacets;

  router.get(
    '/',
    route(validate({ query: listQuerySchema }), async ({ query }, res, req) => {
      const key = `products:${query.page}:${query.limit}:${query.categoryId ?? ''}:${query.category ?? ''}:${query.search?.trim().toLowerCase() ?? ''}:${listingCacheKey(query)}`;
      await cache.send(req, res, key, () => listActiveProducts(db, query, cachedFacets));
    }),
  );

  for (const kind of ['promo', 'popular'] as const) {
    router.get(`/featured/${kind}`, async (req, res) => {
      await cache.send(req, res, `featured:${kind}`, () => featuredProducts(db, kind));
    });
    router.get(`/fallback/${kind}`, async (req, res) => {
      await cache.send(req, res, `fallback:${kind}`, () => fallbackProducts(db, kind));
    });
  }

  router.get(
    '/:id',
    json(byId, async ({ params }) => {
      const product = await findActiveProduct(db, params.id);
      if (!product) throw notFound('Product not found');
      return product;
    }),
  );
  router.get(
    '/:id/images',
    json(byId, ({ params }) => listProductImages(db, params.id, 'visitor')),
  );
  return router;
}

export function adminProductRoutes({ db }: AppContext): Router {
  const router = Router();
  router.get(
    '/',
    route(validate({ query: adminListQuerySchema }), async ({ query }, res) => {
      const { page } = query;
      if (page === undefined) return streamAllProducts(db, res);
      res.json(await listAdminProductsPage(db, { ...query, page }));
    }),
  );
  // Before '/:id', which would read 'count' as a (malformed) product id.
  router.get(
    '/count',
    json(validate({ query: adminCountQuerySchema }), ({ query }) =>
      countMatchingProducts(db, query),
    ),
  );
  router.get(
    '/:id',
    json(byId, ({ params }) => findProduct(db, params.id)),
  );
  router.get(
    '/:id/images',
    json(byId, ({ params }) => listProductImages(db, params.id, 'admin')),
  );
  router.post(
    '/',
    created(validate({ body: productSchema }), ({ body }) => createProduct(db, body)),
  );
  router.post(
    '/bulk',
    json(validate({ body: productBulkSchema }), ({ body }) => runProductBulkAction(db, body)),
  );
  router.put(
    '/:id',
    json(validate({ params: productIdParams, body: productSchema }), ({ params, body }) =>
      updateProduct(db, params.id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(byId, ({ params }) => deleteProduct(db, params.id)),
  );
  return router;
}
