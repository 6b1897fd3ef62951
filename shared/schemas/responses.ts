// The API's main answers as zod schemas, for the OpenAPI document (docs/contracts.md#openapi)
// and for anything that wants to check an answer. Each one `satisfies` the type in
// shared/types.ts that the clients use, so the two cannot drift apart silently.
//
// Not re-exported by ./index: the `.meta({ id })` calls register the schemas globally, which
// a bundler cannot drop, and the public site's bundle must not carry them.
import { z } from 'zod';
import {
  BADGE_COLORS,
  FAQ_CATEGORIES,
  MEDIA_TYPES,
  PLATFORMS,
  POPUP_IMAGE_POSITIONS,
  POPUP_TYPES,
} from '../constants';
import { IMPORT_STATUSES, type ImportJob } from '../rules/product-csv';
import type { PriceHistory } from '../rules/price-history';
import {
  FUNNEL_STEPS,
  SOURCE_DIMENSIONS,
  type DevicesReport,
  type FunnelReport,
  type ProductsReport,
  type SourcesReport,
} from './analytics-reports';
import type {
  AdminProductCountResponse,
  AdminProductListResponse,
  AdminSessionInfo,
  AdminUserInfo,
  DesktopReleasesResponse,
  AnalyticsDashboard,
  ApiErrorBody,
  AuditPage,
  AuthResponse,
  Category,
  CategoryWithCount,
  ContentBlock,
  CtaPerformance,
  Faq,
  Feed,
  FeedPreview,
  FeedRun,
  MetaTag,
  MissedSearches,
  PlatformLink,
  Popup,
  Product,
  ProductImage,
  ProductListResponse,
  SearchSuggestions,
  StatsResponse,
  TopPages,
  TrafficByCountry,
} from '../types';
import type { ProductBulkResult } from './product-bulk';
import { FEED_FORMATS, FEED_NEW_PRODUCT_STATES, FEED_OUR_FIELDS, FEED_RUN_STATUSES } from './feed';
import { realtimeStatsSchema } from './realtime-stats';
import type { WatchConfigResponse, WatchCreated, WatchListResponse, WatchStatus } from '../types';

const isoDate = z.string().meta({ format: 'date-time' });
const count = z.number().int().nonnegative();
/** Record ids travel as text (integer keys as their digits, products as UUIDs). */
const id = z.string();

/** `{message}`, and per field for a validation error (docs/contracts.md, API conventions). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' }) satisfies z.ZodType<ApiErrorBody>;

/** One page's position in a paged list. */
const paging = { currentPage: count, totalPages: count, totalCount: count };

export const categoryResponseSchema = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    icon: z.string(),
    color: z.string(),
    group: z.string(),
    createdAt: isoDate,
  })
  .meta({ id: 'Category' }) satisfies z.ZodType<Category>;

export const categoryWithCountSchema = categoryResponseSchema
  .extend({ productCount: count })
  .meta({ id: 'CategoryWithCount' }) satisfies z.ZodType<CategoryWithCount>;

export const lowestPriceSchema = z
  .object({
    price: z.number(),
    platform: z.enum(PLATFORMS),
    linkId: id,
    beforePrice: z.number().nullable().optional(),
    saving: z.number().nullable().optional(),
  })
  .meta({ id: 'LowestPrice' });

export const productResponseSchema = z
  .object({
    id,
    categoryId: id,
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    imageUrls: z.array(z.string()),
    videoUrl: z.string().nullable().optional(),
    mediaType: z.enum(MEDIA_TYPES),
    discountPercentage: z.number(),
    badgeText: z.string().nullable().optional(),
    badgeColor: z.enum(BADGE_COLORS),
    platforms: z.array(z.string()),
    isActive: z.boolean(),
    isFeaturedPromo: z.boolean(),
    isFeaturedPopular: z.boolean(),
    featuredOrder: z.number().int(),
    createdAt: isoDate,
    brand: z.string().nullable().optional(),
    category: categoryResponseSchema.optional(),
    lowestPrice: lowestPriceSchema.nullable().optional(),
  })
  .meta({ id: 'Product' }) satisfies z.ZodType<Product>;

