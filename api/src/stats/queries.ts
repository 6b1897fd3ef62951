import { QueryTypes } from 'sequelize';
import type { StatsResponse } from '@shared/types';
import type { Database } from '../db/database';
import { ACTIVE_WATCHES_SQL } from '../watches/admin-counts';
import { feedAlerts } from '../feeds/store';

interface StatsRow {
  totalCategories: number | string;
  categoriesWithProducts: number | string;
  totalProducts: number | string;
  activeProducts: number | string;
  brokenLinks: number | string;
  activeWatches: number | string;
}

/** One round trip for all the figures; PostgreSQL returns counts as strings, hence Number(). */
export async function readStats(db: Database): Promise<StatsResponse> {
  const [row] = await db.sequelize.query<StatsRow>(
    `SELECT
       (SELECT COUNT(*) FROM categories) AS "totalCategories",
       (SELECT COUNT(DISTINCT "categoryId") FROM products) AS "categoriesWithProducts",
       (SELECT COUNT(*) FROM products) AS "totalProducts",
       (SELECT COUNT(*) FROM products WHERE "isActive" = true) AS "activeProducts",
       (SELECT COUNT(*) FROM platform_links WHERE "isBroken" = :broken) AS "brokenLinks",
       ${ACTIVE_WATCHES_SQL} AS "activeWatches"`,
    { type: QueryTypes.SELECT, replacements: { broken: true } },
  );
  const totalCategories = Number(row?.totalCategories ?? 0);
  const categoriesWithProducts = Number(row?.categoriesWithProducts ?? 0);
  const totalProducts = Number(row?.totalProducts ?? 0);
  const activeProducts = Number(row?.activeProducts ?? 0);
  return {
    totalCategories,
    categoriesWithProducts,
    categoriesWithoutProducts: totalCategories - categoriesWithProducts,
    totalProducts,
    activeProducts,
    inactiveProducts: totalProducts - activeProducts,
    brokenLinks: Number(row?.brokenLinks ?? 0),
    activeWatches: Number(row?.activeWatches ?? 0),
    feedAlerts: await feedAlerts(db),
  };
}
