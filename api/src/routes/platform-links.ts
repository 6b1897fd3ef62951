import { Router } from 'express';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import { PlatformLink, Product } from '../models';
import { parseInput } from '../middleware/validate';
import { conflict, notFound } from '../errors';
import { intId, uuidId } from '../lib/params';
import { presentPlatformLink } from '../presenters';
import type { AppContext } from '../context';

export const PLATFORM_ALREADY_LINKED = 'Platform sudah terhubung dengan produk ini';

export async function linksOf(productId: string) {
  const links = await PlatformLink.findAll({
    where: { productId },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return links.map(presentPlatformLink);
}

/** Keeps the product's `platforms` list in step with its links, so cards show what is linked. */
async function syncProductPlatforms(productId: string, transaction: Transaction) {
  const product = await Product.findByPk(productId, { transaction });
  if (!product) return;
  const links = await PlatformLink.findAll({ where: { productId }, transaction });
  const linked = links.map((link) => link.platform);
  const platforms = [...new Set([...product.platforms, ...linked])];
  if (platforms.length !== product.platforms.length) {
    await product.update({ platforms }, { transaction });
  }
}

export function publicPlatformLinkRoutes(): Router {
  const router = Router();
  router.get('/:productId', async (req, res) => {
    const productId = uuidId(req.params.productId, 'Product');
    const product = await Product.findOne({ where: { id: productId, isActive: true } });
    if (!product) throw notFound('Product not found');
    res.json(await linksOf(productId));
  });
  return router;
}

export function adminPlatformLinkRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/:productId', async (req, res) => {
    const productId = uuidId(req.params.productId, 'Product');
    if (!(await Product.findByPk(productId))) throw notFound('Product not found');
    res.json(await linksOf(productId));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(platformLinkCreateSchema, req.body);
    const productId = uuidId(input.productId, 'Product');
    try {
      const link = await db.write(async (transaction) => {
        if (!(await Product.findByPk(productId, { transaction }))) {
          throw notFound('Product not found');
        }
        const created = await PlatformLink.create(
          {
            productId,
            platform: input.platform,
            affiliateUrl: input.affiliateUrl,
            price: input.price,
          },
          { transaction },
        );
        await syncProductPlatforms(productId, transaction);
        return created;
      });
      res.status(201).json(presentPlatformLink(link));
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw conflict(PLATFORM_ALREADY_LINKED);
      throw error;
    }
  });

  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Platform link');
    const input = parseInput(platformLinkUpdateSchema, req.body);
    try {
      const link = await db.write(async (transaction) => {
        const found = await PlatformLink.findByPk(id, { transaction });
        if (!found) throw notFound('Platform link not found');
        await found.update(
          { platform: input.platform, affiliateUrl: input.affiliateUrl, price: input.price },
          { transaction },
        );
        await syncProductPlatforms(found.productId, transaction);
        return found;
      });
      res.json(presentPlatformLink(link));
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw conflict(PLATFORM_ALREADY_LINKED);
      throw error;
    }
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Platform link');
    await db.write(async (transaction) => {
      const link = await PlatformLink.findByPk(id, { transaction });
      if (!link) throw notFound('Platform link not found');
      await link.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
