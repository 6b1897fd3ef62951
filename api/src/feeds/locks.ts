import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { stringArray } from '../lib/json';
import { LOCKABLE_FIELDS, type LockableField } from './chunk';

/**
 * Staff edits win (docs/contracts.md, "Product feeds"): a field staff change by hand on a
 * product that comes from a feed is added to its `lockedFields`, which feed runs leave alone,
 * until staff unlock it in the product dialog (`lockedFields` in the product's PUT).
 */
export const PRODUCT_LOCKABLE: readonly LockableField[] = [
  'title',
  'description',
  'imageUrl',
  'categoryId',
  'discountPercentage',
  'isActive',
];
export const LINK_LOCKABLE: readonly LockableField[] = [
  'affiliateUrl',
  'price',
  'originalPriceValue',
  'availability',
];

const same = (a: unknown, b: unknown) =>
  a === b || (a !== null && b !== null && a !== undefined && String(a) === String(b));

/** The fields of `fields` whose value in `next` differs from the stored record's. */
export function editedFields(
  stored: { get(key: string): unknown },
  next: Record<string, unknown>,
  fields: readonly LockableField[],
): LockableField[] {
  return fields.filter((field) => field in next && !same(stored.get(field), next[field]));
}

/**
 * Adds `edited` to the product's locks when it comes from a feed; `replace` (the dialog's
 * unlock) sets the list instead. An unlocked field takes the feed's value at the next run:
 * the product's feed rows are marked changed and the feed is read whole at its next run.
 */
export async function updateLocks(
  db: Database,
  productId: string,
  change: { edited?: readonly string[]; replace?: readonly string[] | undefined },
  transaction: Transaction,
): Promise<void> {
  const [row] = await db.sequelize.query<{ feedId: string | null; lockedFields: string | null }>(
    `SELECT "feedId", "lockedFields" FROM products WHERE id = :productId`,
    { replacements: { productId }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) return;
  const current = row.lockedFields ? stringArray(row.lockedFields) : [];
  let next: string[];
  if (change.replace !== undefined) {
    next = change.replace.filter((field) => (LOCKABLE_FIELDS as readonly string[]).includes(field));
  } else {
    if (!row.feedId || !change.edited || change.edited.length === 0) return;
    next = current.slice();
  }
  if (row.feedId)
    for (const field of change.edited ?? []) if (!next.includes(field)) next.push(field);
  next = [...new Set(next)].sort();
  if (JSON.stringify(next) === JSON.stringify([...current].sort())) return;
  await db.sequelize.query(`UPDATE products SET "lockedFields" = :locks WHERE id = :productId`, {
    replacements: { locks: JSON.stringify(next), productId },
    transaction,
  });
  if (current.some((field) => !next.includes(field))) {
    await db.sequelize.query(
      `UPDATE feed_items SET "contentHash" = '' WHERE "productId" = :productId`,
      { replacements: { productId }, transaction },
    );
    // The feed itself may not have changed: its next run reads it whole all the same.
    await db.sequelize.query(
      `UPDATE feeds SET etag = NULL, "lastModified" = NULL, "contentHash" = NULL WHERE id = :feedId`,
      { replacements: { feedId: row.feedId }, transaction },
    );
  }
}
