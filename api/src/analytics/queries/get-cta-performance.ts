import type { CtaPerformance } from '@shared/types';
import type { Database } from '../../db/database';
import type { ReportRange } from '../range';
import { METRIC } from '../rollups';
import { select, toCount } from '../../db/sql';
import { topValues } from './rollup-totals';

const PLATFORM_LIMIT = 20;
const TOP_PRODUCTS = 10;

interface ProductClicksRow {
  product: string;
  clicks: number | string;
}

/** CTA clicks in the range per platform, and the most clicked products by title. */
export async function getCtaPerformance(db: Database, range: ReportRange): Promise<CtaPerformance> {
  // products.id is a uuid on PostgreSQL and text on SQLite; rollup values are text.
  const productId = db.dialect === 'postgres' ? 'CAST(p.id AS TEXT)' : 'p.id';
  const [platforms, products] = await Promise.all([
    topValues(db, METRIC.ctaPlatform, range.fromHour, range.toHour, PLATFORM_LIMIT),
    select<ProductClicksRow>(
      db,
      `SELECT COALESCE(p.title, r.value) AS product, r.clicks AS clicks
       FROM (
         SELECT value, SUM(total) AS clicks
         FROM analytics_rollups
         WHERE metric = ? AND hour >= ? AND hour < ?
         GROUP BY value
         ORDER BY clicks DESC, value
         LIMIT ?
       ) r
       LEFT JOIN products p ON ${productId} = r.value
       ORDER BY r.clicks DESC, r.value`,
      [METRIC.ctaProduct, range.fromHour, range.toHour, TOP_PRODUCTS],
    ),
  ]);
  return {
    platformPerformance: platforms.map(({ value, total }) => ({ platform: value, clicks: total })),
    topProducts: products.map((row) => ({ product: row.product, clicks: toCount(row.clicks) })),
  };
}
