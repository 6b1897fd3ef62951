import type { Transaction } from 'sequelize';
import { PLATFORMS, type Platform } from '@shared/constants';
import { savingOf } from '@shared/rules/saving';
import type { Database } from '../../db/database';

/**
 * The listing figures of products (lowestPrice, saving, inStock, platformMask, stockMask), the
 * same SQL as the triggers of migrations 0014 and 0018, for a writer that deferred those
 * triggers (the CSV import and feed runs: `product_figures_deferred`) and refreshes each
 * product once.
 *
 * Two differences from the triggers' text, neither changing a figure: `inStock` is a scalar
 * subquery (`coalesce((SELECT TRUE ... LIMIT 1), FALSE)`) rather than EXISTS, because
 * PostgreSQL may run an EXISTS over a batch of products as a hashed subplan that reads the
 * whole platform_links table once per statement; and a refresh writes only the products whose
 * figures differ (products carries many indexes, so every rewritten row costs them all). The
 * ids bound the updated rows as well as the computed ones, so both are found by the primary
 * key whatever the statistics say (a freshly grown table was hash-joined by a full scan).
 */
const IN_STOCK = `l.availability = 'in_stock' AND l."priceValue" IS NOT NULL`;

const bit = `CASE l.platform ${PLATFORMS.map((p, i) => `WHEN '${p}' THEN ${2 ** i}`).join(' ')} ELSE 0 END`;

/**
 * The saving of the link row `row` (shared/rules/saving.ts) for a product whose discount is
 * `discount`: the product's `saving` is its cheapest in-stock link's, and migration 0025 keeps
 * each link's own in `platform_links.saving` with this same SQL.
 */
export const linkSaving = (discount: string, row = 'l') => `CASE
    WHEN ${row}."priceValue" <= 0 THEN 0
    WHEN ${row}."originalPriceValue" IS NOT NULL THEN
      CASE WHEN ${row}."originalPriceValue" > ${row}."priceValue"
        THEN ${row}."originalPriceValue" - ${row}."priceValue" ELSE 0 END
    WHEN ${discount} > 0 AND ${discount} < 100 THEN
      CASE WHEN CAST(round(${row}."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          > ${row}."priceValue"
        THEN CAST(round(${row}."priceValue" * 100.0 / (100 - ${discount}) / 1000) AS BIGINT) * 1000
          - ${row}."priceValue"
        ELSE 0 END
    ELSE 0 END`;

/**
 * The figures of the product row `row` as [column, expression] pairs; `discount` is the
 * product's discount expression (a writer that changes the discount in the same statement
 * passes the new value: in an UPDATE's SET, `row."discountPercentage"` is the old one).
 */
export function figureColumns(
  row: string,
  discount = `${row}."discountPercentage"`,
): [string, string][] {
  return [
    [
      'lowestPrice',
      `(SELECT min(l."priceValue") FROM platform_links l
        WHERE l."productId" = ${row}.id AND ${IN_STOCK})`,
    ],
    [
      'inStock',
      `coalesce((SELECT TRUE FROM platform_links l
        WHERE l."productId" = ${row}.id AND l.availability = 'in_stock' LIMIT 1), FALSE)`,
    ],
    [
      'saving',
      `coalesce((SELECT ${linkSaving(discount)} FROM platform_links l
        WHERE l."productId" = ${row}.id AND ${IN_STOCK}
        ORDER BY l."priceValue", l.id LIMIT 1), 0)`,
    ],
    [
      'platformMask',
      `coalesce((SELECT sum(${bit}) FROM platform_links l WHERE l."productId" = ${row}.id), 0)`,
    ],
    [
      'stockMask',
      `coalesce((SELECT sum(${bit}) FROM platform_links l
        WHERE l."productId" = ${row}.id AND l.availability = 'in_stock'), 0)`,
    ],
  ];
}

const COLUMNS = figureColumns('p');
const REFRESH = `UPDATE products SET ${COLUMNS.map(([column]) => `"${column}" = f."${column}"`).join(', ')}
  FROM (SELECT p.id, ${COLUMNS.map(([column, sql]) => `${sql} AS "${column}"`).join(',\n    ')}
    FROM products p WHERE p.id IN (:ids)) AS f
  WHERE products.id IN (:ids) AND products.id = f.id
    AND (${COLUMNS.map(([column]) => `products."${column}" IS DISTINCT FROM f."${column}"`).join(' OR ')})`;

