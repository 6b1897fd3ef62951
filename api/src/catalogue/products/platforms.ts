import type { Transaction } from 'sequelize';
import { platformsOfLinks } from '@shared/rules/platforms';
import type { Database } from '../../db/database';
import { stringArray } from '../../lib/json';

/** The platforms the product has links for, in the fixed platform order. */
export async function linkedPlatforms(db: Database, productId: string, transaction: Transaction) {
  const links = await db.models.PlatformLink.findAll({
    where: { productId },
    attributes: ['platform'],
    transaction,
  });
  return platformsOfLinks(links);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Sets the product's `platforms` to the platforms it has links for, in the transaction of the
 * link write, so the list a card shows and the links never disagree (platformsOfLinks).
 */
export async function syncProductPlatforms(
  db: Database,
  productId: string,
  transaction: Transaction,
) {
  const product = await db.models.Product.findByPk(productId, { transaction });
  if (!product) return;
  const platforms = await linkedPlatforms(db, productId, transaction);
  if (!sameList(platforms, stringArray(product.platforms))) {
    await product.update({ platforms }, { transaction });
  }
}
