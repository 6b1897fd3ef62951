import { Op, QueryTypes, Transaction } from 'sequelize';
import { FALLBACK_PRODUCTS } from '@shared/constants';
import {
  effectiveSort,
  hasListingFilters,
  listingFilters,
  listingParams,
  type ListingFacets,
  type ListingFilters,
  type ProductInput,
} from '@shared/schemas';
import { pagesOf } from '@shared/rules/capped-count';
import type { Platform, ProductListResponse } from '@shared/types';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { badRequest, notFound } from '../../errors';
import { presentWithLowestPrices } from '../prices/lowest';
import { learnProductWords } from '../search/learn-words';
import {
  categoryFilter,
  listActiveProductIds,
  searchProductIds,
  wordGroups,
  type ProductIdPage,
} from '../search/queries';
import { tokenize } from '../search/terms';
import {
  emptyFacets,
  listingFacets,
  listingPage,
  type ListingScope,
  type PromoSet,
} from './listing';
import { presentProduct } from './presenter';
import { linkedPlatforms } from './platforms';
import type { ProductListQuery } from './schema';
import { editedFields, PRODUCT_LOCKABLE, updateLocks } from '../../feeds/locks';

/**
 * The rows of one page of product ids, in the ids' order, each with its category and lowest
 * price (on the marketplaces the list is filtered by, if any): two queries. An id whose row
 * went away between the reads is left out.
 */
