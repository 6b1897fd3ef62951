import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { learnProductWords } from '../search/learn-words';
import {
  MAX_BULK_PRODUCTS,
  PRODUCT_BULK_MESSAGES,
  type ProductBulkAction,
  type ProductBulkRequest,
  type ProductBulkResult,
} from '@shared/schemas';
import { formatNumber } from '@shared/rules/format';
import { appendAudit, type AuditChanges } from '../../audit/log';
import type { Database } from '../../db/database';
import type { Product } from '../../db/models';
import { badRequest } from '../../errors';
import { matchingProductIds } from './admin-list';
import { existingCategory } from './queries';

/**
 * Ids per statement. SQLite's default limit is 32,766 bound variables (999 before 3.32);
 * 500 stays far below either and keeps each statement's trigger work short.
 */
const CHUNK = 500;

/** The audit entry lists at most this many of the changed ids; the summary has the count. */
const AUDITED_IDS = 100;

type ProductFlags = Pick<Product, 'isActive' | 'isFeaturedPromo' | 'isFeaturedPopular'>;

/** A field change: the value every chosen product gets. */
interface FieldChange {
  field: keyof ProductFlags | 'categoryId';
  value: boolean | number;
}

const FLAG_CHANGES: Record<Exclude<ProductBulkAction, 'delete' | 'setCategory'>, FieldChange> = {
  activate: { field: 'isActive', value: true },
  deactivate: { field: 'isActive', value: false },
  featurePromo: { field: 'isFeaturedPromo', value: true },
  unfeaturePromo: { field: 'isFeaturedPromo', value: false },
  featurePopular: { field: 'isFeaturedPopular', value: true },
  unfeaturePopular: { field: 'isFeaturedPopular', value: false },
};

/** How the audit summary says what was done to `count` products. */
function summaryOf(action: ProductBulkAction, count: string, categoryName: string): string {
  switch (action) {
    case 'activate':
      return `Mengaktifkan ${count} produk`;
    case 'deactivate':
      return `Menonaktifkan ${count} produk`;
    case 'delete':
      return `Menghapus ${count} produk`;
    case 'setCategory':
      return `Memindahkan ${count} produk ke kategori “${categoryName}”`;
    case 'featurePromo':
      return `Menjadikan ${count} produk promo`;
    case 'unfeaturePromo':
      return `Menghapus ${count} produk dari promo`;
    case 'featurePopular':
      return `Menjadikan ${count} produk populer`;
    case 'unfeaturePopular':
      return `Menghapus ${count} produk dari populer`;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    out.push(items.slice(start, start + size));
  }
  return out;
}

/** The products the request names: its ids, or every product its filter matches (≤ 10,000). */
async function chosenIds(
  db: Database,
  request: ProductBulkRequest,
  transaction: Transaction,
): Promise<string[]> {
  if (request.ids) return request.ids;
  // The schema lets through exactly one of ids and filter.
  if (!request.filter) throw badRequest(PRODUCT_BULK_MESSAGES.noProducts);
  const ids = await matchingProductIds(db, request.filter, {
    limit: MAX_BULK_PRODUCTS + 1,
    transaction,
  });
  if (ids.length > MAX_BULK_PRODUCTS) {
    throw badRequest(PRODUCT_BULK_MESSAGES.filterTooMany, {
      filter: PRODUCT_BULK_MESSAGES.filterTooMany,
    });
  }
  return ids;
}

/**
 * Applies `change` to the chosen products that do not have it yet, a chunk at a time, and
 * returns the ids it changed. Rows already in that state are not written, so their search
 * and count triggers do not run for nothing. Model.update runs no per-row audit hooks: the
 * caller writes one entry for the whole action.
 */
async function applyChange(
  db: Database,
  ids: string[],
  change: FieldChange,
  transaction: Transaction,
): Promise<string[]> {
  const { Product } = db.models;
  const changed: string[] = [];
  for (const chunk of chunks(ids, CHUNK)) {
    const where: WhereOptions = { id: chunk, [change.field]: { [Op.ne]: change.value } };
    const rows = await Product.findAll({ attributes: ['id'], where, transaction, raw: true });
    const toChange = rows.map((row) => row.id);
    if (toChange.length === 0) continue;
    await Product.update(
      { [change.field]: change.value },
      { where: { id: toChange }, transaction },
    );
    changed.push(...toChange);
  }
  return changed;
}

/** Deletes the chosen products a chunk at a time; links, images and prices go with them. */
async function deleteProducts(
  db: Database,
  ids: string[],
  transaction: Transaction,
): Promise<string[]> {
  const { Product } = db.models;
  const deleted: string[] = [];
  for (const chunk of chunks(ids, CHUNK)) {
    const rows = await Product.findAll({
      attributes: ['id'],
      where: { id: chunk },
      transaction,
      raw: true,
    });
    const existing = rows.map((row) => row.id);
    if (existing.length === 0) continue;
    // The foreign keys cascade to platform links, images and price points, as a single delete.
    await Product.destroy({ where: { id: existing }, transaction });
    deleted.push(...existing);
  }
  return deleted;
}

/**
 * POST /api/admin/products/bulk: one action on up to 10,000 products in one transaction, with
 * one audit entry naming the count and (a bounded list of) the ids it changed.
 */
export async function runProductBulkAction(
  db: Database,
  request: ProductBulkRequest,
): Promise<ProductBulkResult> {
  // Activating or moving products puts words (titles, a category name) into the search index.
  let changed: string[] = [];
  const result = await db.write(async (transaction): Promise<ProductBulkResult> => {
    let change: FieldChange | null = null;
    let categoryName = '';
    if (request.action === 'setCategory') {
      // The schema requires a categoryId for setCategory; read and locked in the transaction,
      // so the category cannot go away before the products move into it.
      const category = await existingCategory(db, request.categoryId ?? '', transaction);
      categoryName = category.name;
      change = { field: 'categoryId', value: category.id };
    } else if (request.action !== 'delete') {
      change = FLAG_CHANGES[request.action];
    }

    const ids = await chosenIds(db, request, transaction);
    const affected = change
      ? await applyChange(db, ids, change, transaction)
      : await deleteProducts(db, ids, transaction);
    if (affected.length === 0) return { affected: 0 };
    if (change !== null) changed = affected;

    const listed = affected.slice(0, AUDITED_IDS);
    const changes: AuditChanges =
      change === null
        ? { ids: [listed, null] }
        : { [change.field]: [null, change.value], ids: [null, listed] };
    await appendAudit(transaction, {
      action: 'bulk',
      entity: 'product',
      entityId: null,
      summary:
        summaryOf(request.action, formatNumber(affected.length), categoryName) +
        (affected.length > listed.length
          ? ` (${formatNumber(listed.length)} id pertama dicatat)`
          : ''),
      changes,
    });
    return { affected: affected.length };
  });
  await learnProductWords(db, { ids: changed });
  return result;
}
