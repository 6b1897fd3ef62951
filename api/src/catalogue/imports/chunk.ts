import { QueryTypes, type Transaction } from 'sequelize';
import type { Platform } from '@shared/constants';
import type { ImportRowError } from '@shared/rules/product-csv';
import { skuSchema } from '@shared/schemas';
import { toDbTimestamp } from '../../db/timestamps';
import type { Database } from '../../db/database';
import { timeOrderedUuid } from '../../lib/time-ordered-id';
import {
  newLinkListingColumns,
  newProductFigures,
  refreshProductFigures,
} from '../products/figures';
import type { ColumnIndex } from './header';
import {
  planRow,
  type LinkValues,
  type ProductValues,
  type RowPlan,
  type StoredLink,
  type StoredProduct,
} from './row-plan';

export interface CsvRow {
  /** 2 is the first data row. */
  row: number;
  cells: string[];
}

export interface ChunkOutcome {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportRowError[];
  failures: { row: number; reason: string; cells: string[] }[];
  /**
   * The values of the active products whose indexed text this chunk wrote (created, or
   * updated with new values): what the search index now holds for them, without reading it
   * back (the runner learns their words). Empty on a dry run.
   */
  indexed: ProductValues[];
}

export interface ChunkSettings {
  columns: ColumnIndex;
  width: number;
  dryRun: boolean;
}

/**
 * Rows per multi-row INSERT statement: a whole chunk's products (CHUNK_ROWS, 1,000) in one, its
 * links in one or a few. On SQLite each statement that fires triggers opens a statement
 * savepoint, and at each savepoint FTS5 flushes what it holds in memory as a new segment of
 * each of the four search tables (merged later), and the statement copies each page it
 * changes that was there before it into its statement journal (a temporary file): at 100
 * rows a statement, five segments per table and five copies of the index pages per chunk.
 * Harness, 10,000 rows: the products' INSERTs took 35-40% less CPU (the whole chunk 10%).
 */
const INSERT_BATCH = 1_000;

export interface ProductRow {
  id: string;
  sku: string;
  categoryId: number | string;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string | string[] | null;
  videoUrl: string | null;
  mediaType: string;
  discountPercentage: number | string;
  badgeText: string | null;
  badgeColor: string;
  platforms: string | string[] | null;
  isActive: boolean | number;
  isFeaturedPromo: boolean | number;
  isFeaturedPopular: boolean | number;
  featuredOrder: number | string;
}

/** JSON columns come back parsed from PostgreSQL and as text from SQLite. */
const jsonList = (value: string | string[] | null): string[] =>
  value === null ? [] : Array.isArray(value) ? value : (JSON.parse(value) as string[]);

const emptyToNull = (value: string | null) => (value === null || value === '' ? null : value);

export function storedProduct(row: ProductRow): StoredProduct {
  return {
    id: row.id,
    sku: row.sku,
    values: {
      categoryId: Number(row.categoryId),
      title: row.title,
      description: row.description,
      imageUrl: row.imageUrl,
      imageUrls: jsonList(row.imageUrls),
      videoUrl: emptyToNull(row.videoUrl),
      mediaType: row.mediaType,
      discountPercentage: Number(row.discountPercentage),
      badgeText: emptyToNull(row.badgeText),
      badgeColor: row.badgeColor,
      platforms: jsonList(row.platforms),
      isActive: Boolean(row.isActive),
      isFeaturedPromo: Boolean(row.isFeaturedPromo),
      isFeaturedPopular: Boolean(row.isFeaturedPopular),
      featuredOrder: Number(row.featuredOrder),
    },
  };
}

/** Category slug -> id (what a row names) and id -> name (what the search index holds). */
export async function categoryKeys(
  db: Database,
): Promise<{ slugs: Map<string, number>; names: Map<number, string> }> {
  const rows = await db.sequelize.query<{ id: number | string; slug: string; name: string }>(
    `SELECT id, slug, name FROM categories`,
    { type: QueryTypes.SELECT },
  );
  return {
    slugs: new Map(rows.map((row) => [row.slug.toLowerCase(), Number(row.id)])),
    names: new Map(rows.map((row) => [Number(row.id), row.name])),
  };
}