const listingFacetsSchema = z
  .object({
    platforms: z.array(z.object({ platform: z.enum(PLATFORMS), count })),
    priceRanges: z.array(z.object({ min: z.number(), max: z.number().nullable(), count })),
    discounts: z.array(z.object({ min: z.number(), count })),
    capped: z
      .boolean()
      .optional()
      .describe(
        'A search with more than SEARCH_COUNT_CAP matches: counted over its newest SEARCH_COUNT_CAP matches only, so each count is a lower bound',
      ),
  })
  .meta({ id: 'ListingFacets' });

export const productListResponseSchema = z
  .object({
    products: z.array(productResponseSchema),
    ...paging,
    totalCountCapped: z
      .boolean()
      .optional()
      .describe(
        'A search matched more than SEARCH_COUNT_CAP (1,000) products: totalCount is a lower bound and totalPages at least one past this page',
      ),
    hasNextPage: z.boolean().optional().describe('A page after this one has rows'),
    facets: listingFacetsSchema.optional().describe('With facets=true'),
  })
  .meta({ id: 'ProductList' }) satisfies z.ZodType<ProductListResponse>;

const priceLinkSchema = z.object({
  id,
  platform: z.enum(PLATFORMS),
  price: z.string().nullable(),
  priceValue: z.number().nullable(),
});

export const adminProductListResponseSchema = z
  .object({
    products: z.array(
      productResponseSchema.extend({
        links: z.array(priceLinkSchema),
        lowestPriceValue: z.number().nullable(),
        clicks7d: count,
        watchCount: count,
        feedName: z.string().nullable().optional(),
        priceConfirmedAt: isoDate.nullable().optional(),
        lockedFields: z.array(z.string()).optional(),
      }),
    ),
    ...paging,
    totalCountCapped: z.boolean().optional(),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'AdminProductList' }) satisfies z.ZodType<AdminProductListResponse>;

export const adminProductCountSchema = z
  .object({ totalCount: count, totalCountCapped: z.boolean() })
  .meta({ id: 'AdminProductCount' }) satisfies z.ZodType<AdminProductCountResponse>;

export const productBulkResultSchema = z
  .object({ affected: count })
  .meta({ id: 'ProductBulkResult' }) satisfies z.ZodType<ProductBulkResult>;

export const searchSuggestionsSchema = z
  .object({
    products: z.array(
      z.object({
        id,
        title: z.string(),
        imageUrl: z.string(),
        discountPercentage: z.number(),
      }),
    ),
    categories: z.array(z.object({ name: z.string(), slug: z.string() })),
    didYouMean: z
      .string()
      .nullable()
      .describe('With no product found: the nearest spelling that finds one, else null'),
  })
  .meta({ id: 'SearchSuggestions' }) satisfies z.ZodType<SearchSuggestions>;

export const priceHistorySchema = z
  .object({
    platforms: z.array(
      z.object({
        platform: z.string(),
        points: z.array(z.object({ at: isoDate, price: z.number() })),
      }),
    ),
    lowest: z.object({ price: z.number(), platform: z.string() }).nullable(),
    lowest30d: z.object({ price: z.number(), platform: z.string(), at: isoDate }).nullable(),
  })
  .meta({ id: 'PriceHistory' }) satisfies z.ZodType<PriceHistory>;

export const platformLinkResponseSchema = z
  .object({
    id,
    productId: id,
    platform: z.enum(PLATFORMS),
    affiliateUrl: z.string(),
    price: z.string().nullable(),
    priceValue: z.number().nullable(),
    originalPriceValue: z.number().nullable(),
    availability: z.enum(['in_stock', 'out_of_stock']),
    beforePrice: z.number().nullable(),
    saving: z.number().nullable(),
    createdAt: isoDate,
    health: z
      .object({
        isBroken: z.boolean(),
        lastStatus: z.number().int().nullable(),
        lastError: z.string().nullable(),
        lastCheckedAt: isoDate.nullable(),
      })
      .optional(),
  })
  .meta({ id: 'PlatformLink' }) satisfies z.ZodType<PlatformLink>;

export const productImageResponseSchema = z
  .object({
    id,
    productId: id,
    imageUrl: z.string(),
    altText: z.string(),
    order: z.number().int(),
    isActive: z.boolean(),
    createdAt: isoDate.optional(),
  })
  .meta({ id: 'ProductImage' }) satisfies z.ZodType<ProductImage>;

