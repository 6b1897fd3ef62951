import {
  clickThroughRate,
  dayNumberDate,
  type DevicesFigures,
  type DevicesQuery,
  type DevicesReport,
  type FunnelQuery,
  type FunnelReport,
  type FunnelStepCount,
  type ProductFigures,
  type ProductsReport,
  type ProductsReportQuery,
  type ReportDays,
  type ReportRangeInfo,
  type SourceDimension,
  type SourceFigures,
  type SourceRow,
  type SourcesQuery,
  type SourcesReport,
} from '@shared/schemas/analytics-reports';
import type { Database } from '../../db/database';
import { select, toCount } from '../../db/sql';
import { matchingPeriod, periodProductFilter, type ProductPeriod } from '../product-periods';

/**
 * The reports staff act on. They read only the rollups (analytics_daily,
 * analytics_product_daily and the Produk report's kept ranges; see ../visits.ts and
 * ../product-periods.ts), never the raw rows, so a 30-day report reads a
 * few thousand rows whatever the traffic. Bots never reach the rollups.
 */

const SOURCE_COLUMN: Record<SourceDimension, string> = {
  group: '"sourceGroup"',
  referrer: '"referrerHost"',
  utm_source: '"utmSource"',
  utm_medium: '"utmMedium"',
  utm_campaign: '"utmCampaign"',
};

/** The most rows a sources or devices list answers (the rest are rare values). */
const LIST_LIMIT = 200;

export function ranges(days: ReportDays): {
  range: ReportRangeInfo;
  previousRange: ReportRangeInfo;
} {
  return {
    range: { from: dayNumberDate(days.fromDay), to: dayNumberDate(days.toDay - 1) },
    previousRange: {
      from: dayNumberDate(days.previousFromDay),
      to: dayNumberDate(days.fromDay - 1),
    },
  };
}

interface FigureRow {
  key: string;
  visits: unknown;
  productViews: unknown;
  clicks: unknown;
}

function figures(row: Omit<FigureRow, 'key'>): SourceFigures {
  const productViews = toCount(row.productViews);
  const clicks = toCount(row.clicks);
  return {
    visits: toCount(row.visits),
    productViews,
    clicks,
    ctr: clickThroughRate(clicks, productViews),
  };
}

async function sourcesFigures(
  db: Database,
  by: SourceDimension,
  fromDay: number,
  toDay: number,
): Promise<{ sources: SourceRow[]; totals: SourceFigures }> {
  const column = SOURCE_COLUMN[by];
  const rows = await select<FigureRow>(
    db,
    `SELECT ${column} AS key, SUM(visits) AS visits, SUM("productViews") AS "productViews",
       SUM(clicks) AS clicks
     FROM analytics_daily WHERE day >= ? AND day < ?
     GROUP BY ${column}
     ORDER BY SUM(visits) DESC, ${column}
     LIMIT ${LIST_LIMIT}`,
    [fromDay, toDay],
  );
  const [total] = await select<Omit<FigureRow, 'key'>>(
    db,
    `SELECT SUM(visits) AS visits, SUM("productViews") AS "productViews", SUM(clicks) AS clicks
     FROM analytics_daily WHERE day >= ? AND day < ?`,
    [fromDay, toDay],
  );
  return {
    sources: rows.map((row) => ({ key: String(row.key ?? ''), ...figures(row) })),
    totals: figures(total ?? { visits: 0, productViews: 0, clicks: 0 }),
  };
}

export async function getSources(db: Database, query: SourcesQuery): Promise<SourcesReport> {
  const [current, previous] = await Promise.all([
    sourcesFigures(db, query.by, query.fromDay, query.toDay),
    sourcesFigures(db, query.by, query.previousFromDay, query.fromDay),
  ]);
  return { by: query.by, ...ranges(query), ...current, previous };
}

