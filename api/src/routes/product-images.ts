import { Router } from 'express';
import { productImageSchema, productImageUpdateSchema } from '@shared/schemas';
import { Product, ProductImage } from '../models';
import { parseInput } from '../middleware/validate';
import { badRequest, notFound } from '../errors';
import { intId, isUuid } from '../lib/params';
import { presentProductImage } from '../presenters';
import type { AppContext } from '../context';

export function adminProductImageRoutes({ db }: AppContext): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const input = parseInput(productImageSchema, req.body);
    const productId = input.productId.toLowerCase();
    const product = isUuid(productId) ? await Product.findByPk(productId) : null;
    if (!product) {
      throw badRequest('Product not found', { productId: 'Product not found' });
    }
    const image = await db.write((transaction) =>
      ProductImage.create(
        {
          productId,
          imageUrl: input.imageUrl,
          altText: input.altText ?? '',
          order: input.order ?? 0,
          isActive: input.isActive ?? true,
        },
        { transaction },
      ),
    );
    res.status(201).json(presentProductImage(image));
  });

  // The editor sends the whole form, or only { order } when an image is moved up or down.
  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Product image');
    const input = parseInput(productImageUpdateSchema, req.body);
    const image = await db.write(async (transaction) => {
      const found = await ProductImage.findByPk(id, { transaction });
      if (!found) throw notFound('Product image not found');
      const { productId: _ignored, ...changes } = input as typeof input & { productId?: string };
      return found.update(changes, { transaction });
    });
    res.json(presentProductImage(image));
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Product image');
    await db.write(async (transaction) => {
      const image = await ProductImage.findByPk(id, { transaction });
      if (!image) throw notFound('Product image not found');
      await image.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