async function productsInOrder(db: Database, ids: string[], platforms: readonly Platform[] = []) {
  if (ids.length === 0) return [];
  const rows = await db.models.Product.findAll({
    where: { id: ids },
    include: [{ model: db.models.Category, as: 'category' }],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inOrder = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return presentWithLowestPrices(db, inOrder, platforms);
}

/**
 * The public list: with a search term, the ranked matches over the whole catalogue
 * (api/src/catalogue/search); without, the newest first. Either way only the page's ids are
 * read from the indexes, then the page's rows by id, so page 5,000 costs what page 1 costs.
 * A sort or filter (docs/contracts.md, "Shopping") reads the page from ./listing.ts instead.
 */
export async function listActiveProducts(
  db: Database,
  query: Pick<ProductListQuery, 'page' | 'limit' | 'categoryId' | 'category' | 'search'> &
    Partial<ProductListQuery>,
  facetsCache?: FacetsCache,
): Promise<ProductListResponse> {
  const options = {
    page: query.page,
    limit: query.limit,
    categoryId: query.categoryId ? Number(query.categoryId) : null,
    categorySlug: query.category || null,
  };
  const term = query.search?.trim();
  const tokens = term ? tokenize(term) : [];
  const filters = listingFilters(query);
  const sort = effectiveSort(filters.sort, tokens.length > 0);
  const plain =
    !hasListingFilters(filters) && sort === (tokens.length > 0 ? 'relevance' : 'newest');
  let page: ProductIdPage;
  let scope: ListingScope | null = null;
  // On PostgreSQL the facets are read beside the page, on a connection of their own, not after
  // it: they depend on the scope and filters only (`/?search=` of `creme promo` waited for the
  // page's ~15-40 ms and then the facets' ~15-60 ms under load). SQLite's one connection
  // would only interleave them.
  let facets: Promise<ListingFacets> | null = null;
  const facetsOf = (found: ListingScope | null): Promise<ListingFacets> => {
    if (!found) return Promise.resolve(emptyFacets());
    const count = () => listingFacets(db, found, filters);
    return facetsCache ? facetsCache(facetsKey(found, tokens, filters), count) : count();
  };
  const promo = query.promo ? await promoSet(db) : null;
  if (plain && !query.facets && !promo) {
    page = term
      ? await searchProductIds(db, { ...options, term })
      : await listActiveProductIds(db, options);
  } else {
    const categoryId = await categoryFilter(db, options);
    scope =
      categoryId === undefined
        ? null
        : {
            categoryId,
            groups: tokens.length > 0 ? await wordGroups(db, tokens) : null,
            promo,
          };
    if (query.facets && db.dialect === 'postgres') {
      facets = facetsOf(scope);
      // Awaited below, unless the page fails first.
      facets.catch(() => undefined);
    }
    // Today's promo without a chosen sort keeps the promo page's own order.
    const order = promo && !filters.sort ? 'promo' : sort;
    page = !scope
      ? { ids: [], totalCount: 0 }
      : plain && !promo
        ? term
          ? await searchProductIds(db, { ...options, term })
          : await listActiveProductIds(db, options)
        : await listingPage(db, scope, filters, order, {
            limit: query.limit,
            offset: (query.page - 1) * query.limit,
          });
  }
  const capped = page.capped ?? false;
  const response: ProductListResponse = {
    products: await productsInOrder(db, page.ids, filters.platforms),
    currentPage: query.page,
    totalPages: pagesOf({ count: page.totalCount, capped, page: query.page, limit: query.limit }),
    totalCount: page.totalCount,
    ...(capped ? { totalCountCapped: true } : {}),
    hasNextPage: capped || query.page * query.limit < page.totalCount,
  };
  if (query.facets) response.facets = await (facets ?? facetsOf(scope));
  return response;
}

/**
 * Keeps the counts of one (category, search, filters, promo) for the catalogue cache's life
 * (docs/decisions.md, "Listing at size"): counting the whole catalogue's facets costs far more
 * than a page, and they do not change with the page or the sort.
 */
export type FacetsCache = (
  key: string,
  count: () => Promise<ListingFacets>,
) => Promise<ListingFacets>;

const facetsKey = (scope: ListingScope, tokens: unknown[], filters: ListingFilters) =>
  JSON.stringify([
    scope.categoryId,
    tokens,
    scope.promo ?? null,
    listingParams({ ...filters, sort: undefined }),
  ]);

/**
 * Which products today's promo lists (spec section 5): the featured ones when staff featured
 * any, else every active product with a discount (the fallback's set, in full).
 */
async function promoSet(db: Database): Promise<PromoSet> {
  // Read from the featured index: SQLite would otherwise walk every active product.
  const hint = db.dialect === 'postgres' ? '' : 'INDEXED BY products_featured_promo';
  const [featured] = await db.sequelize.query(
    `SELECT id FROM products ${hint} WHERE "isFeaturedPromo" = :yes AND "isActive" = :yes LIMIT 1`,
    { replacements: { yes: true }, type: QueryTypes.SELECT },
  );
  return featured ? 'featured' : 'discounted';
}

export async function featuredProducts(db: Database, kind: 'promo' | 'popular') {
  const flag = kind === 'promo' ? 'isFeaturedPromo' : 'isFeaturedPopular';
  const products = await db.models.Product.findAll({
    where: { isActive: true, [flag]: true },
    include: [{ model: db.models.Category, as: 'category' }],
    order: [
      ['featuredOrder', 'ASC'],
      ['discountPercentage', 'DESC'],
      ['createdAt', 'DESC'],
    ],
  });
  return presentWithLowestPrices(db, products);
}

/**
 * popularScore (shared/rules/ranking.ts) in SQL: 10 for a badge, a tenth of the discount, and
 * the creation time in seconds over a million.
 */
const POPULAR_SCORE = {
  postgres: `(CASE WHEN btrim(coalesce("badgeText", '')) <> '' THEN 10 ELSE 0 END
    + 0.1 * "discountPercentage" + extract(epoch FROM "createdAt") / 1000000.0)`,
  sqlite: `(CASE WHEN trim(coalesce("badgeText", '')) <> '' THEN 10 ELSE 0 END
    + 0.1 * "discountPercentage" + (julianday("createdAt") - 2440587.5) * 86400.0 / 1000000.0)`,
};

/** The badge and the discount add at most 20 to a score: 20 million seconds of age. */
const POPULAR_BONUS_MS = 20 * 1_000_000 * 1000;

/**
 * The ids of the first FALLBACK_PRODUCTS of a fallback ranking (spec section 5), read ranked
 * from the database instead of ranking the first 1,000 products in the page.
 *
 * - promo: active products with a discount, biggest first: a walk down the discount index.
 * - popular: by popularScore, which is mostly the creation time. The newest N active
 *   products score at least their creation time, and a bonus is worth at most 20 million
 *   seconds, so the top N were all created after the Nth newest minus that: only that range
 *   of the newest-first index is scored.
 */
async function fallbackIds(db: Database, kind: 'promo' | 'popular'): Promise<string[]> {
  const { Product } = db.models;
  if (kind === 'promo') {
    const rows = await Product.findAll({
      attributes: ['id'],
      where: { isActive: true, discountPercentage: { [Op.gt]: 0 } },
      order: [
        ['discountPercentage', 'DESC'],
        ['createdAt', 'DESC'],
        ['id', 'ASC'],
      ],
      limit: FALLBACK_PRODUCTS,
      raw: true,
    });
    return rows.map((row) => row.id);
  }
  const [nth] = await Product.findAll({
    attributes: ['createdAt'],
    where: { isActive: true },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    offset: FALLBACK_PRODUCTS - 1,
    limit: 1,
  });
  const since = nth ? new Date(nth.createdAt.getTime() - POPULAR_BONUS_MS) : new Date(0);
  const score = db.dialect === 'postgres' ? POPULAR_SCORE.postgres : POPULAR_SCORE.sqlite;
  const rows = await db.sequelize.query<{ id: string }>(
    `SELECT id FROM products WHERE "isActive" = :active AND "createdAt" >= :since
      ORDER BY ${score} DESC, "createdAt" DESC, id LIMIT :limit`,
    {
      replacements: { active: true, since, limit: FALLBACK_PRODUCTS },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((row) => row.id);
}

/** GET /api/products/fallback/{promo|popular}: what the page shows when nothing is featured. */
export async function fallbackProducts(db: Database, kind: 'promo' | 'popular') {
  return productsInOrder(db, await fallbackIds(db, kind));
}

/** What a visitor may see of a product: null when it is unknown or inactive. */
export async function findActiveProduct(db: Database, id: string) {
  const product = await db.models.Product.findOne({
    where: { id, isActive: true },
    include: [{ model: db.models.Category, as: 'category' }],
  });
  return product ? ((await presentWithLowestPrices(db, [product]))[0] ?? null) : null;
}

/** 404 unless the product exists and, for visitors, is active. */
export async function requireProduct(db: Database, id: string, audience: 'visitor' | 'admin') {
  const where = audience === 'visitor' ? { id, isActive: true } : { id };
  if (!(await db.models.Product.findOne({ where }))) throw notFound('Product not found');
}

export async function findProduct(db: Database, id: string) {
  const product = await db.models.Product.findByPk(id, {
    include: [{ model: db.models.Category, as: 'category' }],
  });
  if (!product) throw notFound('Product not found');
  return presentProduct(product);
}

/**
 * The category, or a 400 when there is none. Inside `transaction` the row is also locked
 * against deletion until the transaction ends (FOR KEY SHARE on PostgreSQL; SQLite's single
 * writer needs no lock).
 */
export async function existingCategory(
  db: Database,
  categoryId: string,
  transaction?: Transaction,
) {
  const category = /^\d{1,10}$/.test(categoryId)
    ? await db.models.Category.findByPk(Number(categoryId), {
        transaction,
        lock: transaction ? Transaction.LOCK.KEY_SHARE : undefined,
      })
    : null;
  if (!category) {
    throw badRequest('Kategori tidak ditemukan', { categoryId: 'Kategori tidak ditemukan' });
  }
  return category;
}

const existingCategoryId = async (db: Database, categoryId: string) =>
  (await existingCategory(db, categoryId)).id;

function productValues(input: ProductInput, categoryId: number) {
  return {
    categoryId,
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    imageUrls: input.imageUrls ?? [],
    videoUrl: input.videoUrl ?? null,
    mediaType: input.mediaType ?? 'default',
    discountPercentage: input.discountPercentage,
    badgeText: input.badgeText ?? null,
    badgeColor: input.badgeColor ?? 'green',
    platforms: input.platforms,
    isActive: input.isActive ?? true,
    isFeaturedPromo: input.isFeaturedPromo ?? false,
    isFeaturedPopular: input.isFeaturedPopular ?? false,
    featuredOrder: input.featuredOrder ?? 0,
  };
}

export async function createProduct(db: Database, input: ProductInput) {
  const categoryId = await existingCategoryId(db, input.categoryId);
  const product = await db.write((transaction) =>
    db.models.Product.create(productValues(input, categoryId), { transaction }),
  );
  await learnProductWords(db, { ids: [product.id] });
  return presentProduct(product);
}

export async function updateProduct(db: Database, id: string, input: ProductInput) {
  const categoryId = await existingCategoryId(db, input.categoryId);
  const product = await writeExisting(
    db,
    db.models.Product,
    id,
    'Product',
    async (found, transaction) => {
      const values = productValues(input, categoryId);
      const edited = editedFields(found, values, PRODUCT_LOCKABLE);
      // Once a product has links its platforms are theirs; the form's list counts only before.
      const linked = await linkedPlatforms(db, id, transaction);
      const updated = await found.update(
        { ...values, platforms: linked.length > 0 ? linked : values.platforms },
        { transaction },
      );
      await updateLocks(db, id, { edited, replace: input.lockedFields }, transaction);
      return updated;
    },
  );
  await learnProductWords(db, { ids: [product.id] });
  return presentProduct(product);
}

export const deleteProduct = (db: Database, id: string) =>
  destroyExisting(db, db.models.Product, id, 'Product');