async function funnelSteps(
  db: Database,
  query: FunnelQuery,
  fromDay: number,
  toDay: number,
): Promise<FunnelStepCount[]> {
  type Row = { visits: unknown; productVisits: unknown; clickVisits: unknown };
  const sum = `SUM(visits) AS visits, SUM("productVisits") AS "productVisits",
       SUM("clickVisits") AS "clickVisits"`;
  let row: Row | undefined;
  if (query.categoryId) {
    // Visits that opened a product of the category or clicked through one (./funnel-steps.ts).
    [row] = await select<Row>(
      db,
      `SELECT ${sum} FROM analytics_funnel_daily
       WHERE kind = 'category' AND value = ? AND day >= ? AND day < ?`,
      [query.categoryId, fromDay, toDay],
    );
  } else if (query.platform) {
    // The platform is known only at the click (/go): every visit and every visit that opened
    // a product, then the visits that clicked through to this platform.
    const [site] = await select<Row>(
      db,
      `SELECT ${sum} FROM analytics_daily WHERE day >= ? AND day < ?`,
      [fromDay, toDay],
    );
    const [platform] = await select<Row>(
      db,
      `SELECT ${sum} FROM analytics_funnel_daily
       WHERE kind = 'platform' AND value = ? AND day >= ? AND day < ?`,
      [query.platform, fromDay, toDay],
    );
    row = {
      visits: site?.visits,
      productVisits: site?.productVisits,
      clickVisits: platform?.clickVisits,
    };
  } else {
    const where = ['day >= ?', 'day < ?'];
    const params: unknown[] = [fromDay, toDay];
    if (query.source) {
      where.push('"sourceGroup" = ?');
      params.push(query.source);
    }
    if (query.campaign) {
      where.push('"utmCampaign" = ?');
      params.push(query.campaign);
    }
    [row] = await select<Row>(
      db,
      `SELECT ${sum} FROM analytics_daily WHERE ${where.join(' AND ')}`,
      params,
    );
  }
  return [
    { step: 'visit', count: toCount(row?.visits) },
    { step: 'product', count: toCount(row?.productVisits) },
    { step: 'click', count: toCount(row?.clickVisits) },
  ];
}

export async function getFunnel(db: Database, query: FunnelQuery): Promise<FunnelReport> {
  const [steps, previous] = await Promise.all([
    funnelSteps(db, query, query.fromDay, query.toDay),
    funnelSteps(db, query, query.previousFromDay, query.fromDay),
  ]);
  return { ...ranges(query), steps, previous: { steps: previous } };
}

function productFigures(views: unknown, clicks: unknown): ProductFigures {
  const v = toCount(views);
  const c = toCount(clicks);
  return { views: v, clicks: c, ctr: clickThroughRate(c, v) };
}

/**
 * Price watches per product: 0 until the watches feature stores them. Hook: when a
 * `price_watches` table exists, answer its active watches per product id here.
 */
export async function watchesByProduct(_db: Database, ids: string[]): Promise<Map<string, number>> {
  return new Map(ids.map((id) => [id, 0]));
}

/** The report's orders; ties by product id, so every page is stable. */
const ORDER_BY: Record<ProductsReportQuery['sort'], string> = {
  views: 'a.views DESC, a."productId"',
  clicks: 'a.clicks DESC, a."productId"',
  ctr: 'a.ctr DESC, a.views DESC, a."productId"',
};

/** The totals of every product over [fromDay, toDay): one row per day (./product-periods.ts). */
async function productTotals(db: Database, fromDay: number, toDay: number) {
  const [row] = await select<{ views: unknown; clicks: unknown }>(
    db,
    `SELECT SUM(views) AS views, SUM(clicks) AS clicks
     FROM analytics_product_totals WHERE day >= ? AND day < ?`,
    [fromDay, toDay],
  );
  return productFigures(row?.views, row?.clicks);
}

interface ProductPageRow {
  id: string;
  title: string;
  lowestPrice: unknown;
  views: unknown;
  clicks: unknown;
}

/**
 * The products of the range with views or clicks, as `a` (productId, views, clicks, ctr):
 * a kept range (../product-periods.ts: one row per product, read in index order) when the
 * days match one, else the daily rows summed (custom ranges, today, yesterday).
 */
function figuresSource(
  db: Database,
  period: ProductPeriod | null,
  query: ProductsReportQuery,
): { sql: string; params: unknown[] } {
  if (period) {
    return {
      sql: `SELECT "productId", views, clicks, ctr FROM analytics_product_period WHERE period = ?`,
      params: [period],
    };
  }
  return {
    sql: `SELECT "productId", SUM(views) AS views, SUM(clicks) AS clicks,
        CASE WHEN SUM(views) > 0 THEN CAST(SUM(clicks) AS DOUBLE PRECISION) / SUM(views)
          ELSE 0 END AS ctr
      FROM analytics_product_daily
      WHERE day >= ? AND day < ? AND ${periodProductFilter(db)}
      GROUP BY "productId" HAVING SUM(views) > 0 OR SUM(clicks) > 0`,
    params: [query.fromDay, query.toDay],
  };
}

