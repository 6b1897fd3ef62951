import { Op, Sequelize, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { select } from '../../db/sql';
import { fromDbTimestamp } from '../../db/timestamps';

export interface LinkHealthSummary {
  total: number;
  checked: number;
  broken: number;
  /** The most recent check of any link (ISO), null before the first. */
  lastCheckedAt: string | null;
}

export interface BrokenLink {
  id: number;
  productId: string;
  productTitle: string;
  platform: string;
  affiliateUrl: string;
  lastStatus: number | null;
  lastError: string | null;
  lastCheckedAt: string | null;
}

const iso = (value: unknown) =>
  value === null ? null : new Date(fromDbTimestamp(value)).toISOString();

/** The dashboard's figure: how many links are flagged broken, and when links were checked. */
export async function linkHealthSummary(db: Database): Promise<LinkHealthSummary> {
  const [row] = await select<{
    total: number | string;
    checked: number | string;
    broken: number | string;
    last: unknown;
  }>(
    db,
    `SELECT COUNT(*) AS total, COUNT("lastCheckedAt") AS checked,
            (SELECT COUNT(*) FROM platform_links WHERE "isBroken" = ?) AS broken,
            MAX("lastCheckedAt") AS last
     FROM platform_links`,
    [true],
  );
  return {
    total: Number(row?.total ?? 0),
    checked: Number(row?.checked ?? 0),
    broken: Number(row?.broken ?? 0),
    lastCheckedAt: row?.last ? iso(row.last) : null,
  };
}

/** The admin filter: broken links with their product, most recently checked first. */
export async function listBrokenLinks(
  db: Database,
  page: number,
  limit: number,
): Promise<{ links: BrokenLink[]; currentPage: number; totalPages: number; totalCount: number }> {
  const [count] = await select<{ total: number | string }>(
    db,
    `SELECT COUNT(*) AS total FROM platform_links WHERE "isBroken" = ?`,
    [true],
  );
  const totalCount = Number(count?.total ?? 0);
  const rows = await select<{
    id: number | string;
    productId: string;
    productTitle: string;
    platform: string;
    affiliateUrl: string;
    lastStatus: number | string | null;
    lastError: string | null;
    lastCheckedAt: unknown;
  }>(
    db,
    `SELECT l.id, l."productId", p.title AS "productTitle", l.platform, l."affiliateUrl",
            l."lastStatus", l."lastError", l."lastCheckedAt"
     FROM platform_links l JOIN products p ON p.id = l."productId"
     WHERE l."isBroken" = ?
     ORDER BY l."lastCheckedAt" DESC, l.id
     LIMIT ? OFFSET ?`,
    [true, limit, (page - 1) * limit],
  );
  return {
    links: rows.map((row) => ({
      id: Number(row.id),
      productId: String(row.productId),
      productTitle: row.productTitle,
      platform: row.platform,
      affiliateUrl: row.affiliateUrl,
      lastStatus: row.lastStatus === null ? null : Number(row.lastStatus),
      lastError: row.lastError,
      lastCheckedAt: iso(row.lastCheckedAt),
    })),
    currentPage: page,
    totalPages: Math.ceil(totalCount / limit),
    totalCount,
  };
}

/** `?linkHealth=broken` on the admin product list; absent means every product. */
export const linkHealthQuery = z.enum(['broken']).optional();

/**
 * A Sequelize `where` for products with at least one link flagged broken, to combine with
 * the admin product list's other filters (`{[Op.and]: [..., brokenLinkProductFilter(db)]}`).
 * The product table must be aliased "Product", as Sequelize does for the Product model.
 */
export function brokenLinkProductFilter(db: Database): WhereOptions {
  // A boolean column on PostgreSQL, 0/1 on SQLite.
  const broken = db.sequelize.getDialect() === 'postgres' ? 'true' : '1';
  return {
    [Op.and]: [
      Sequelize.literal(
        `EXISTS (SELECT 1 FROM platform_links bl WHERE bl."productId" = "Product"."id" AND bl."isBroken" = ${broken})`,
      ),
    ],
  };
}
