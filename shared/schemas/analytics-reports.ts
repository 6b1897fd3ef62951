// Analytics staff act on (DESIGN.md; docs/contracts.md#analytics-reports): the query strings
// of GET /api/admin/analytics/{sources,funnel,products,devices} and the shapes they answer.
// Every report covers whole Asia/Jakarta days and answers the same figures for the previous
// period of the same length under `previous`.
import { z } from 'zod';
import { DAY_MS, JAKARTA_OFFSET_MS } from '../rules/jakarta-days';
import { dateParam, resolveWindow } from './analytics';

/** Without `from`, a report covers the last 7 Jakarta days, today included. */
export const ANALYTICS_REPORT_DEFAULT_DAYS = 7;
export const ANALYTICS_PRODUCTS_DEFAULT_LIMIT = 20;
export const ANALYTICS_PRODUCTS_MAX_LIMIT = 100;

export const SOURCE_GROUPS = ['search', 'social', 'marketplace', 'other', 'direct'] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];
export const SOURCE_DIMENSIONS = [
  'group',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type SourceDimension = (typeof SOURCE_DIMENSIONS)[number];
export const PRODUCT_REPORT_SORTS = ['views', 'clicks', 'ctr'] as const;
export type ProductReportSort = (typeof PRODUCT_REPORT_SORTS)[number];
export const FUNNEL_STEPS = ['visit', 'product', 'click'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const ANALYTICS_REPORT_MESSAGES = {
  by: `by harus salah satu dari: ${SOURCE_DIMENSIONS.join(', ')}`,
  sort: `sort harus salah satu dari: ${PRODUCT_REPORT_SORTS.join(', ')}`,
  page: 'page harus bilangan bulat mulai 1',
  limit: `limit harus bilangan bulat 1 sampai ${ANALYTICS_PRODUCTS_MAX_LIMIT}`,
  format: 'format hanya boleh csv',
  source: `source harus salah satu dari: ${SOURCE_GROUPS.join(', ')}`,
  text: 'Teks filter paling panjang 100 karakter',
  oneFilter: 'Corong per kategori atau platform tidak bisa digabung dengan filter lain',
} as const;
const M = ANALYTICS_REPORT_MESSAGES;

/** Jakarta day number (days since 1970-01-01 in UTC+7) of an instant. */
export function jakartaDayNumber(ms: number): number {
  return Math.floor((ms + JAKARTA_OFFSET_MS) / DAY_MS);
}

/** `YYYY-MM-DD` of a Jakarta day number. */
export function dayNumberDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A report's days: [fromDay, toDay) and the previous period of the same length. */
export interface ReportDays {
  fromDay: number;
  toDay: number;
  previousFromDay: number;
}

export interface ReportRangeInfo {
  /** First and last Jakarta date included. */
  from: string;
  to: string;
}

const optional = z.unknown().optional();
const rangeShape = {
  from: dateParam('Awal'),
  to: dateParam('Akhir'),
  format: optional.meta({ description: '`csv` untuk unduhan CSV dengan angka yang sama' }),
};

function one(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

function reportDays(
  query: { from?: unknown; to?: unknown; format?: unknown },
  ctx: z.RefinementCtx,
): (ReportDays & { format: 'json' | 'csv' }) | null {
  let format: 'json' | 'csv' = 'json';
  if (query.format !== undefined) {
    if (one(query.format) !== 'csv') {
      ctx.addIssue({ code: 'custom', path: ['format'], message: M.format });
      return null;
    }
    format = 'csv';
  }
  const window = resolveWindow(query, ctx, Date.now(), ANALYTICS_REPORT_DEFAULT_DAYS);
  if (!window) return null;
  const fromDay = jakartaDayNumber(window.fromMs);
  const toDay = jakartaDayNumber(window.toMs - 1) + 1;
  return { fromDay, toDay, previousFromDay: fromDay - (toDay - fromDay), format };
}

function choice<T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T | undefined,
  field: string,
  message: string,
  ctx: z.RefinementCtx,
): T | undefined | null {
  if (value === undefined || value === '') return fallback;
  const text = one(value);
  if (text !== undefined && (allowed as readonly string[]).includes(text)) return text as T;
  ctx.addIssue({ code: 'custom', path: [field], message });
  return null;
}

function positiveInt(
  value: unknown,
  fallback: number,
  max: number,
  field: string,
  message: string,
  ctx: z.RefinementCtx,
): number | null {
  if (value === undefined) return fallback;
  const text = one(value);
  const number = text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (number >= 1 && number <= max) return number;
  ctx.addIssue({ code: 'custom', path: [field], message });
  return null;
}

function filterText(value: unknown, field: string, ctx: z.RefinementCtx): string | null {
  if (value === undefined || value === '') return '';
  const text = one(value);
  if (text !== undefined && text.length <= 100) return text;
  ctx.addIssue({ code: 'custom', path: [field], message: M.text });
  return null;
}

/** `GET /api/admin/analytics/sources?by=&from=&to=&format=` */
export const sourcesQuerySchema = z
  .object({
    ...rangeShape,
    by: optional.meta({ description: `Pengelompokan: ${SOURCE_DIMENSIONS.join(', ')}` }),
  })
  .transform((query, ctx) => {
    const days = reportDays(query, ctx);
    const by = choice(query.by, SOURCE_DIMENSIONS, 'group', 'by', M.by, ctx);
    return days && by ? { ...days, by } : z.NEVER;
  });

/** `GET /api/admin/analytics/funnel?categoryId&platform&source&campaign&from&to&format` */
export const funnelQuerySchema = z
  .object({
    ...rangeShape,
    categoryId: optional.meta({ description: 'Hanya kunjungan ke kategori ini' }),
    platform: optional.meta({ description: 'Hanya klik ke platform ini' }),
    source: optional.meta({ description: `Kelompok sumber: ${SOURCE_GROUPS.join(', ')}` }),
    campaign: optional.meta({ description: 'utm_campaign' }),
  })
  .transform((query, ctx) => {
    const days = reportDays(query, ctx);
    const source = choice(query.source, SOURCE_GROUPS, undefined, 'source', M.source, ctx);
    const categoryId = filterText(query.categoryId, 'categoryId', ctx);
    const platform = filterText(query.platform, 'platform', ctx);
    const campaign = filterText(query.campaign, 'campaign', ctx);
    if (!days || source === null || categoryId === null || platform === null || campaign === null)
      return z.NEVER;
    // A category's or platform's funnel is its own rollup: it does not split by source.
    const chosen = [categoryId, platform, source, campaign].filter(Boolean);
    if ((categoryId || platform) && chosen.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [categoryId ? 'categoryId' : 'platform'],
        message: M.oneFilter,
      });
      return z.NEVER;
    }
    return { ...days, source, categoryId, platform, campaign };
  });

