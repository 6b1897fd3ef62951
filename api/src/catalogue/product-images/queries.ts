import type { ProductImageInput, ProductImageUpdateInput } from '@shared/schemas';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { badRequest } from '../../errors';
import { isUuid } from '../../lib/params';
import { requireProduct } from '../products/queries';
import { presentProductImage } from './presenter';

/** A product's gallery in display order; visitors see only the active images of active products. */
export async function listProductImages(
  db: Database,
  productId: string,
  audience: 'visitor' | 'admin',
) {
  await requireProduct(db, productId, audience);
  const images = await db.models.ProductImage.findAll({
    where: audience === 'visitor' ? { productId, isActive: true } : { productId },
    order: [
      ['order', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return images.map(presentProductImage);
}

export async function createProductImage(db: Database, input: ProductImageInput) {
  const productId = input.productId.toLowerCase();
  const product = isUuid(productId) ? await db.models.Product.findByPk(productId) : null;
  if (!product) {
    throw badRequest('Product not found', { productId: 'Product not found' });
  }
  const image = await db.write((transaction) =>
    db.models.ProductImage.create(
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
  return presentProductImage(image);
}

/** The editor sends the whole form, or only { order } when an image is moved up or down. */
export async function updateProductImage(db: Database, id: number, input: ProductImageUpdateInput) {
  const image = await writeExisting(
    db,
    db.models.ProductImage,
    id,
    'Product image',
    (found, transaction) => {
      const { productId: _ignored, ...changes } = input as typeof input & { productId?: string };
      return found.update(changes, { transaction });
    },
  );
  return presentProductImage(image);
}

export const deleteProductImage = (db: Database, id: number) =>
  destroyExisting(db, db.models.ProductImage, id, 'Product image');
