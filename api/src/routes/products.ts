import { Router } from 'express';
import { Op, Sequelize, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import { LIMITS } from '@shared/constants';
import { productSchema, type ProductInput } from '@shared/schemas';
import type { ProductListResponse } from '@shared/types';
import { Category, Product, ProductImage } from '../models';
import { parseInput } from '../middleware/validate';
import { badRequest, notFound } from '../errors';
import { uuidId } from '../lib/params';
import { presentProduct, presentProductImage } from '../presenters';
import type { AppContext } from '../context';
import type { ResponseCache } from '../lib/response-cache';

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .optional()
    .transform((value) => value ?? fallback);

const listQuerySchema = z.object({
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(LIMITS.pageSize, LIMITS.searchLimit),
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a category id')
    .optional(),
  /** A category slug, as the public addresses carry it (/?category=elektronik). */
  category: z.string().max(120).optional(),
  search: z.string().max(200).optional(),
});

export type ProductListQuery = z.infer<typeof listQuerySchema>;

function parseListQuery(query: unknown): ProductListQuery {
  const result = listQuerySchema.safeParse(query);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(`Invalid query parameter ${String(issue?.path[0] ?? '')}`.trim());
  }
  return result.data;
}

/** `%` and `_` in a visitor's search are literal characters, not wildcards. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function searchWhere(term: string): WhereOptions {
  const pattern = likePattern(term);
  const lowerLike = (column: string) =>
    Sequelize.where(Sequelize.fn('lower', Sequelize.col(column)), {
      [Op.like]: Sequelize.literal(`${Product.sequelize!.escape(pattern)} ESCAPE '\\'`),
    });
  return {
    [Op.or]: [
      lowerLike('Product.title'),
      lowerLike('Product.description'),
      lowerLike('Product.badgeText'),
      lowerLike('category.name'),
    ],
  };
}

export async function listActiveProducts(query: ProductListQuery): Promise<ProductListResponse> {
  const where: WhereOptions[] = [{ isActive: true }];
  if (query.categoryId) where.push({ categoryId: Number(query.categoryId) });
  const categoryWhere = query.category ? { slug: query.category } : undefined;
  const term = query.search?.trim();
  if (term) where.push(searchWhere(term));

  const { rows, count } = await Product.findAndCountAll({
    where: { [Op.and]: where },
    include: [{ model: Category, as: 'category', where: categoryWhere, required: true }],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    products: rows.map(presentProduct),
    currentPage: query.page,
    totalPages: Math.ceil(count / query.limit),
    totalCount: count,
  };
}

export async function featuredProducts(kind: 'promo' | 'popular') {
  const flag = kind === 'promo' ? 'isFeaturedPromo' : 'isFeaturedPopular';
  const products = await Product.findAll({
    where: { isActive: true, [flag]: true },
    include: [{ model: Category, as: 'category' }],
    order: [
      ['featuredOrder', 'ASC'],
      ['discountPercentage', 'DESC'],
      ['createdAt', 'DESC'],
    ],
  });
  return products.map(presentProduct);
}

export async function findActiveProduct(id: string) {
  const product = await Product.findOne({
    where: { id, isActive: true },
    include: [{ model: Category, as: 'category' }],
  });
  return product ? presentProduct(product) : null;
}

export function publicProductRoutes(cache: ResponseCache): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseListQuery(req.query);
    const key = `products:${query.page}:${query.limit}:${query.categoryId ?? ''}:${query.category ?? ''}:${query.search?.trim().toLowerCase() ?? ''}`;
    res.type('json').send(await cache.get(key, () => listActiveProducts(query)));
  });

  router.get('/featured/promo', async (_req, res) => {
    res.type('json').send(await cache.get('featured:promo', () => featuredProducts('promo')));
  });

  router.get('/featured/popular', async (_req, res) => {
    res.type('json').send(await cache.get('featured:popular', () => featuredProducts('popular')));
  });

  router.get('/:id', async (req, res) => {
    const product = await findActiveProduct(uuidId(req.params.id, 'Product'));
    if (!product) throw notFound('Product not found');
    res.json(product);
  });

  router.get('/:id/images', async (req, res) => {
    const productId = uuidId(req.params.id, 'Product');
    const product = await Product.findOne({ where: { id: productId, isActive: true } });
    if (!product) throw notFound('Product not found');
    const images = await ProductImage.findAll({
      where: { productId, isActive: true },
      order: [
        ['order', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    res.json(images.map(presentProductImage));
  });

  return router;
}

async function assertCategoryExists(categoryId: string) {
  const category = /^\d{1,10}$/.test(categoryId)
    ? await Category.findByPk(Number(categoryId))
    : null;
  if (!category) {
    throw badRequest('Kategori tidak ditemukan', { categoryId: 'Kategori tidak ditemukan' });
  }
  return category.id;
}

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

export function adminProductRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const products = await Product.findAll({
      include: [{ model: Category, as: 'category' }],
      order: [
        ['createdAt', 'DESC'],
        ['id', 'ASC'],
      ],
    });
    res.json(products.map(presentProduct));
  });

  router.get('/:id', async (req, res) => {
    const product = await Product.findByPk(uuidId(req.params.id, 'Product'), {
      include: [{ model: Category, as: 'category' }],
    });
    if (!product) throw notFound('Product not found');
    res.json(presentProduct(product));
  });

  router.get('/:id/images', async (req, res) => {
    const productId = uuidId(req.params.id, 'Product');
    if (!(await Product.findByPk(productId))) throw notFound('Product not found');
    const images = await ProductImage.findAll({
      where: { productId },
      order: [
        ['order', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    res.json(images.map(presentProductImage));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(productSchema, req.body);
    const categoryId = await assertCategoryExists(input.categoryId);
    const product = await db.write((transaction) =>
      Product.create(productValues(input, categoryId), { transaction }),
    );
    res.status(201).json(presentProduct(product));
  });

  router.put('/:id', async (req, res) => {
    const id = uuidId(req.params.id, 'Product');
    const input = parseInput(productSchema, req.body);
    const categoryId = await assertCategoryExists(input.categoryId);
    const product = await db.write(async (transaction) => {
      const found = await Product.findByPk(id, { transaction });
      if (!found) throw notFound('Product not found');
      return found.update(productValues(input, categoryId), { transaction });
    });
    res.json(presentProduct(product));
  });

  router.delete('/:id', async (req, res) => {
    const id = uuidId(req.params.id, 'Product');
    await db.write(async (transaction) => {
      const product = await Product.findByPk(id, { transaction });
      if (!product) throw notFound('Product not found');
      await product.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
