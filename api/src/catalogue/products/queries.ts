import { Op, Sequelize, type WhereOptions } from 'sequelize';
import type { ProductInput } from '@shared/schemas';
import type { ProductListResponse } from '@shared/types';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { badRequest, notFound } from '../../errors';
import { presentWithLowestPrices } from '../prices/lowest';
import { presentProduct } from './presenter';
import type { ProductListQuery } from './schema';

/** `%` and `_` in a visitor's search are literal characters, not wildcards. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function searchWhere(db: Database, term: string): WhereOptions {
  const pattern = likePattern(term);
  const lowerLike = (column: string) =>
    Sequelize.where(Sequelize.fn('lower', Sequelize.col(column)), {
      [Op.like]: Sequelize.literal(`${db.sequelize.escape(pattern)} ESCAPE '\\'`),
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

export async function listActiveProducts(
  db: Database,
  query: ProductListQuery,
): Promise<ProductListResponse> {
  const { Category, Product } = db.models;
  const where: WhereOptions[] = [{ isActive: true }];
  if (query.categoryId) where.push({ categoryId: Number(query.categoryId) });
  const categoryWhere = query.category ? { slug: query.category } : undefined;
  const term = query.search?.trim();
  if (term) where.push(searchWhere(db, term));

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
    products: await presentWithLowestPrices(db, rows),
    currentPage: query.page,
    totalPages: Math.ceil(count / query.limit),
    totalCount: count,
  };
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

async function existingCategoryId(db: Database, categoryId: string) {
  const category = /^\d{1,10}$/.test(categoryId)
    ? await db.models.Category.findByPk(Number(categoryId))
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

export async function createProduct(db: Database, input: ProductInput) {
  const categoryId = await existingCategoryId(db, input.categoryId);
  const product = await db.write((transaction) =>
    db.models.Product.create(productValues(input, categoryId), { transaction }),
  );
  return presentProduct(product);
}

export async function updateProduct(db: Database, id: string, input: ProductInput) {
  const categoryId = await existingCategoryId(db, input.categoryId);
  const product = await writeExisting(db, db.models.Product, id, 'Product', (found, transaction) =>
    found.update(productValues(input, categoryId), { transaction }),
  );
  return presentProduct(product);
}

export const deleteProduct = (db: Database, id: string) =>
  destroyExisting(db, db.models.Product, id, 'Product');