export async function getProductsReport(
  db: Database,
  query: ProductsReportQuery,
): Promise<ProductsReport> {
  const postgres = db.dialect === 'postgres';
  const productId = postgres ? 'CAST(p.id AS TEXT)' : 'p.id';
  // PostgreSQL: the kept ids are UUIDs (filtered), so the join reads the primary key.
  const join = postgres ? 'p.id = CAST(a."productId" AS UUID)' : 'p.id = a."productId"';
  const offset = (query.page - 1) * query.limit;
  const period = await matchingPeriod(db, query);
  const source = figuresSource(db, period, query);
  const [rows, [countRow], totals, previousTotals] = await Promise.all([
    select<ProductPageRow>(
      db,
      `SELECT ${productId} AS id, p.title AS title, p."lowestPrice" AS "lowestPrice",
         a.views AS views, a.clicks AS clicks
       FROM (${source.sql}) a JOIN products p ON ${join}
       ORDER BY ${ORDER_BY[query.sort]}
       LIMIT ? OFFSET ?`,
      [...source.params, query.limit, offset],
    ),
    select<{ total: unknown }>(db, 'SELECT COUNT(*) AS total FROM products'),
    productTotals(db, query.fromDay, query.toDay),
    productTotals(db, query.previousFromDay, query.fromDay),
  ]);
  if (rows.length < query.limit) {
    // Past the products with figures: the others, by id, each with zeros.
    const [figured] = await select<{ n: unknown }>(
      db,
      `SELECT COUNT(*) AS n FROM (${source.sql}) a JOIN products p ON ${join}`,
      source.params,
    );
    const skip = Math.max(0, offset + rows.length - toCount(figured?.n));
    const zeros = await select<ProductPageRow>(
      db,
      `SELECT ${productId} AS id, p.title AS title, p."lowestPrice" AS "lowestPrice",
         0 AS views, 0 AS clicks
       FROM products p
       WHERE NOT EXISTS (SELECT 1 FROM (${source.sql}) a WHERE ${join})
       ORDER BY p.id LIMIT ? OFFSET ?`,
      [...source.params, query.limit - rows.length, skip],
    );
    rows.push(...zeros);
  }
  const ids = rows.map((row) => String(row.id));
  const previous = new Map<string, ProductFigures>();
  if (ids.length > 0) {
    const earlier = await select<{ productId: string; views: unknown; clicks: unknown }>(
      db,
      `SELECT "productId", SUM(views) AS views, SUM(clicks) AS clicks
       FROM analytics_product_daily
       WHERE day >= ? AND day < ? AND "productId" IN (${ids.map(() => '?').join(', ')})
       GROUP BY "productId"`,
      [query.previousFromDay, query.fromDay, ...ids],
    );
    for (const row of earlier) {
      previous.set(String(row.productId), productFigures(row.views, row.clicks));
    }
  }
  const watches = await watchesByProduct(db, ids);
  const totalCount = toCount(countRow?.total);
  return {
    ...ranges(query),
    products: rows.map((row) => {
      const id = String(row.id);
      return {
        id,
        title: row.title,
        ...productFigures(row.views, row.clicks),
        watches: watches.get(id) ?? 0,
        lowestPrice: row.lowestPrice === null ? null : toCount(row.lowestPrice),
        previous: previous.get(id) ?? productFigures(0, 0),
      };
    }),
    currentPage: query.page,
    totalPages: Math.ceil(totalCount / query.limit),
    totalCount,
    totals,
    previous: { totals: previousTotals },
  };
}

async function devicesFigures(
  db: Database,
  fromDay: number,
  toDay: number,
): Promise<DevicesFigures> {
  const by = (column: string) =>
    select<{ value: string; visits: unknown }>(
      db,
      `SELECT ${column} AS value, SUM(visits) AS visits FROM analytics_daily
       WHERE day >= ? AND day < ?
       GROUP BY ${column} HAVING SUM(visits) > 0
       ORDER BY SUM(visits) DESC, ${column} LIMIT ${LIST_LIMIT}`,
      [fromDay, toDay],
    );
  const [devices, browsers] = await Promise.all([by('device'), by('browser')]);
  return {
    devices: devices.map((row) => ({ device: row.value, visits: toCount(row.visits) })),
    browsers: browsers.map((row) => ({ browser: row.value, visits: toCount(row.visits) })),
  };
}

export async function getDevices(db: Database, query: DevicesQuery): Promise<DevicesReport> {
  const [current, previous] = await Promise.all([
    devicesFigures(db, query.fromDay, query.toDay),
    devicesFigures(db, query.previousFromDay, query.fromDay),
  ]);
  return { ...ranges(query), ...current, previous };
}