/** `GET /api/admin/analytics/products?page&limit&sort&from&to&format` */
export const productsReportQuerySchema = z
  .object({
    ...rangeShape,
    page: optional.meta({ description: 'Halaman, mulai 1' }),
    limit: optional.meta({
      description: `Baris per halaman, 1 sampai ${ANALYTICS_PRODUCTS_MAX_LIMIT}`,
    }),
    sort: optional.meta({ description: `Urutan: ${PRODUCT_REPORT_SORTS.join(', ')}` }),
  })
  .transform((query, ctx) => {
    const days = reportDays(query, ctx);
    const page = positiveInt(query.page, 1, 1_000_000_000, 'page', M.page, ctx);
    const limit = positiveInt(
      query.limit,
      ANALYTICS_PRODUCTS_DEFAULT_LIMIT,
      ANALYTICS_PRODUCTS_MAX_LIMIT,
      'limit',
      M.limit,
      ctx,
    );
    const sort = choice(query.sort, PRODUCT_REPORT_SORTS, 'views', 'sort', M.sort, ctx);
    return days && page && limit && sort ? { ...days, page, limit, sort } : z.NEVER;
  });

/** `GET /api/admin/analytics/devices?from&to&format` */
export const devicesQuerySchema = z
  .object(rangeShape)
  .transform((query, ctx) => reportDays(query, ctx) ?? z.NEVER);

export type SourcesQuery = z.output<typeof sourcesQuerySchema>;
export type FunnelQuery = z.output<typeof funnelQuerySchema>;
export type ProductsReportQuery = z.output<typeof productsReportQuerySchema>;
export type DevicesQuery = z.output<typeof devicesQuerySchema>;

/** Click-through rate in percent with one decimal: clicks per product view (0 without views). */
export function clickThroughRate(clicks: number, views: number): number {
  return views > 0 ? Math.round((clicks / views) * 1000) / 10 : 0;
}

export interface SourceFigures {
  visits: number;
  productViews: number;
  clicks: number;
  /** clicks / productViews, percent, one decimal. */
  ctr: number;
}
export interface SourceRow extends SourceFigures {
  /** The group (search, social, ...), referrer host, or utm value; '' for none. */
  key: string;
}
export interface SourcesReport {
  by: SourceDimension;
  range: ReportRangeInfo;
  previousRange: ReportRangeInfo;
  sources: SourceRow[];
  totals: SourceFigures;
  previous: { sources: SourceRow[]; totals: SourceFigures };
}

export interface FunnelStepCount {
  step: FunnelStep;
  count: number;
}
export interface FunnelReport {
  range: ReportRangeInfo;
  previousRange: ReportRangeInfo;
  steps: FunnelStepCount[];
  previous: { steps: FunnelStepCount[] };
}

export interface ProductFigures {
  views: number;
  clicks: number;
  ctr: number;
}
export interface ProductReportRow extends ProductFigures {
  id: string;
  title: string;
  /** Price watches of the product (0 until watches exist). */
  watches: number;
  /** Current lowest in-stock price in rupiah, or null. */
  lowestPrice: number | null;
  previous: ProductFigures;
}
export interface ProductsReport {
  range: ReportRangeInfo;
  previousRange: ReportRangeInfo;
  products: ProductReportRow[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
  totals: ProductFigures;
  previous: { totals: ProductFigures };
}

export interface DevicesFigures {
  devices: Array<{ device: string; visits: number }>;
  browsers: Array<{ browser: string; visits: number }>;
}
export interface DevicesReport extends DevicesFigures {
  range: ReportRangeInfo;
  previousRange: ReportRangeInfo;
  previous: DevicesFigures;
}