export const contentBlockSchema = z
  .object({
    id,
    key: z.string(),
    title: z.string(),
    data: z.string().meta({ description: 'JSON text' }),
    isActive: z.boolean(),
    lastModified: isoDate,
    createdAt: isoDate,
  })
  .meta({ id: 'ContentBlock' }) satisfies z.ZodType<ContentBlock>;

export const faqResponseSchema = z
  .object({
    id,
    question: z.string(),
    answer: z.string(),
    category: z.enum(FAQ_CATEGORIES),
    order: z.number().int(),
    isActive: z.boolean(),
    createdAt: isoDate,
  })
  .meta({ id: 'Faq' }) satisfies z.ZodType<Faq>;

export const metaTagResponseSchema = z
  .object({
    id,
    htmlTag: z.string(),
    pageUrl: z.string(),
    isActive: z.boolean(),
    createdAt: isoDate,
    parsedName: z.string().nullable(),
    parsedProperty: z.string().nullable(),
    parsedContent: z.string().nullable(),
  })
  .meta({ id: 'MetaTag' }) satisfies z.ZodType<MetaTag>;

export const popupResponseSchema = z
  .object({
    id,
    title: z.string(),
    content: z.string(),
    type: z.enum(POPUP_TYPES),
    targetUrl: z.string().nullable(),
    buttonText: z.string(),
    backgroundColor: z.string(),
    textColor: z.string(),
    imageUrl: z.string().nullable(),
    imagePosition: z.enum(POPUP_IMAGE_POSITIONS),
    startDate: isoDate,
    endDate: isoDate,
    showOnPages: z.string(),
    triggerAfterSeconds: z.number().int(),
    isActive: z.boolean(),
    createdAt: isoDate.optional(),
  })
  .meta({ id: 'Popup' }) satisfies z.ZodType<Popup>;

/** An admin list of FAQs, meta tags or popups: the whole array, or one page of it. */
export function adminSitePageSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.union([
    z.array(item),
    z.object({ [key]: z.array(item), ...paging } as Record<K, z.ZodArray<T>>),
  ]);
}

export const statsResponseSchema = z
  .object({
    totalCategories: count,
    categoriesWithProducts: count,
    categoriesWithoutProducts: count,
    totalProducts: count,
    activeProducts: count,
    inactiveProducts: count,
    brokenLinks: count,
    activeWatches: count,
    feedAlerts: z.array(z.object({ feedId: id, name: z.string(), alert: z.string() })),
  })
  .meta({ id: 'Stats' }) satisfies z.ZodType<StatsResponse>;

export const authResponseSchema = z
  .object({ user: z.object({ id, username: z.string() }) })
  .meta({ id: 'AuthResponse' }) satisfies z.ZodType<AuthResponse>;

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const adminUserSchema = z
  .object({ id, username: z.string(), disabled: z.boolean(), createdAt: isoDate })
  .meta({ id: 'AdminUser' }) satisfies z.ZodType<AdminUserInfo>;

export const adminSessionSchema = z
  .object({
    id,
    current: z.boolean(),
    createdAt: isoDate,
    lastSeenAt: isoDate,
    userAgent: z.string(),
    ip: z.string(),
  })
  .meta({ id: 'AdminSession' }) satisfies z.ZodType<AdminSessionInfo>;

