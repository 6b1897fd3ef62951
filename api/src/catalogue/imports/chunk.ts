import { QueryTypes, type Transaction } from 'sequelize';
import type { Platform } from '@shared/constants';
import type { ImportRowError } from '@shared/rules/product-csv';
import { skuSchema } from '@shared/schemas';
import { toDbTimestamp } from '../../db/timestamps';
import type { Database } from '../../db/database';
import { DOCS_LINKS_REFRESH } from '../../db/migrations/0043-search-docs-carry-marketplace-figures';
import { timeOrderedUuid } from '../../lib/time-ordered-id';
import {
  newLinkListingColumns,
  newProductFigures,
  refreshProductFigures,
  sqliteLinkListingColumns,
} from '../products/figures';
import type { BoundStatements } from './bound-statements';
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
  /**
   * Inside a bulk load (runner.ts): the catalogue was empty and no earlier row of the load had
   * the chunk's skus, so nothing is read back (without the sku index each look-up scanned the
   * loaded products), and the search rows are left to the load's rebuild.
   */
  bulk?: boolean;
  /**
   * SQLite: the chunk's new products and links are inserted by statements prepared once (a
   * bulk load's, runner.ts), each bound with the chunk's rows as one JSON text (insertRows).
   */
  statements?: BoundStatements;
}

/**
 * Inserts `rows` (each one value per column of `into`, `INSERT INTO table (columns)`).
 * The row path: multi-row VALUES of INSERT_BATCH rows, the values escaped into the SQL text by
 * Sequelize. With `statements` (a bulk load, SQLite): the rows as one JSON array of arrays,
 * one bound value, read back by `json_each` in their order; a JSON number, string, true/false
 * or null becomes the same SQLite value as the literal Sequelize would write (an integer, a
 * real, text, 1/0, NULL: the bulk test compares the stored types). Binding each value instead
 * cost node-sqlite3 about 0.5 µs of the main thread per value (2.1 s at 100,000 rows).
 */
