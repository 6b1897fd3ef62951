import { hash as digest } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { DEFAULT_BADGE_COLOR } from '@shared/constants';
import { formatRupiah } from '@shared/rules/price';
import { productSchema, skuSchema } from '@shared/schemas';
import type { FeedOurField } from '@shared/schemas/feed';
import {
  figureColumns,
  newLinkListingColumns,
  refreshProductFigures,
} from '../catalogue/products/figures';
import type { Database } from '../db/database';
import { execute, inList, rowsSource } from '../db/sql';
import { toDbTimestamp } from '../db/timestamps';
import { stringArray } from '../lib/json';
import { timeOrderedUuid } from '../lib/time-ordered-id';
import { TimeSlices } from '../lib/time-slices';
import { parseFeedAvailability, parseFeedPrice, type FeedRecord } from './io';
import type { StoredFeed } from './store';

/**
 * One chunk of a feed run (docs/contracts.md, "Product feeds"): rows are matched by
 * (feedId, sku) through feed_items; a row whose mapped content hashes as before costs no
 * write at all (the run records what it saw at its end: seen.ts); a changed one writes only the columns
 * that differ and that staff have not locked. Price points, the search index and the
 * product's platforms follow from the tables' triggers (migrations 0003, 0004, 0012) inside
 * the chunk's transaction, exactly as for the form and the CSV import; the listing figures
 * (0014, 0018) are deferred and refreshed once per touched product, as the import does. The
 * statements per chunk are fixed, not per row (docs/decisions.md, "Feed runs").
 */

/**
 * Milliseconds a run reads and maps rows, or checks a chunk's rows, before the event loop
 * turns: a public page served from the cache takes 1 to 2 ms.
 */
export const FEED_SLICE_MS = 3;

/** Field names staff edits lock (products.lockedFields). */
export const LOCKABLE_FIELDS = [
  'title',
  'description',
  'imageUrl',
  'categoryId',
  'discountPercentage',
  'isActive',
  'affiliateUrl',
  'price',
  'originalPriceValue',
  'availability',
] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

export const FEED_ROW_MESSAGES = {
  price: 'Harga tidak valid',
  priceMissing: 'Harga harus diisi',
  link: 'Tautan produk tidak valid',
  linkMissing: 'Tautan produk harus diisi untuk produk baru',
  titleMissing: 'Judul harus diisi untuk produk baru',
  imageMissing: 'Gambar harus diisi untuk produk baru',
  skuTaken: 'SKU sudah dipakai produk dari feed lain',
  noCategory: 'Belum ada kategori untuk produk baru',
} as const;

export interface MappedRow {
  row: number;
  sku: string;
  title: string;
  description: string;
  link: string;
  imageUrl: string;
  price: number;
  originalPrice: number | null;
  availability: 'in_stock' | 'out_of_stock';
  category: string;
  hash: string;
}

export interface RowFailure {
  row: number;
  reason: string;
  raw: string;
}

/** What `new URL` reads as http(s) for certain; other texts are parsed to find out. */
const HTTP_PREFIX = /^https?:\/\//i;