export const auditPageSchema = z
  .object({
    entries: z.array(
      z.object({
        id,
        at: isoDate,
        username: z.string(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string().nullable(),
        entityLabel: z.string().nullable(),
        summary: z.string(),
        changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
        ip: z.string().nullable(),
      }),
    ),
    ...paging,
  })
  .meta({ id: 'AuditPage' }) satisfies z.ZodType<AuditPage>;

export const importJobSchema = z
  .object({
    id,
    status: z.enum(IMPORT_STATUSES),
    dryRun: z.boolean(),
    totalRows: count.nullable(),
    processedRows: count,
    created: count,
    updated: count,
    unchanged: count,
    failed: count,
    errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
    message: z.string().nullable(),
    createdAt: isoDate,
    finishedAt: isoDate.nullable(),
  })
  .meta({ id: 'ImportJob' }) satisfies z.ZodType<ImportJob>;

export const linkHealthSummarySchema = z
  .object({ total: count, checked: count, broken: count, lastCheckedAt: isoDate.nullable() })
  .meta({ id: 'LinkHealthSummary' });

export const brokenLinksPageSchema = z
  .object({
    links: z.array(
      z.object({
        id: z.number().int(),
        productId: id,
        productTitle: z.string(),
        platform: z.string(),
        affiliateUrl: z.string(),
        lastStatus: z.number().int().nullable(),
        lastError: z.string().nullable(),
        lastCheckedAt: isoDate.nullable(),
      }),
    ),
    ...paging,
  })
  .meta({ id: 'BrokenLinksPage' });

const named = <K extends string>(key: K) =>
  z.object({ [key]: z.string() } as Record<K, z.ZodString>);

export const analyticsDashboardSchema = z
  .object({
    totalVisitors: count,
    weeklyVisitors: count,
    totalPageViews: count,
    conversionRate: z.number().meta({ description: 'Persen: 3.5 berarti 3,5%' }),
    deviceBreakdown: z.array(named('device').extend({ count })),
    browserBreakdown: z.array(named('browser').extend({ count })),
    topReferrers: z.array(named('referrer').extend({ visitors: count })),
    bots: count,
    visits: count,
    productViews: count,
    clicks: count,
  })
  .meta({ id: 'AnalyticsDashboard' }) satisfies z.ZodType<AnalyticsDashboard>;

export const trafficByCountrySchema = z
  .array(named('country').extend({ visitors: count }))
  .meta({ id: 'TrafficByCountry' }) satisfies z.ZodType<TrafficByCountry>;

export const topPagesSchema = z
  .array(named('path').extend({ views: count }))
  .meta({ id: 'TopPages' }) satisfies z.ZodType<TopPages>;

export const missedSearchesSchema = z
  .array(named('query').extend({ searches: count, lastSearchedAt: isoDate }))
  .meta({ id: 'MissedSearches' }) satisfies z.ZodType<MissedSearches>;

export const ctaPerformanceSchema = z
  .object({
    platformPerformance: z.array(named('platform').extend({ clicks: count })),
    topProducts: z.array(named('product').extend({ clicks: count })),
  })
  .meta({ id: 'CtaPerformance' }) satisfies z.ZodType<CtaPerformance>;

export const realtimeStatsResponseSchema = realtimeStatsSchema.meta({ id: 'RealtimeStats' });

export const desktopReleasesSchema = z
  .strictObject({
    configured: z.boolean(),
    releases: z.array(
      z.strictObject({
        fileName: z.string(),
        platform: z.enum(['windows', 'macos', 'linux']),
        version: z.string().nullable(),
        sizeBytes: z.number().int(),
        modifiedAt: z.string(),
        url: z.string(),
      }),
    ),
  })
  .meta({ id: 'DesktopReleases' }) satisfies z.ZodType<DesktopReleasesResponse>;

// Analytics staff act on (shared/schemas/analytics-reports.ts).
const reportRangeSchema = z.object({ from: z.string(), to: z.string() });
const sourceFiguresSchema = z.object({
  visits: count,
  productViews: count,
  clicks: count,
  ctr: z.number().meta({ description: 'Klik per tampilan produk, persen satu desimal' }),
});
const sourceRowSchema = sourceFiguresSchema.extend({ key: z.string() });
export const sourcesReportSchema = z
  .object({
    by: z.enum(SOURCE_DIMENSIONS),
    range: reportRangeSchema,
    previousRange: reportRangeSchema,
    sources: z.array(sourceRowSchema),
    totals: sourceFiguresSchema,
    previous: z.object({ sources: z.array(sourceRowSchema), totals: sourceFiguresSchema }),
  })
  .meta({ id: 'SourcesReport' }) satisfies z.ZodType<SourcesReport>;

const funnelStepsSchema = z.array(z.object({ step: z.enum(FUNNEL_STEPS), count }));
export const funnelReportSchema = z
  .object({
    range: reportRangeSchema,
    previousRange: reportRangeSchema,
    steps: funnelStepsSchema,
    previous: z.object({ steps: funnelStepsSchema }),
  })
  .meta({ id: 'FunnelReport' }) satisfies z.ZodType<FunnelReport>;

const productFiguresSchema = z.object({ views: count, clicks: count, ctr: z.number() });
export const productsReportSchema = z
  .object({
    range: reportRangeSchema,
    previousRange: reportRangeSchema,
    products: z.array(
      productFiguresSchema.extend({
        id: z.string(),
        title: z.string(),
        watches: count,
        lowestPrice: z.number().int().nullable(),
        previous: productFiguresSchema,
      }),
    ),
    ...paging,
    totals: productFiguresSchema,
    previous: z.object({ totals: productFiguresSchema }),
  })
  .meta({ id: 'ProductsReport' }) satisfies z.ZodType<ProductsReport>;

const devicesFiguresShape = {
  devices: z.array(z.object({ device: z.string(), visits: count })),
  browsers: z.array(z.object({ browser: z.string(), visits: count })),
};
export const devicesReportSchema = z
  .object({
    range: reportRangeSchema,
    previousRange: reportRangeSchema,
    ...devicesFiguresShape,
    previous: z.object(devicesFiguresShape),
  })
  .meta({ id: 'DevicesReport' }) satisfies z.ZodType<DevicesReport>;
// ---- Price watches (api/src/watches; docs/contracts.md, "Price watches") ----

const watchRuleSchema = z.object({
  kind: z.enum(['any', 'below']),
  price: z.number().int().optional(),
});

export const watchCreatedSchema = z
  .object({ id, token: z.string(), state: z.enum(['pending', 'active']) })
  .meta({ id: 'WatchCreated' }) satisfies z.ZodType<WatchCreated>;

export const watchStatusSchema = z
  .object({
    id,
    productId: id,
    platform: z.string().nullable(),
    rule: watchRuleSchema,
    channel: z.enum(['push', 'email']),
    state: z.enum(['pending', 'active']),
    product: z
      .object({
        title: z.string(),
        imageUrl: z.string(),
        url: z.string(),
        isActive: z.boolean(),
      })
      .nullable(),
    priceAtCreation: z.number().nullable(),
    priceNow: z.number().nullable(),
    change: z.number().nullable(),
    changePercent: z.number().nullable(),
    lastNotifiedAt: isoDate.nullable(),
    lastNotifiedPrice: z.number().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'WatchStatus' }) satisfies z.ZodType<WatchStatus>;

export const watchListResponseSchema = z
  .object({ watches: z.array(watchStatusSchema) })
  .meta({ id: 'WatchList' }) satisfies z.ZodType<WatchListResponse>;

export const watchConfigResponseSchema = z
  .object({ publicKey: z.string(), emailEnabled: z.boolean() })
  .meta({ id: 'WatchConfig' }) satisfies z.ZodType<WatchConfigResponse>;
/* Product feeds (DESIGN.md, "Product feeds"). */
export const feedRunResponseSchema = z
  .object({
    id,
    feedId: id,
    status: z.enum(FEED_RUN_STATUSES),
    startedAt: isoDate,
    finishedAt: isoDate.nullable(),
    rows: count,
    created: count,
    updated: count,
    unchanged: count,
    outOfStock: count,
    deactivated: count,
    failed: count,
    notModified: z.boolean(),
    complete: z.boolean(),
    message: z.string().nullable(),
  })
  .meta({ id: 'FeedRun' }) satisfies z.ZodType<FeedRun>;

export const feedResponseSchema = z
  .object({
    id,
    name: z.string(),
    url: z.string(),
    format: z.enum(FEED_FORMATS),
    platform: z.enum(PLATFORMS),
    scheduleMinutes: count,
    newProducts: z.enum(FEED_NEW_PRODUCT_STATES),
    mapping: z.partialRecord(z.enum(FEED_OUR_FIELDS), z.string()),
    categoryMap: z.record(z.string(), z.string()),
    enabled: z.boolean(),
    lastRunAt: isoDate.nullable(),
    nextRunAt: isoDate.nullable(),
    lastRun: feedRunResponseSchema.nullable(),
    alert: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Feed' }) satisfies z.ZodType<Feed>;

export const feedRunPageSchema = z
  .object({ runs: z.array(feedRunResponseSchema), ...paging })
  .meta({ id: 'FeedRunPage' });

export const feedPreviewResponseSchema = z
  .object({
    fields: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.string())),
    categories: z.array(z.string()),
  })
  .meta({ id: 'FeedPreview' }) satisfies z.ZodType<FeedPreview>;