async function insertRows(
  db: Database,
  transaction: Transaction,
  statements: BoundStatements | undefined,
  into: string,
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const width = rows[0]!.length;
  if (statements) {
    const values = Array.from({ length: width }, (_, index) => `value ->> ${index}`).join(', ');
    // MATERIALIZED: each row's JSON text is rendered once, then its cells read from it;
    // read from json_each directly, every `value ->> n` rendered the row's array again
    // (a bench product's 24 cells: 13 ms of SQLite's CPU per 1,000 rows instead of 6 ms).
    await statements.run(
      `${into} WITH chunk AS MATERIALIZED (SELECT key, value FROM json_each(?))
        SELECT ${values} FROM chunk ORDER BY key`,
      [JSON.stringify(rows)],
    );
    return;
  }
  for (const batch of inBatches(rows, INSERT_BATCH)) {
    await db.sequelize.query(`${into} VALUES ${batch.map(() => placeholders(width)).join(', ')}`, {
      replacements: batch.flat(),
      transaction,
    });
  }
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

/** A link to insert, with its product's values (as the chunk leaves them). */
interface NewLink {
  productId: string;
  link: LinkValues;
  owner: ProductValues;
}

/**
 * Inserts the chunk's new links with their listing columns (0025: saving, category). On
 * SQLite they are computed as its trigger would (sqliteLinkListingColumns) and the trigger is
 * skipped for the statement (`link_figures_deferred`, migration 0027: it read the product
 * back for every link only to find the same values); PostgreSQL's trigger still checks them.
 */
async function insertLinks(
  db: Database,
  links: NewLink[],
  now: string,
  transaction: Transaction,
  statements: BoundStatements | undefined,
  /** The products' search docs rows are there (not a bulk load, which rebuilds them after). */
  docsHere: boolean,
) {
  if (links.length === 0) return;
  const sqlite = db.dialect === 'sqlite';
  const listingColumns = sqlite ? sqliteLinkListingColumns : newLinkListingColumns;
  if (sqlite) {
    await db.sequelize.query('INSERT INTO link_figures_deferred (token) VALUES (1)', {
      transaction,
    });
  }
  await insertRows(
    db,
    transaction,
    statements,
    `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price, "priceValue",
       "originalPriceValue", saving, "categoryId", "createdAt", "updatedAt")`,
    links.map(({ productId, link, owner }) => {
      const figures = listingColumns(link, owner);
      return [
        productId,
        link.platform,
        link.affiliateUrl,
        link.price,
        link.priceValue,
        link.originalPriceValue,
        figures.saving,
        figures.categoryId,
        now,
        now,
      ];
    }),
  );
  if (sqlite) {
    await db.sequelize.query('DELETE FROM link_figures_deferred', { transaction });
    // Migration 0043's trigger skipped them too: their products' docs rows take each
    // marketplace's price in one statement.
    if (docsHere) {
      await db.sequelize.query(DOCS_LINKS_REFRESH, {
        replacements: { ids: [...new Set(links.map((link) => link.productId))] },
        transaction,
      });
    }
  }
}

/** 0010's docid slot: the docids of the products created in one millisecond. */
const DOCID_SLOT = 1_048_576;

/**
 * SQLite: the search rows of the products `ids` just created in this transaction (with
 * `product_search_deferred` held, migration 0027), the rows the INSERT triggers of 0003/0010/
 * 0022 (visitors' index: docs row, `product_search`, its title and label tiers) and 0007
 * (admin search) would have written, one `INSERT ... SELECT` per table instead of a trigger
 * program per product. Docids as 0010's: the createdAt millisecond's slot, after the last one
 * in it, in the order the products were inserted (rowid). Tested against the triggers'
 * rows in import-search-rows.test.ts.
 */
async function indexCreated(
  db: Database,
  ids: string[],
  now: string,
  transaction: Transaction,
): Promise<void> {
  const run = (sql: string, replacements: Record<string, unknown>) =>
    db.sequelize.query(sql, { replacements, transaction });
  // The docids stay in SQL: at about 1.8e18 they are past a JavaScript number's precision.
  await run(
    `INSERT INTO product_search_docs (docid, "productId", "categoryId", "lowestPrice",
         "discountPercentage", "inStock", "platformMask", "stockMask")
       SELECT f.first + row_number() OVER (ORDER BY p.rowid) - 1, p.id, p."categoryId",
         p."lowestPrice", p."discountPercentage", p."inStock", p."platformMask", p."stockMask"
       FROM products p,
         (SELECT coalesce(
            (SELECT docid + 1 FROM product_search_docs
              WHERE docid BETWEEN s.base AND s.base + ${DOCID_SLOT - 1}
              ORDER BY docid DESC LIMIT 1),
            s.base) AS first
          FROM (SELECT CAST(round((julianday(:now) - 2440587.5) * 86400000) AS INTEGER)
            * ${DOCID_SLOT} AS base) s) f
       WHERE p.id IN (:ids) AND p."isActive" IN (1, 'true')
       ORDER BY p.rowid`,
    { now, ids },
  );
  const docs = `FROM product_search_docs d JOIN products p ON p.id = d."productId"`;
  const inRange = `WHERE d."productId" IN (:ids) ORDER BY d.docid`;
  await run(
    `INSERT INTO product_search (rowid, title, category, badge, description, filter)
       SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''),
         p.description, 'c' || p."categoryId"
       ${docs} LEFT JOIN categories c ON c.id = p."categoryId" ${inRange}`,
    { ids },
  );
  await run(
    `INSERT INTO product_search_title (rowid, title, filter)
       SELECT d.docid, p.title, 'c' || p."categoryId" ${docs} ${inRange}`,
    { ids },
  );
  await run(
    `INSERT INTO product_search_label (rowid, title, category, badge, filter)
       SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''),
         'c' || p."categoryId"
       ${docs} LEFT JOIN categories c ON c.id = p."categoryId" ${inRange}`,
    { ids },
  );
  await run('UPDATE product_search_version SET version = version + 1', {});
  await run(
    `INSERT INTO product_admin_search_docs ("productId")
       SELECT id FROM products WHERE id IN (:ids) ORDER BY rowid`,
    { ids },
  );
  await run(
    `INSERT INTO product_admin_search (rowid, title, description, badge)
       SELECT d.docid, p.title, p.description, COALESCE(p."badgeText", '')
       FROM product_admin_search_docs d JOIN products p ON p.id = d."productId"
       WHERE d."productId" IN (:ids) ORDER BY d.docid`,
    { ids },
  );
}

/** A row to write; `stored` is its product's values as the chunk read them (an update's). */
interface PlannedWrite {
  sku: string;
  plan: RowPlan;
  stored: ProductValues | null;
}

/** A new product's listing figures (0014, 0018), written with it: see newProductFigures. */
const FIGURE_COLUMNS = `"lowestPrice", saving, "inStock", "platformMask", "stockMask"`;

/**
 * Writes the planned rows: new products in multi-row INSERTs, changed ones one UPDATE each,
 * links likewise. The per-category counts, the price points and a changed product's search
 * rows follow from the tables' triggers (migrations 0003, 0004, 0007) inside this same
 * transaction; on SQLite a new product's search rows are written set-based (indexCreated,
 * migration 0027), on PostgreSQL by its trigger. The listing figures (0014, 0018) of a new
 * product are inserted with it, those of a changed one refreshed once at the end of the chunk;
 * a new link's listing columns (0025) are inserted with it.
 */
async function writePlans(
  db: Database,
  plans: PlannedWrite[],
  transaction: Transaction,
  bulk: boolean,
  statements: BoundStatements | undefined,
) {
  const now = toDbTimestamp(Date.now());
  // The figure triggers skip their per-row work for this transaction (migration 0018); each
  // product the chunk wrote is refreshed once at the end instead.
  await db.sequelize.query('INSERT INTO product_figures_deferred (token) VALUES (1)', {
    transaction,
  });
  // In a bulk load the search rows are rebuilt once at its end (bulk-load.ts DERIVED).
  const indexHere = db.dialect === 'sqlite' && !bulk;
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
  // SQLite: the search triggers skip the chunk's new products (migration 0027), which
  // indexCreated indexes set-based after their INSERT.
  if (indexHere && creates.length > 0) {
    await db.sequelize.query('INSERT INTO product_search_deferred (token) VALUES (1)', {
      transaction,
    });
  }
  await insertRows(
    db,
    transaction,
    statements,
    `INSERT INTO products (id, sku, ${PRODUCT_COLUMNS}, ${FIGURE_COLUMNS}, "createdAt",
       "updatedAt")`,
    creates.map((product) => {
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
  );
  if (indexHere && creates.length > 0) {
    await db.sequelize.query('DELETE FROM product_search_deferred', { transaction });
    await indexCreated(
      db,
      creates.map((product) => product.id),
      now,
      transaction,
    );
  }
  const deletes: number[] = [];
  for (const { plan, stored } of plans) {
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
    // Only links changed: the product keeps the values the chunk read.
    const owner = plan.values ?? stored;
    if (!owner) throw new Error(`the update of ${plan.productId} lacks its product's values`);
    for (const link of plan.insertLinks) newLinks.push({ productId: plan.productId, link, owner });
    deletes.push(...plan.deleteLinkIds);
  }
  if (deletes.length > 0) {
    await db.sequelize.query(`DELETE FROM platform_links WHERE id IN (:ids)`, {
      replacements: { ids: deletes },
      transaction,
    });
  }
  await insertLinks(db, newLinks, now, transaction, statements, !bulk);
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
  const stored = settings.bulk
    ? { products: new Map<string, StoredProduct>(), links: new Map<string, StoredLink[]>() }
    : await storedState(db, skus, transaction);
  const plans: PlannedWrite[] = [];
  for (const { row, sku } of keyed) {
    let plan: RowPlan;
    let storedValues: ProductValues | null = null;
    if (!sku.success) {
      plan = {
        kind: 'failed',
        errors: [{ row: row.row, field: 'sku', message: sku.error.issues[0]!.message }],
      };
    } else {
      const product = stored.products.get(sku.data);
      storedValues = product?.values ?? null;
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
      plans.push({ sku: sku.success ? sku.data : '', plan, stored: storedValues });
    }
  }
  if (!settings.dryRun && transaction && plans.length > 0) {
    await writePlans(db, plans, transaction, settings.bulk === true, settings.statements);
    for (const { plan } of plans) {
      const values = plan.kind === 'create' || plan.kind === 'update' ? plan.values : null;
      if (values?.isActive) outcome.indexed.push(values);
    }
  }
  return outcome;
}