async function storedState(db: Database, skus: string[], transaction?: Transaction) {
  const products = new Map<string, StoredProduct>();
  const links = new Map<string, StoredLink[]>();
  if (skus.length === 0) return { products, links };
  const rows = await db.sequelize.query<ProductRow>(
    `SELECT id, sku, "categoryId", title, description, "imageUrl", "imageUrls", "videoUrl",
       "mediaType", "discountPercentage", "badgeText", "badgeColor", platforms, "isActive",
       "isFeaturedPromo", "isFeaturedPopular", "featuredOrder"
     FROM products WHERE sku IN (:skus)`,
    { replacements: { skus }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows) products.set(row.sku, storedProduct(row));
  if (rows.length === 0) return { products, links };
  const linkRows = await db.sequelize.query<{
    id: number | string;
    productId: string;
    platform: Platform;
    affiliateUrl: string;
    price: string | null;
    originalPriceValue: number | string | null;
  }>(
    `SELECT id, "productId", platform, "affiliateUrl", price, "originalPriceValue"
     FROM platform_links
     WHERE "productId" IN (:ids)`,
    { replacements: { ids: rows.map((row) => row.id) }, type: QueryTypes.SELECT, transaction },
  );
  for (const link of linkRows) {
    const list = links.get(link.productId) ?? [];
    list.push({
      id: Number(link.id),
      platform: link.platform,
      affiliateUrl: link.affiliateUrl,
      price: link.price ?? '',
      originalPriceValue: link.originalPriceValue === null ? null : Number(link.originalPriceValue),
    });
    links.set(link.productId, list);
  }
  return { products, links };
}

function productColumns(values: ProductValues) {
  return [
    values.categoryId,
    values.title,
    values.description,
    values.imageUrl,
    JSON.stringify(values.imageUrls),
    values.videoUrl,
    values.mediaType,
    values.discountPercentage,
    values.badgeText,
    values.badgeColor,
    JSON.stringify(values.platforms),
    values.isActive,
    values.isFeaturedPromo,
    values.isFeaturedPopular,
    values.featuredOrder,
  ];
}

const PRODUCT_COLUMNS = `"categoryId", title, description, "imageUrl", "imageUrls", "videoUrl",
  "mediaType", "discountPercentage", "badgeText", "badgeColor", platforms, "isActive",
  "isFeaturedPromo", "isFeaturedPopular", "featuredOrder"`;

function inBatches<T>(items: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

const placeholders = (count: number) => `(${Array(count).fill('?').join(', ')})`;

/** A link to insert; `owner` is its product's values when the chunk knows them. */
interface NewLink {
  productId: string;
  link: LinkValues;
  owner: ProductValues | null;
}

async function insertLinks(db: Database, links: NewLink[], now: string, transaction: Transaction) {
  for (const batch of inBatches(links, INSERT_BATCH)) {
    await db.sequelize.query(
      `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price, "priceValue",
         "originalPriceValue", saving, "categoryId", "createdAt", "updatedAt")
       VALUES ${batch.map(() => placeholders(10)).join(', ')}`,
      {
        replacements: batch.flatMap(({ productId, link, owner }) => {
          // Unknown owner: the trigger fills the columns in.
          const figures = owner ? newLinkListingColumns(link, owner) : null;
          return [
            productId,
            link.platform,
            link.affiliateUrl,
            link.price,
            link.priceValue,
            link.originalPriceValue,
            figures?.saving ?? 0,
            figures?.categoryId ?? null,
            now,
            now,
          ];
        }),
        transaction,
      },
    );
  }
}

/** A new product's listing figures (0014, 0018), written with it: see newProductFigures. */
const FIGURE_COLUMNS = `"lowestPrice", saving, "inStock", "platformMask", "stockMask"`;

/**
 * Writes the planned rows: new products in multi-row INSERTs, changed ones one UPDATE each,
 * links likewise. The search index, the per-category counts and the price points follow
 * from the tables' triggers (migrations 0003, 0004, 0007) inside this same transaction; the
 * listing figures (0014, 0018) of a new product are inserted with it, those of a changed one
 * refreshed once at the end of the chunk.
 */
async function writePlans(
  db: Database,
  plans: { sku: string; plan: RowPlan }[],
  transaction: Transaction,
) {
  const now = toDbTimestamp(Date.now());
  // The figure triggers skip their per-row work for this transaction (migration 0018); each
  // product the chunk wrote is refreshed once at the end instead.
  await db.sequelize.query('INSERT INTO product_figures_deferred (token) VALUES (1)', {
    transaction,
  });
  const touched: string[] = [];
  const creates: { id: string; sku: string; values: ProductValues; links: LinkValues[] }[] = [];
  const newLinks: NewLink[] = [];
  // SQLite's figures are inserted exact (newProductFigures); PostgreSQL's saving rounds in
  // numeric, so a new product is refreshed there too (a write only where a figure differs).
  const refreshCreated = db.dialect === 'postgres';
  for (const { plan } of plans) {
    if (plan.kind === 'create') {
      const id = timeOrderedUuid();
      creates.push({ id, sku: plan.sku, values: plan.values, links: plan.links });
      if (refreshCreated && plan.links.length > 0) touched.push(id);
      for (const link of plan.links) newLinks.push({ productId: id, link, owner: plan.values });
    }
  }
  for (const batch of inBatches(creates, INSERT_BATCH)) {
    await db.sequelize.query(
      `INSERT INTO products (id, sku, ${PRODUCT_COLUMNS}, ${FIGURE_COLUMNS}, "createdAt",
         "updatedAt")
       VALUES ${batch.map(() => placeholders(24)).join(', ')}`,
      {
        replacements: batch.flatMap((product) => {
          const figures = newProductFigures(product.links, product.values.discountPercentage);
          return [
            product.id,
            product.sku,
            ...productColumns(product.values),
            figures.lowestPrice,
            figures.saving,
            figures.inStock,
            figures.platformMask,
            figures.stockMask,
            now,
            now,
          ];
        }),
        transaction,
      },
    );
  }
  const deletes: number[] = [];
  for (const { plan } of plans) {
    if (plan.kind !== 'update') continue;
    touched.push(plan.productId);
    if (plan.values) {
      await db.sequelize.query(
        `UPDATE products SET ("categoryId", title, description, "imageUrl", "imageUrls",
           "videoUrl", "mediaType", "discountPercentage", "badgeText", "badgeColor", platforms,
           "isActive", "isFeaturedPromo", "isFeaturedPopular", "featuredOrder", "updatedAt")
           = ${placeholders(16)}
         WHERE id = ?`,
        { replacements: [...productColumns(plan.values), now, plan.productId], transaction },
      );
    }
    for (const link of plan.updateLinks) {
      await db.sequelize.query(
        `UPDATE platform_links SET "affiliateUrl" = ?, price = ?, "priceValue" = ?,
           "originalPriceValue" = ?, "updatedAt" = ? WHERE id = ?`,
        {
          replacements: [
            link.affiliateUrl,
            link.price,
            link.priceValue,
            link.originalPriceValue,
            now,
            link.id,
          ],
          transaction,
        },
      );
    }
    for (const link of plan.insertLinks) {
      newLinks.push({ productId: plan.productId, link, owner: plan.values });
    }
    deletes.push(...plan.deleteLinkIds);
  }
  if (deletes.length > 0) {
    await db.sequelize.query(`DELETE FROM platform_links WHERE id IN (:ids)`, {
      replacements: { ids: deletes },
      transaction,
    });
  }
  await insertLinks(db, newLinks, now, transaction);
  await refreshProductFigures(db, touched, transaction);
  await db.sequelize.query('DELETE FROM product_figures_deferred', { transaction });
}

const reasonOf = (errors: ImportRowError[]) =>
  errors
    .map((error) => (error.field ? `${error.field}: ${error.message}` : error.message))
    .join('; ');

/**
 * Plans and (unless a dry run) writes one chunk of rows inside `transaction`: each row is
 * created, updated, unchanged or failed on its own, so a bad row never holds back a good one.
 * The chunk never repeats a sku (the runner starts a new chunk instead), so each row sees
 * what the rows before it wrote.
 */
export async function processChunk(
  db: Database,
  rows: CsvRow[],
  settings: ChunkSettings,
  categories: ReadonlyMap<string, number>,
  transaction: Transaction | undefined,
): Promise<ChunkOutcome> {
  const outcome: ChunkOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    failures: [],
    indexed: [],
  };
  const skuIndex = settings.columns.get('sku')!;
  const keyed = rows.map((row) => ({ row, sku: skuSchema.safeParse(row.cells[skuIndex] ?? '') }));
  const skus = keyed.flatMap(({ sku }) => (sku.success ? [sku.data] : []));
  const stored = await storedState(db, skus, transaction);
  const plans: { sku: string; plan: RowPlan }[] = [];
  for (const { row, sku } of keyed) {
    let plan: RowPlan;
    if (!sku.success) {
      plan = {
        kind: 'failed',
        errors: [{ row: row.row, field: 'sku', message: sku.error.issues[0]!.message }],
      };
    } else {
      const product = stored.products.get(sku.data);
      plan = planRow({
        row: row.row,
        cells: row.cells,
        columns: settings.columns,
        width: settings.width,
        sku: sku.data,
        stored: product,
        storedLinks: product ? (stored.links.get(product.id) ?? []) : [],
        categories,
      });
    }
    if (plan.kind === 'failed') {
      outcome.failed++;
      outcome.errors.push(...plan.errors);
      outcome.failures.push({ row: row.row, reason: reasonOf(plan.errors), cells: row.cells });
    } else if (plan.kind === 'unchanged') {
      outcome.unchanged++;
    } else {
      if (plan.kind === 'create') outcome.created++;
      else outcome.updated++;
      plans.push({ sku: sku.success ? sku.data : '', plan });
    }
  }
  if (!settings.dryRun && transaction && plans.length > 0) {
    await writePlans(db, plans, transaction);
    for (const { plan } of plans) {
      const values = plan.kind === 'create' || plan.kind === 'update' ? plan.values : null;
      if (values?.isActive) outcome.indexed.push(values);
    }
  }
  return outcome;
}
