import type { PlatformLinkCreateInput, PlatformLinkUpdateInput } from '@shared/schemas';
import { resolvePriceValue } from '@shared/rules/price';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database';
import { conflictOnDuplicate, findOr404, writeExisting } from '../../db/records';
import { syncProductPlatforms } from '../products/platforms';
import { requireProduct } from '../products/queries';
import { presentAdminPlatformLink, presentPlatformLink } from './presenter';
import { editedFields, LINK_LOCKABLE, updateLocks } from '../../feeds/locks';

export const PLATFORM_ALREADY_LINKED = 'Platform sudah terhubung dengan produk ini';

/** The product's discount, from which a link's "before" price is derived when it has none. */
async function discountOf(db: Database, productId: string, transaction?: Transaction) {
  const product = await db.models.Product.findByPk(productId, {
    attributes: ['discountPercentage'],
    transaction,
  });
  return product ? Number(product.discountPercentage) : null;
}

export async function linksOf(
  db: Database,
  productId: string,
  audience: 'visitor' | 'admin' = 'visitor',
) {
  const [links, discount] = await Promise.all([
    db.models.PlatformLink.findAll({
      where: { productId },
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
      ],
    }),
    discountOf(db, productId),
  ]);
  const present = audience === 'admin' ? presentAdminPlatformLink : presentPlatformLink;
  return links.map((link) => present(link, discount));
}

/** The optional shopping fields of a link write: absent keeps what is stored. */
function shoppingFields(input: PlatformLinkUpdateInput) {
  return {
    ...(input.originalPriceValue !== undefined
      ? { originalPriceValue: input.originalPriceValue }
      : {}),
    ...(input.availability !== undefined ? { availability: input.availability } : {}),
  };
}

/** The links of a product, 404 when it is unknown (or, for visitors, inactive). */
export async function linksOfProduct(
  db: Database,
  productId: string,
  audience: 'visitor' | 'admin',
) {
  await requireProduct(db, productId, audience);
  return linksOf(db, productId, audience);
}

export function createPlatformLink(
  db: Database,
  productId: string,
  input: PlatformLinkCreateInput,
) {
  return conflictOnDuplicate(PLATFORM_ALREADY_LINKED, async () => {
    const { link, discount } = await db.write(async (transaction) => {
      const product = await findOr404(db.models.Product, productId, 'Product', transaction);
      const created = await db.models.PlatformLink.create(
        {
          productId,
          platform: input.platform,
          affiliateUrl: input.affiliateUrl,
          price: input.price,
          priceValue: resolvePriceValue(input.price, input.priceValue),
          ...shoppingFields(input),
        },
        { transaction },
      );
      await syncProductPlatforms(db, productId, transaction);
      return { link: created, discount: Number(product.discountPercentage) };
    });
    return presentAdminPlatformLink(link, discount);
  });
}

export function updatePlatformLink(db: Database, id: number, input: PlatformLinkUpdateInput) {
  return conflictOnDuplicate(PLATFORM_ALREADY_LINKED, async () => {
    const link = await writeExisting(
      db,
      db.models.PlatformLink,
      id,
      'Platform link',
      async (found, transaction) => {
        const values = {
          platform: input.platform,
          affiliateUrl: input.affiliateUrl,
          price: input.price,
          priceValue: resolvePriceValue(input.price, input.priceValue),
          ...shoppingFields(input),
        };
        // A feed product's hand-edited link fields stay as staff set them (feeds/locks.ts).
        const stored = { get: (key: string) => found.get(key === 'price' ? 'priceValue' : key) };
        const edited = editedFields(stored, { ...values, price: values.priceValue }, LINK_LOCKABLE);
        await found.update(values, { transaction });
        await updateLocks(db, found.productId, { edited }, transaction);
        await syncProductPlatforms(db, found.productId, transaction);
        return found;
      },
    );
    return presentAdminPlatformLink(link, await discountOf(db, link.productId));
  });
}

export const deletePlatformLink = (db: Database, id: number) =>
  writeExisting(db, db.models.PlatformLink, id, 'Platform link', async (found, transaction) => {
    await found.destroy({ transaction });
    await syncProductPlatforms(db, found.productId, transaction);
  });
