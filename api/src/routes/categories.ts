import { Router } from 'express';
import { UniqueConstraintError } from 'sequelize';
import { categorySchema } from '@shared/schemas';
import { Category, Product } from '../models';
import { parseInput } from '../middleware/validate';
import { conflict, notFound } from '../errors';
import { intId } from '../lib/params';
import { presentCategory } from '../presenters';
import type { AppContext } from '../context';
import type { ResponseCache } from '../lib/response-cache';

export const SLUG_TAKEN = 'Slug sudah digunakan oleh kategori lain';
export const CATEGORY_IN_USE = 'Kategori masih memiliki produk dan tidak dapat dihapus';

export async function listCategories() {
  const categories = await Category.findAll({
    order: [
      ['group', 'ASC'],
      ['name', 'ASC'],
    ],
  });
  return categories.map(presentCategory);
}

export function publicCategoryRoutes(cache: ResponseCache): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.type('json').send(await cache.get('categories', listCategories));
  });
  return router;
}

export function adminCategoryRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listCategories());
  });

  router.post('/', async (req, res) => {
    const input = parseInput(categorySchema, req.body);
    try {
      const category = await db.write((transaction) => Category.create(input, { transaction }));
      res.status(201).json(presentCategory(category));
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw conflict(SLUG_TAKEN);
      throw error;
    }
  });

  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Category');
    const input = parseInput(categorySchema, req.body);
    try {
      const category = await db.write(async (transaction) => {
        const found = await Category.findByPk(id, { transaction });
        if (!found) throw notFound('Category not found');
        return found.update(input, { transaction });
      });
      res.json(presentCategory(category));
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw conflict(SLUG_TAKEN);
      throw error;
    }
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Category');
    await db.write(async (transaction) => {
      const category = await Category.findByPk(id, { transaction });
      if (!category) throw notFound('Category not found');
      const products = await Product.count({ where: { categoryId: id }, transaction });
      if (products > 0) throw conflict(CATEGORY_IN_USE);
      await category.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
