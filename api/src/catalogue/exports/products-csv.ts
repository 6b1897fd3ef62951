import type { Response } from 'express';
import { Op, QueryTypes } from 'sequelize';
import { PLATFORMS, type Platform } from '@shared/constants';
import {
  EXPORT_ONLY_COLUMNS,
  IMAGE_URLS_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  type ProductFieldColumn,
} from '@shared/rules/product-csv';
import type { Database } from '../../db/database';
import { storedProduct, type ProductRow } from '../imports/chunk';
import type { StoredProduct } from '../imports/row-plan';
import { adminFilter } from '../products/admin-list';
import type { AdminProductListQuery } from '../products/schema';
import { writeCsv } from './csv-response';
import { watchCountsByProduct } from '../../watches/admin-counts';

/** Products read per query: the most the server holds at once, whatever the catalogue's size. */
const EXPORT_BATCH = 1_000;

const ATTRIBUTES = [
  'id',
  'sku',
  'categoryId',
  'title',
  'description',
  'imageUrl',
  'imageUrls',
  'videoUrl',
  'mediaType',
  'discountPercentage',
  'badgeText',
  'badgeColor',
  'platforms',
  'isActive',
  'isFeaturedPromo',
  'isFeaturedPopular',
  'featuredOrder',
];

interface ExportLink {
  affiliateUrl: string;
  price: string;
  /** Whole rupiah as digits, which the import reads back (parseRupiah); '' without one. */
  originalPrice: string;
}

async function linksOf(db: Database, productIds: string[]) {
  const byProduct = new Map<string, Map<Platform, ExportLink>>();
  const rows = await db.sequelize.query<{
    productId: string;
    platform: Platform;
    affiliateUrl: string;
    price: string | null;
    originalPriceValue: number | string | null;
  }>(
    `SELECT "productId", platform, "affiliateUrl", price, "originalPriceValue" FROM platform_links
     WHERE "productId" IN (:ids)`,
    { replacements: { ids: productIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const links = byProduct.get(row.productId) ?? new Map<Platform, ExportLink>();
    links.set(row.platform, {
      affiliateUrl: row.affiliateUrl,
      price: row.price ?? '',
      originalPrice: row.originalPriceValue === null ? '' : String(row.originalPriceValue),
    });
    byProduct.set(row.productId, links);
  }
  return byProduct;
}

const flag = (value: boolean) => (value ? 'true' : 'false');

/** One product as a CSV row, in PRODUCT_CSV_COLUMNS order; an import reads it back unchanged. */
function productCells(
  product: StoredProduct,
  categorySlug: string,
  links: Map<Platform, ExportLink> | undefined,
): string[] {
  const { values } = product;
  const fields: Record<ProductFieldColumn, string> = {
    sku: product.sku,
    title: values.title,
    description: values.description,
    category: categorySlug,
    imageUrl: values.imageUrl,
    imageUrls: values.imageUrls.join(IMAGE_URLS_SEPARATOR),
    videoUrl: values.videoUrl ?? '',
    mediaType: values.mediaType,
    discountPercentage: String(values.discountPercentage),
    badgeText: values.badgeText ?? '',
    badgeColor: values.badgeColor,
    isActive: flag(values.isActive),
    isFeaturedPromo: flag(values.isFeaturedPromo),
    isFeaturedPopular: flag(values.isFeaturedPopular),
    featuredOrder: String(values.featuredOrder),
  };
  const platformCells = PLATFORMS.flatMap((platform) => {
    const link = links?.get(platform);
    return [link?.affiliateUrl ?? '', link?.price ?? '', link?.originalPrice ?? ''];
  });
  return [...Object.values(fields), ...platformCells];
}

/**
 * `GET /api/admin/exports/products.csv`: the products the admin list's filters select, in
 * keyset batches by id, each batch written before the next is read.
 */
export async function writeProductsCsv(
  db: Database,
  res: Response,
  query: AdminProductListQuery,
): Promise<void> {
  const categories = new Map(
    (await db.models.Category.findAll({ attributes: ['id', 'slug'], raw: true })).map((c) => [
      Number(c.id),
      c.slug,
    ]),
  );
  const { where: filter } = await adminFilter(db, query);
  const date = new Date().toISOString().slice(0, 10);
  // `watches` (active price watches) follows the importable columns; an import ignores it.
  const header = [...PRODUCT_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS];
  await writeCsv(res, `produk-${date}.csv`, header, async (write) => {
    let last: string | null = null;
    for (;;) {
      const batch = (await db.models.Product.findAll({
        attributes: ATTRIBUTES,
        where: last === null ? filter : { [Op.and]: [filter, { id: { [Op.gt]: last } }] },
        order: [['id', 'ASC']],
        limit: EXPORT_BATCH,
        raw: true,
      })) as unknown as ProductRow[];
      if (batch.length === 0) return;
      const ids = batch.map((row) => row.id);
      const [links, watchCounts] = await Promise.all([
        linksOf(db, ids),
        watchCountsByProduct(db, ids),
      ]);
      for (const row of batch) {
        const product = storedProduct(row);
        const slug = categories.get(product.values.categoryId) ?? '';
        await write([
          ...productCells(product, slug, links.get(row.id)),
          String(watchCounts.get(row.id) ?? 0),
        ]);
      }
      if (batch.length < EXPORT_BATCH) return;
      last = batch.at(-1)!.id;
    }
  });
}