const BATCH = 500;

/** Recomputes the figures of these products, in batches of ids; rewrites only those that differ. */
export async function refreshProductFigures(
  db: Database,
  ids: readonly string[],
  transaction: Transaction,
): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) {
    await db.sequelize.query(REFRESH, {
      replacements: { ids: ids.slice(start, start + BATCH) },
      transaction,
    });
  }
}

/**
 * A new link's listing columns (migration 0025: its saving and its product's category), as
 * the tables' triggers would set them. A writer that inserts them spares SQLite's AFTER
 * INSERT trigger a second write of every new link (it writes only values that differ, and
 * corrects any that do).
 */
export function newLinkListingColumns(
  link: { priceValue: number | null; originalPriceValue: number | null },
  product: { categoryId: number; discountPercentage: number },
): { saving: number; categoryId: number } {
  const priced = link.priceValue !== null && link.priceValue > 0;
  return {
    saving: priced
      ? (savingOf({ ...link, discountPercentage: product.discountPercentage }) ?? 0)
      : 0,
    categoryId: product.categoryId,
  };
}

/**
 * newLinkListingColumns as SQLite's trigger computes them (0025: linkSaving's SQL in doubles,
 * sqliteLinkSaving), to the rupiah: for a writer that defers that trigger
 * (`link_figures_deferred`, migration 0027), whose values nothing corrects afterwards.
 */
export function sqliteLinkListingColumns(
  link: { priceValue: number | null; originalPriceValue: number | null },
  product: { categoryId: number; discountPercentage: number },
): { saving: number; categoryId: number } {
  return {
    saving:
      link.priceValue === null
        ? 0
        : sqliteLinkSaving(link.priceValue, link.originalPriceValue, product.discountPercentage),
    categoryId: product.categoryId,
  };
}

/** A product's listing figures (the columns refreshProductFigures computes). */
export interface ProductFigures {
  lowestPrice: number | null;
  saving: number;
  inStock: boolean;
  platformMask: number;
  stockMask: number;
}

/** SQLite's round() of a non-negative double (sqlite3 func.c: x + 0.5, truncated). */
const sqliteRound = (value: number) => Math.trunc(value + 0.5);

/**
 * linkSaving's SQL as SQLite evaluates it, step for step in doubles (price * 100.0, then the
 * divisions, then round): the same value to the rupiah, where savingOf's arithmetic may round
 * a tie the other way. PostgreSQL computes it in numeric: see newProductFigures.
 */
export function sqliteLinkSaving(
  priceValue: number,
  originalPriceValue: number | null,
  discount: number,
) {
  if (priceValue <= 0) return 0;
  if (originalPriceValue !== null) {
    return originalPriceValue > priceValue ? originalPriceValue - priceValue : 0;
  }
  if (discount > 0 && discount < 100) {
    const before = sqliteRound((priceValue * 100) / (100 - discount) / 1000) * 1000;
    return before > priceValue ? before - priceValue : 0;
  }
  return 0;
}

/**
 * The figures of a product created with these links, in their insertion order (new links are
 * in stock: the column's default), as refreshProductFigures would compute them on SQLite: the
 * cheapest priced link (the first on a tie, as by id) gives the lowest price and the saving.
 * A writer inserts them with the product, so that its new rows are not rewritten at once (a
 * products row carries a dozen indexes over these columns). On PostgreSQL the saving's numeric
 * rounding may differ on a tie: a writer there refreshes the products too (which rewrites only
 * a figure that differs).
 */
export function newProductFigures(
  links: readonly {
    platform: Platform;
    priceValue: number | null;
    originalPriceValue: number | null;
  }[],
  discountPercentage: number,
): ProductFigures {
  let cheapest: (typeof links)[number] | null = null;
  let mask = 0;
  for (const link of links) {
    const bitIndex = PLATFORMS.indexOf(link.platform);
    if (bitIndex >= 0) mask |= 2 ** bitIndex;
    if (link.priceValue === null) continue;
    if (cheapest === null || link.priceValue < cheapest.priceValue!) cheapest = link;
  }
  return {
    lowestPrice: cheapest?.priceValue ?? null,
    saving: cheapest
      ? sqliteLinkSaving(cheapest.priceValue!, cheapest.originalPriceValue, discountPercentage)
      : 0,
    inStock: links.length > 0,
    platformMask: mask,
    stockMask: mask,
  };
}