const isHttpUrl = (text: string) => {
  // Every row's link: a URL object per row only to read its scheme was garbage to collect.
  if (HTTP_PREFIX.test(text)) return URL.canParse(text);
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const RAW_MAX = 2_000;
export const rawOf = (fields: Record<string, string>) => JSON.stringify(fields).slice(0, RAW_MAX);

/** Reads a record through the feed's mapping; a failure names the row and the reason. */
export function mapRecord(feed: StoredFeed, record: FeedRecord): MappedRow | RowFailure {
  const get = (field: FeedOurField) => {
    const name = feed.mapping[field];
    return name ? (record.fields[name] ?? '').trim() : '';
  };
  const fail = (reason: string): RowFailure => ({
    row: record.row,
    reason,
    raw: rawOf(record.fields),
  });
  const sku = skuSchema.safeParse(get('sku'));
  if (!sku.success) return fail(`sku: ${sku.error.issues[0]!.message}`);
  const regularText = get('price');
  const saleText = get('salePrice');
  const regular = parseFeedPrice(regularText);
  const sale = parseFeedPrice(saleText);
  if ((regularText && regular === null) || (saleText && sale === null)) {
    return fail(`price: ${FEED_ROW_MESSAGES.price}`);
  }
  const price = sale ?? regular;
  if (price === null) return fail(`price: ${FEED_ROW_MESSAGES.priceMissing}`);
  const originalText = get('originalPrice');
  const originalGiven = parseFeedPrice(originalText);
  if (originalText && originalGiven === null) {
    return fail(`originalPrice: ${FEED_ROW_MESSAGES.price}`);
  }
  let original = originalGiven ?? (sale !== null && regular !== null ? regular : null);
  if (original !== null && original <= price) original = null;
  const link = get('link');
  if (link && !isHttpUrl(link)) return fail(`link: ${FEED_ROW_MESSAGES.link}`);
  const availability =
    parseFeedAvailability(get('availability')) === 'out_of_stock' ? 'out_of_stock' : 'in_stock';
  const mapped = {
    row: record.row,
    sku: sku.data,
    title: get('title'),
    description: get('description'),
    link,
    imageUrl: get('imageUrl'),
    price,
    originalPrice: original,
    availability,
    category: get('category'),
  } as const;
  // The one-shot digest, not a Hash object per row: each of those is a native handle the
  // garbage collector has to finalise (a feed run's every row, pauses the site's requests
  // wait behind). The same SHA-1 hex, so stored content hashes still match.
  const hash = digest(
    'sha1',
    JSON.stringify([
      mapped.title,
      mapped.description,
      mapped.link,
      mapped.imageUrl,
      mapped.price,
      mapped.originalPrice,
      mapped.availability,
      mapped.category,
    ]),
    'hex',
  );
  return { ...mapped, hash };
}

export interface RunContext {
  feed: StoredFeed;
  runId: string;
  /** Lower-cased category name or slug → id. */
  categoriesByName: Map<string, number>;
  defaultCategoryId: number | null;
}

export async function runContext(db: Database, feed: StoredFeed, runId: string) {
  const rows = await db.sequelize.query<{ id: number | string; name: string; slug: string }>(
    `SELECT id, name, slug FROM categories ORDER BY id`,
    { type: QueryTypes.SELECT },
  );
  const categoriesByName = new Map<string, number>();
  for (const row of rows) {
    categoriesByName.set(row.slug.toLowerCase(), Number(row.id));
    categoriesByName.set(row.name.trim().toLowerCase(), Number(row.id));
  }
  const fallback = categoriesByName.get('lainnya') ?? (rows[0] ? Number(rows[0].id) : null);
  return { feed, runId, categoriesByName, defaultCategoryId: fallback } satisfies RunContext;
}

/** The category staff mapped the feed's category to, or one of ours of the same name. */
function categoryOf(context: RunContext, text: string): number | null {
  if (!text) return null;
  const mapped = context.feed.categoryMap[text];
  if (mapped !== undefined) return Number(mapped);
  return context.categoriesByName.get(text.toLowerCase()) ?? null;
}

const discountOf = (price: number, original: number | null) =>
  original === null ? null : Math.min(99, Math.max(0, Math.round((1 - price / original) * 100)));

export interface ChunkCounts {
  created: number;
  updated: number;
  unchanged: number;
  failures: RowFailure[];
  /** Skus of products whose words changed (search learns them). */
  wordsChanged: string[];
  /**
   * Ids of the feed items that were here before the run and that this chunk saw, written or
   * not (seen.ts keeps them once the chunk has committed); the items it created are not listed.
   */
  seen: number[];
}

interface ItemRow {
  id: number | string;
  sku: string;
  productId: string;
  contentHash: string;
  deactivated: boolean | number;
}

interface ProductRow {
  id: string;
  sku: string;
  title: string;
  description: string;
  imageUrl: string;
  categoryId: number | string;
  discountPercentage: number | string;
  isActive: boolean | number;
  lockedFields: string | null;
  feedId: string | null;
}

interface LinkRow {
  id: number | string;
  productId: string;
  affiliateUrl: string;
  priceValue: number | string | null;
  originalPriceValue: number | string | null;
  availability: string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
const placeholders = (count: number) => `(${Array(count).fill('?').join(', ')})`;
const INSERT_BATCH = 100;
const UPDATE_BATCH = 500;

function batches<T>(items: T[], size = INSERT_BATCH): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** A row's changed columns, keyed by its id. */
interface RowUpdate {
  id: string | number;
  sets: Record<string, unknown>;
  /** A product whose listing figures this same statement recomputes (figures.ts). */
  figures?: boolean;
}

/** PostgreSQL types of the columns a chunk updates (VALUES literals arrive untyped). */
const PRODUCT_COLUMN_TYPES: Record<string, string> = {
  id: 'uuid',
  title: 'text',
  description: 'text',
  imageUrl: 'text',
  categoryId: 'integer',
  discountPercentage: 'integer',
  isActive: 'boolean',
  feedId: 'uuid',
};
const LINK_COLUMN_TYPES: Record<string, string> = {
  id: 'integer',
  affiliateUrl: 'text',
  price: 'text',
  priceValue: 'bigint',
  originalPriceValue: 'bigint',
  availability: 'text',
};
const ITEM_COLUMN_TYPES: Record<string, string> = {
  id: 'integer',
  contentHash: 'text',
  missedRuns: 'integer',
  lastSeenRunId: 'uuid',
  deactivated: 'boolean',
};

/**
 * Updates rows in one statement per set of changed columns (`UPDATE ... FROM (VALUES ...)`,
 * both engines), so a row's statement writes exactly the columns that changed, as a
 * statement per row would, and the tables' triggers see the same updates. `stamped` columns
 * take `now`.
 */
async function updateInGroups(
  db: Database,
  table: string,
  types: Record<string, string>,
  updates: RowUpdate[],
  stamped: string[],
  now: string,
  transaction: Transaction,
): Promise<void> {
  const groups = new Map<string, RowUpdate[]>();
  for (const update of updates) {
    const key = `${Object.keys(update.sets).sort().join(',')}${update.figures ? '+' : ''}`;
    const group = groups.get(key);
    if (group) group.push(update);
    else groups.set(key, [update]);
  }
  const pg = db.dialect === 'postgres';
  const value = (column: string, at: number) =>
    pg ? `CAST(v.column${at} AS ${types[column] ?? 'text'})` : `v.column${at}`;
  for (const [key, group] of groups) {
    const figures = key.endsWith('+');
    const columns = (figures ? key.slice(0, -1) : key).split(',');
    const at = columns.indexOf('discountPercentage');
    const sets = [
      ...columns.map((column, index) => `"${column}" = ${value(column, index + 2)}`),
      ...stamped.map((column) => `"${column}" = ?`),
      // The figures with the row's new discount (the SET's own column reads the old one).
      ...(figures
        ? figureColumns(table, at === -1 ? undefined : value('discountPercentage', at + 2)).map(
            ([column, sql]) => `"${column}" = ${sql}`,
          )
        : []),
    ];
    for (const batch of batches(group, UPDATE_BATCH)) {
      await db.sequelize.query(
        `UPDATE ${table} SET ${sets.join(', ')}
         FROM (VALUES ${batch.map(() => placeholders(columns.length + 1)).join(', ')}) AS v
         WHERE ${table}.id = ${value('id', 1)}`,
        {
          replacements: [
            ...stamped.map(() => now),
            ...batch.flatMap((update) => [update.id, ...columns.map((c) => update.sets[c])]),
          ],
          transaction,
        },
      );
    }
  }
}

/**
 * The chunk's rows already in the feed_items of this feed (into `items`, by sku); how many
 * have their content as the last run saw it (`unchanged`: those cost no write at all, their
 * ids go to the run's seen set, seen.ts) and the rows left to write (`work`). The run's rows
 * known unchanged since its start never come here (run-chunk.ts). On PostgreSQL the hashes
 * are compared in the database, so an unchanged row comes back as its id and its place in the
 * chunk, not its sku and hash.
 */
async function matchItems(
  db: Database,
  context: RunContext,
  rows: MappedRow[],
  items: Map<string, ItemRow>,
  transaction: Transaction,
): Promise<{ unchanged: number; work: MappedRow[]; seenItemIds: number[] }> {
  const { feed } = context;
  const seenItemIds: number[] = [];
  const same = new Uint8Array(rows.length);
  if (db.dialect === 'postgres') {
    const source = rowsSource(
      db.dialect,
      rows.map((row, at) => [row.sku, row.hash, at]),
      ['text', 'text', 'integer'],
    );
    for (const item of await execute(
      db,
      transaction,
      `SELECT f.id, v.column3 AS at, f."contentHash" = v.column2 AND NOT f.deactivated AS same,
         CASE WHEN f."contentHash" = v.column2 AND NOT f.deactivated THEN NULL
           ELSE f."productId" END AS "productId",
         f.deactivated
       FROM ${source.sql} JOIN feed_items f ON f."feedId" = ? AND f.sku = v.column1`,
      [...source.params, feed.id],
    )) {
      const at = Number(item.at);
      if (item.same === true) {
        same[at] = 1;
        seenItemIds.push(Number(item.id));
        continue;
      }
      const row = rows[at]!;
      items.set(row.sku, {
        id: item.id as number,
        sku: row.sku,
        productId: String(item.productId),
        contentHash: '',
        deactivated: item.deactivated as boolean,
      });
    }
  } else {
    const skuList = inList(
      db.dialect,
      'sku',
      rows.map((row) => row.sku),
    );
    for (const item of (await execute(
      db,
      transaction,
      `SELECT id, sku, "productId", "contentHash", deactivated FROM feed_items
       WHERE "feedId" = ? AND ${skuList.sql}`,
      [feed.id, ...skuList.params],
    )) as unknown as ItemRow[]) {
      items.set(item.sku, item);
    }
    rows.forEach((row, at) => {
      const item = items.get(row.sku);
      if (item && item.contentHash === row.hash && !item.deactivated) {
        same[at] = 1;
        seenItemIds.push(Number(item.id));
      }
    });
  }
  const unchanged = seenItemIds.length;
  const work = unchanged === 0 ? rows : rows.filter((_, at) => same[at] === 0);
  return { unchanged, work, seenItemIds };
}

/**
 * Writes one chunk of mapped rows inside `transaction` (no repeated sku in a chunk). Rows the
 * product form's schema refuses fail alone; the others are written.
 */
export async function writeChunk(
  db: Database,
  context: RunContext,
  rows: MappedRow[],
  transaction: Transaction,
): Promise<ChunkCounts> {
  const { feed } = context;
  const q = db.sequelize;
  const counts: ChunkCounts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failures: [],
    wordsChanged: [],
    seen: [],
  };
  if (rows.length === 0) return counts;
  const now = toDbTimestamp(Date.now());
  const items = new Map<string, ItemRow>();
  const { unchanged, work, seenItemIds } = await matchItems(db, context, rows, items, transaction);
  counts.unchanged = unchanged;
  counts.seen = seenItemIds;

  // Skus new to this feed: a product of ours with the same sku (not another feed's) is adopted.
  const newSkus = work.filter((row) => !items.has(row.sku)).map((row) => row.sku);
  const bySku = new Map<string, { id: string; feedId: string | null }>();
  if (newSkus.length > 0) {
    for (const product of await q.query<{ id: string; sku: string; feedId: string | null }>(
      `SELECT id, sku, "feedId" FROM products WHERE sku IN (:skus)`,
      { replacements: { skus: newSkus }, type: QueryTypes.SELECT, transaction },
    )) {
      bySku.set(product.sku, product);
    }
  }
  const productIds = [
    ...work.flatMap((row) => {
      const item = items.get(row.sku);
      if (item) return [item.productId];
      const adopted = bySku.get(row.sku);
      return adopted && (adopted.feedId === null || adopted.feedId === feed.id) ? [adopted.id] : [];
    }),
  ];
  const products = new Map<string, ProductRow>();
  const links = new Map<string, LinkRow>();
  if (productIds.length > 0) {
    for (const product of await q.query<ProductRow>(
      `SELECT id, sku, title, description, "imageUrl", "categoryId", "discountPercentage",
         "isActive", "lockedFields", "feedId"
       FROM products WHERE id IN (:ids)`,
      { replacements: { ids: productIds }, type: QueryTypes.SELECT, transaction },
    )) {
      products.set(product.id, product);
    }
    for (const link of await q.query<LinkRow>(
      `SELECT id, "productId", "affiliateUrl", "priceValue", "originalPriceValue", availability
       FROM platform_links WHERE "productId" IN (:ids) AND platform = :platform ORDER BY id DESC`,
      {
        replacements: { ids: productIds, platform: feed.platform },
        type: QueryTypes.SELECT,
        transaction,
      },
    )) {
      links.set(link.productId, link);
    }
  }

  const creates: { id: string; row: MappedRow; values: Record<string, unknown> }[] = [];
  /** `owner`: the product's category and discount as stored when its link is inserted. */
  const newLinks: {
    productId: string;
    row: MappedRow;
    owner: { categoryId: number; discountPercentage: number };
  }[] = [];
  const newItems: { sku: string; productId: string; hash: string }[] = [];
  const changedItems: { id: number; productId: string; hash: string }[] = [];
  const productUpdates: RowUpdate[] = [];
  const linkUpdates: RowUpdate[] = [];
  /** Products whose listing figures the chunk refreshes once at its end. */
  const touched: string[] = [];
  const fail = (row: MappedRow, reason: string) =>
    counts.failures.push({ row: row.row, reason, raw: JSON.stringify(row).slice(0, 2_000) });

  // Checking a row against the product form's schema is the chunk's slowest step in
  // JavaScript (a feed's first run: every row); the site's requests get turns in between.
  const slices = new TimeSlices(FEED_SLICE_MS);
  for (const row of work) {
    if (slices.due) await slices.next();
    const item = items.get(row.sku);
    const adopted = item ? undefined : bySku.get(row.sku);
    if (adopted && adopted.feedId !== null && adopted.feedId !== feed.id) {
      fail(row, `sku: ${FEED_ROW_MESSAGES.skuTaken}`);
      continue;
    }
    const productId = item?.productId ?? adopted?.id;
    const product = productId ? products.get(productId) : undefined;
    const discount = discountOf(row.price, row.originalPrice);

    if (!product) {
      // A product the feed has not seen: created whole, checked with the form's schema.
      if (!row.title) fail(row, `title: ${FEED_ROW_MESSAGES.titleMissing}`);
      else if (!row.link) fail(row, `link: ${FEED_ROW_MESSAGES.linkMissing}`);
      else if (!row.imageUrl) fail(row, `imageUrl: ${FEED_ROW_MESSAGES.imageMissing}`);
      else {
        const categoryId = categoryOf(context, row.category) ?? context.defaultCategoryId;
        if (categoryId === null) {
          fail(row, `category: ${FEED_ROW_MESSAGES.noCategory}`);
          continue;
        }
        const parsed = productSchema.safeParse({
          categoryId: String(categoryId),
          title: row.title,
          description: row.description || row.title,
          imageUrl: row.imageUrl,
          discountPercentage: discount ?? 0,
          platforms: [feed.platform],
          isActive: feed.newProducts === 'active',
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          fail(row, `${String(issue.path[0] ?? '')}: ${issue.message}`);
          continue;
        }
        const id = timeOrderedUuid();
        creates.push({ id, row, values: parsed.data });
        newLinks.push({
          productId: id,
          row,
          owner: {
            categoryId: Number(parsed.data.categoryId),
            discountPercentage: parsed.data.discountPercentage,
          },
        });
        newItems.push({ sku: row.sku, productId: id, hash: row.hash });
        counts.created++;
        counts.wordsChanged.push(row.sku);
      }
      continue;
    }

    const locked = new Set(product.lockedFields ? stringArray(product.lockedFields) : []);
    const open = (field: LockableField) => !locked.has(field);
    const next = {
      categoryId: String(product.categoryId),
      title: open('title') && row.title ? row.title : product.title,
      description: open('description') && row.description ? row.description : product.description,
      imageUrl: open('imageUrl') && row.imageUrl ? row.imageUrl : product.imageUrl,
      discountPercentage:
        open('discountPercentage') && discount !== null
          ? discount
          : Number(product.discountPercentage),
      platforms: [feed.platform],
    };
    const mappedCategory = open('categoryId') ? categoryOf(context, row.category) : null;
    if (mappedCategory !== null) next.categoryId = String(mappedCategory);
    const parsed = productSchema.safeParse(next);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      fail(row, `${String(issue.path[0] ?? '')}: ${issue.message}`);
      continue;
    }
    const values = parsed.data;
    const sets: Record<string, unknown> = {};
    const set = (column: string, value: unknown) => {
      sets[column] = value;
    };
    if (values.title !== product.title) set('title', values.title);
    if (values.description !== product.description) set('description', values.description);
    if (values.imageUrl !== product.imageUrl) set('imageUrl', values.imageUrl);
    if (Number(values.categoryId) !== Number(product.categoryId)) {
      set('categoryId', Number(values.categoryId));
    }
    if (values.discountPercentage !== Number(product.discountPercentage)) {
      set('discountPercentage', values.discountPercentage);
    }
    if (item?.deactivated && !product.isActive && open('isActive')) set('isActive', true);
    if (product.feedId !== feed.id) set('feedId', feed.id);
    const wordsChanged =
      values.title !== product.title || values.description !== product.description;

    const link = links.get(product.id);
    const linkSets: Record<string, unknown> = {};
    const setLink = (column: string, value: unknown) => {
      linkSets[column] = value;
    };
    if (link) {
      if (open('affiliateUrl') && row.link && row.link !== link.affiliateUrl) {
        setLink('affiliateUrl', row.link);
      }
      if (open('price') && numberOrNull(link.priceValue) !== row.price) {
        setLink('priceValue', row.price);
        setLink('price', formatRupiah(row.price));
      }
      if (
        open('originalPriceValue') &&
        numberOrNull(link.originalPriceValue) !== row.originalPrice
      ) {
        setLink('originalPriceValue', row.originalPrice);
      }
      if (open('availability') && link.availability !== row.availability) {
        setLink('availability', row.availability);
      }
    } else if (!row.link) {
      fail(row, `link: ${FEED_ROW_MESSAGES.linkMissing}`);
      continue;
    }

    if (Object.keys(sets).length > 0) {
      productUpdates.push({ id: product.id, sets });
      if ('discountPercentage' in sets) touched.push(product.id);
    }
    if (link && Object.keys(linkSets).length > 0) {
      linkUpdates.push({ id: Number(link.id), sets: linkSets });
      touched.push(product.id);
    }
    // The product's own UPDATE comes after the links' inserts: its columns as they stand now.
    if (!link) {
      newLinks.push({
        productId: product.id,
        row,
        owner: {
          categoryId: Number(product.categoryId),
          discountPercentage: Number(product.discountPercentage),
        },
      });
    }
    if (Object.keys(sets).length > 0 || Object.keys(linkSets).length > 0 || !link) {
      counts.updated++;
      if (wordsChanged) counts.wordsChanged.push(product.sku);
    } else counts.unchanged++;
    if (item) {
      changedItems.push({ id: Number(item.id), productId: product.id, hash: row.hash });
      counts.seen.push(Number(item.id));
    } else newItems.push({ sku: row.sku, productId: product.id, hash: row.hash });
  }

  // The figure triggers skip their per-row work for this transaction (migration 0018); each
  // product whose links or discount the chunk wrote is refreshed once instead, after the
  // links: a product the chunk updates anyway takes its figures in that same UPDATE (one
  // row version, not two: products has many indexes), the others in one refresh.
  for (const { productId } of newLinks) touched.push(productId);
  const refresh = new Set(touched);
  for (const update of productUpdates) {
    if (refresh.delete(update.id as string)) update.figures = true;
  }
  await q.query('INSERT INTO product_figures_deferred (token) VALUES (1)', { transaction });
  await updateInGroups(
    db,
    'platform_links',
    LINK_COLUMN_TYPES,
    linkUpdates,
    ['lastConfirmedAt', 'updatedAt'],
    now,
    transaction,
  );
  for (const batch of batches(creates)) {
    await q.query(
      `INSERT INTO products (id, sku, "categoryId", title, description, "imageUrl", "imageUrls",
         "mediaType", "discountPercentage", "badgeColor", platforms, "isActive",
         "isFeaturedPromo", "isFeaturedPopular", "featuredOrder", "feedId", "lockedFields",
         "createdAt", "updatedAt")
       VALUES ${batch.map(() => placeholders(19)).join(', ')}`,
      {
        replacements: batch.flatMap(({ id, row, values }) => [
          id,
          row.sku,
          Number(values.categoryId),
          values.title,
          values.description,
          values.imageUrl,
          '[]',
          'default',
          values.discountPercentage,
          DEFAULT_BADGE_COLOR,
          JSON.stringify([feed.platform]),
          values.isActive,
          false,
          false,
          0,
          feed.id,
          '[]',
          now,
          now,
        ]),
        transaction,
      },
    );
  }
  for (const batch of batches(newLinks)) {
    await q.query(
      `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price, "priceValue",
         "originalPriceValue", availability, saving, "categoryId", "lastConfirmedAt",
         "createdAt", "updatedAt")
       VALUES ${batch.map(() => placeholders(12)).join(', ')}`,
      {
        replacements: batch.flatMap(({ productId, row, owner }) => {
          const figures = newLinkListingColumns(
            { priceValue: row.price, originalPriceValue: row.originalPrice },
            owner,
          );
          return [
            productId,
            feed.platform,
            row.link,
            formatRupiah(row.price),
            row.price,
            row.originalPrice,
            row.availability,
            figures.saving,
            figures.categoryId,
            now,
            now,
            now,
          ];
        }),
        transaction,
      },
    );
  }
  await updateInGroups(
    db,
    'products',
    PRODUCT_COLUMN_TYPES,
    productUpdates,
    ['updatedAt'],
    now,
    transaction,
  );
  await refreshProductFigures(db, [...refresh], transaction);
  for (const batch of batches(newItems)) {
    await q.query(
      `INSERT INTO feed_items ("feedId", sku, "productId", "contentHash", "missedRuns",
         "lastSeenRunId", deactivated)
       VALUES ${batch.map(() => placeholders(7)).join(', ')}`,
      {
        replacements: batch.flatMap((item) => [
          feed.id,
          item.sku,
          item.productId,
          item.hash,
          0,
          null,
          false,
        ]),
        transaction,
      },
    );
  }
  await updateInGroups(
    db,
    'feed_items',
    ITEM_COLUMN_TYPES,
    changedItems.map((item) => ({
      id: item.id,
      sets: { contentHash: item.hash, missedRuns: 0, lastSeenRunId: null, deactivated: false },
    })),
    [],
    now,
    transaction,
  );
  await q.query('DELETE FROM product_figures_deferred', { transaction });
  return counts;
}
