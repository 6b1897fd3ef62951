import type { PlatformLinkCreateInput, PlatformLinkUpdateInput } from '@shared/schemas';
import { resolvePriceValue } from '@shared/rules/price';
import type { Database } from '../../db/database';
import { conflictOnDuplicate, findOr404, writeExisting } from '../../db/records';
import { syncProductPlatforms } from '../products/platforms';
import { requireProduct } from '../products/queries';
import { presentAdminPlatformLink, presentPlatformLink } from './presenter';

export const PLATFORM_ALREADY_LINKED = 'Platform sudah terhubung dengan produk ini';

export async function linksOf(
  db: Database,
  productId: string,
  audience: 'visitor' | 'admin' = 'visitor',
) {
  const links = await db.models.PlatformLink.findAll({
    where: { productId },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return links.map(audience === 'admin' ? presentAdminPlatformLink : presentPlatformLink);
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
    const link = await db.write(async (transaction) => {
      await findOr404(db.models.Product, productId, 'Product', transaction);
      const created = await db.models.PlatformLink.create(
        {
          productId,
          platform: input.platform,
          affiliateUrl: input.affiliateUrl,
          price: input.price,
          priceValue: resolvePriceValue(input.price, input.priceValue),
        },
        { transaction },
      );
      await syncProductPlatforms(db, productId, transaction);
      return created;
    });
    return presentAdminPlatformLink(link);
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
        await found.update(
          {
            platform: input.platform,
            affiliateUrl: input.affiliateUrl,
            price: input.price,
            priceValue: resolvePriceValue(input.price, input.priceValue),
          },
          { transaction },
        );
        await syncProductPlatforms(db, found.productId, transaction);
        return found;
      },
    );
    return presentAdminPlatformLink(link);
  });
}

export const deletePlatformLink = (db: Database, id: number) =>
  writeExisting(db, db.models.PlatformLink, id, 'Platform link', async (found, transaction) => {
    await found.destroy({ transaction });
    await syncProductPlatforms(db, found.productId, transaction);
  });
