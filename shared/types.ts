// Response shapes of spec section 3, as the API sends them in JSON (dates as ISO strings).
import type { FeedFormat, FeedMapping, FeedNewProductState, FeedRunStatus } from './schemas/feed';
import type { ListingFacets } from './schemas/listing';
import type {
  BadgeColor,
  FaqCategory,
  MediaType,
  Platform,
  PopupImagePosition,
  PopupType,
} from './constants';

export type {
  BadgeColor,
  CategoryGroup,
  CategoryIcon,
  FaqCategory,
  MediaType,
  Platform,
  PopupImagePosition,
  PopupType,
  TrackingEventType,
} from './constants';

export interface Category {
  id: string;
  name: string;
  slug: string;
  /** A name from CATEGORY_ICONS; unknown names get a label fallback in the UI. */
  icon: string;
  /** A text colour class such as 'text-pink-500'. */
  color: string;
  group: string;
  createdAt: string;
}

/**
 * A category as the category lists give it: on the public list the number of active products
 * in it, on the admin list the number of all its products.
 */
export interface CategoryWithCount extends Category {
  productCount: number;
}

export interface Product {
  id: string;
  categoryId: string;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  videoUrl?: string | null;
  mediaType: MediaType;
  discountPercentage: number;
  badgeText?: string | null;
  badgeColor: BadgeColor;
  platforms: string[];
  isActive: boolean;
  isFeaturedPromo: boolean;
  isFeaturedPopular: boolean;
  featuredOrder: number;
  createdAt: string;
  brand?: string | null;
  category?: Category;
  /** Lowest current price over the product's links; null when none has a price. */
  lowestPrice?: LowestPrice | null;
}

export interface PlatformLink {
  id: string;
  productId: string;
  platform: Platform;
  affiliateUrl: string;
  /** Free-text display price such as 'Rp 1.299.000'; empty or null shows as N/A. */
  price: string | null;
  /** Whole rupiah, read from `price` or entered; null when there is no readable price. */
  priceValue: number | null;
  /** Whole rupiah before the discount, when a source knows it (admin, import, feed). */
  originalPriceValue: number | null;
  /** An out-of-stock link is shown as such and is never offered as the cheapest price. */
  availability: 'in_stock' | 'out_of_stock';
  /** The struck-through price and the rupiah saved (shared/rules/saving.ts); null: none. */
  beforePrice: number | null;
  saving: number | null;
  createdAt: string;
  /** Link health (admin reads only): the last check of the affiliate URL. */
  health?: LinkHealth;
}

export interface LinkHealth {
  isBroken: boolean;
  /** Final HTTP status of the last check; null when none came (timeout, DNS) or unchecked. */
  lastStatus: number | null;
  lastError: string | null;
  lastCheckedAt: string | null;
}

/** The cheapest current offer of a product over its platforms (cards, JSON-LD). */
export interface LowestPrice {
  /** Whole rupiah. */
  price: number;
  platform: Platform;
  /** The link to send the visitor through: `/go/{linkId}`. */
  linkId: string;
  /** The struck-through price and the rupiah saved (shared/rules/saving.ts); null: none. */
  beforePrice?: number | null;
  saving?: number | null;
}

export interface ProductListResponse {
  products: Product[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
  /**
   * A search matched more than SEARCH_COUNT_CAP products (or more than the rows up to this
   * page) and counting stopped: totalCount is a lower bound ("1.000+ produk") and totalPages
   * is at least one page after this one. Absent when the count is exact.
   */
  totalCountCapped?: boolean;
  /** A page after this one has rows (known without a count; holds when the count is capped). */
  hasNextPage?: boolean;
  /** With `facets=true` (docs/contracts.md, "Shopping"). */
  facets?: ListingFacets;
}

/**
 * One page of an admin list (`?page=N`): the rows under the resource's own name (`faqs`,
 * `metaTags`, `popups`), and where the page sits in the whole list.
 */
export type AdminListPage<Key extends string, Item> = { [K in Key]: Item[] } & {
  currentPage: number;
  totalPages: number;
  totalCount: number;
};

/** A platform link as an admin list row carries it: enough for a price summary. */
export interface ProductPriceLink {
  id: string;
  platform: Platform;
  price: string | null;
  /** Whole rupiah, or null when the link has no readable price. */
  priceValue: number | null;
}

/** A row of the paged admin product list: the product with its links and lowest price. */
export interface AdminProductRow extends Product {
  links: ProductPriceLink[];
  /** The lowest price over the product's links, in whole rupiah; null when none has one. */
  lowestPriceValue: number | null;
  /** /go clicks of the last 7 Asia/Jakarta days ("Klik 7 hari"; analytics rollups). */
  clicks7d: number;
  /** Active price watches on the product (the Dipantau column). */
  watchCount: number;
  /** Product feeds: the feed it comes from, when a run last confirmed its price, its locks. */
  feedName?: string | null;
  priceConfirmedAt?: string | null;
  lockedFields?: string[];
}

export type AdminProductStatus = 'active' | 'inactive';
export type AdminProductSort = 'newest' | 'oldest' | 'title' | 'discount';

/** GET /api/admin/products?page=N (DESIGN "Admin lists"). */
export interface AdminProductListResponse {
  products: AdminProductRow[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
  /**
   * True when a search matched more than ADMIN_SEARCH_COUNT_CAP products and the count
   * stopped: more than totalCount match (the cap, or the rows up to this page when it is
   * further), and totalPages is a lower bound (at least one page after this one). Every page
   * with rows is answered; GET /api/admin/products/count gives the exact count on demand.
   */
  totalCountCapped?: boolean;
  /** A page after this one has rows (read with the page, so it holds when the count is capped). */
  hasNextPage: boolean;
}

/**
 * GET /api/admin/products/count (the list's filters): how many products match, exact up to
 * the bulk limit (MAX_BULK_PRODUCTS); beyond it totalCount is that limit and
 * totalCountCapped is true ("more than 10.000").
 */
export interface AdminProductCountResponse {
  totalCount: number;
  totalCountCapped: boolean;
}

/** GET /api/search/suggest?q=: at most 5 products and 3 categories. */
export interface SearchSuggestions {
  products: { id: string; title: string; imageUrl: string; discountPercentage: number }[];
  categories: { name: string; slug: string }[];
  /** With no product found: the nearest spelling that finds one (docs/contracts.md), or null. */
  didYouMean: string | null;
}

export interface ProductImage {
  id: string;
  productId: string;
  imageUrl: string;
  altText: string;
  order: number;
  isActive: boolean;
  createdAt?: string;
}

export interface SessionUser {
  id: string;
  username: string;
}

/** Body of GET /api/admin/me and POST /api/admin/login. */
export interface AuthResponse {
  user: SessionUser;
}

export interface StatsResponse {
  totalCategories: number;
  categoriesWithProducts: number;
  categoriesWithoutProducts: number;
  totalProducts: number;
  activeProducts: number;
  inactiveProducts: number;
  /** Platform links the link checker flagged broken. */
  brokenLinks: number;
  /** Active price watches (e-mail ones once confirmed). */
  activeWatches: number;
  /** Feeds whose last run failed or shrank, or that have not run on time (Feed.alert). */
  feedAlerts: FeedAlert[];
}

export interface FeedAlert {
  feedId: string;
  name: string;
  alert: string;
}

export interface ContentBlock {
  id: string;
  key: string;
  title: string;
  /** JSON text; see ContactContent and HeroContent for the known keys. */
  data: string;
  isActive: boolean;
  lastModified: string;
  createdAt: string;
}

export interface ContactContent {
  companyName: string;
  address: string;
  phone: string;
  email: string;
  whatsapp: string;
  description: string;
  businessHours: { weekdays: string; weekend: string };
  socialMedia: { facebook: string; instagram: string; twitter: string; youtube: string };
}

export interface HeroContent {
  mainTitle: string;
  subtitle: string;
  ctaText: string;
  backgroundImage: string;
  platforms: string[];
}

export interface Faq {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
  order: number;
  isActive: boolean;
  createdAt: string;
}

export interface MetaTag {
  id: string;
  htmlTag: string;
  pageUrl: string;
  isActive: boolean;
  createdAt: string;
  parsedName: string | null;
  parsedProperty: string | null;
  parsedContent: string | null;
}

export interface Popup {
  id: string;
  title: string;
  content: string;
  type: PopupType;
  targetUrl: string | null;
  buttonText: string;
  backgroundColor: string;
  textColor: string;
  imageUrl: string | null;
  imagePosition: PopupImagePosition;
  startDate: string;
  endDate: string;
  showOnPages: string;
  triggerAfterSeconds: number;
  isActive: boolean;
  createdAt?: string;
}

export interface DeviceCount {
  device: string;
  count: number;
}

export interface BrowserCount {
  browser: string;
  count: number;
}

export interface ReferrerVisitors {
  referrer: string;
  visitors: number;
}

export interface AnalyticsDashboard {
  totalVisitors: number;
  weeklyVisitors: number;
  totalPageViews: number;
  /** Percent, e.g. 3.5 means 3.5%. */
  conversionRate: number;
  deviceBreakdown: DeviceCount[];
  browserBreakdown: BrowserCount[];
  topReferrers: ReferrerVisitors[];
  /** Bot visits in the range (crawlers, headless browsers): left out of every other figure. */
  bots: number;
  /**
   * The range's whole Asia/Jakarta days as the staff reports count them (visits without bots,
   * their product views and /go clicks): the same numbers as sources, funnel and products.
   */
  visits: number;
  productViews: number;
  clicks: number;
}

export interface CountryVisitors {
  country: string;
  visitors: number;
}
export type TrafficByCountry = CountryVisitors[];

export interface PageViews {
  path: string;
  views: number;
}
export type TopPages = PageViews[];

/** A search term that found nothing: how often in the range, and when last. */
export interface MissedSearch {
  query: string;
  searches: number;
  lastSearchedAt: string;
}
export type MissedSearches = MissedSearch[];

export interface PlatformClicks {
  platform: string;
  clicks: number;
}

export interface ProductClicks {
  product: string;
  clicks: number;
}

export interface CtaPerformance {
  platformPerformance: PlatformClicks[];
  topProducts: ProductClicks[];
}

export interface CountryCount {
  country: string;
  count: number;
}

export interface RealtimeStats {
  currentVisitors: number;
  todayVisitors: number;
  pageViewsLastHour: number;
  ctaClicksLastHour: number;
  searchesLastHour: number;
  /**
   * /go clicks in the same 60 minutes one week earlier ("klik turun": the desktop alerts
   * compare ctaClicksLastHour with it). Absent from servers before it existed.
   */
  ctaClicksSameHourLastWeek?: number;
  topCountries: CountryCount[];
  topPages: PageViews[];
}

/** What the admin analytics socket receives. */
export interface RealtimeStatsMessage {
  type: 'realtime_stats';
  data: RealtimeStats;
}

export interface ApiErrorBody {
  message: string;
  /** Field path (joined with '.') to its first validation message. */
  errors?: Record<string, string>;
}

/** An admin account as GET /api/admin/users lists it (never a password hash). */
export interface AdminUserInfo {
  id: string;
  username: string;
  disabled: boolean;
  createdAt: string;
}

/** One live session of the signed-in user (GET /api/admin/sessions). */
export interface AdminSessionInfo {
  id: string;
  /** The session this request came from. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  ip: string;
}

/** One audit log entry; `changes` is `{field: [before, after]}`, never a secret. */
export interface AuditEntry {
  id: string;
  at: string;
  username: string;
  action: string;
  entity: string;
  entityId: string | null;
  /**
   * The record's name (a product's title, a user's username): today's when it still exists,
   * else the last one the log stored; null when neither is known.
   */
  entityLabel: string | null;
  summary: string;
  changes: Record<string, [unknown, unknown]> | null;
  ip: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

export type DesktopPlatform = 'windows' | 'macos' | 'linux';

/** An installer in DESKTOP_RELEASES_DIR, as the "Aplikasi Desktop" page lists it. */
export interface DesktopRelease {
  fileName: string;
  platform: DesktopPlatform;
  /** From the latest*.yml feed that names the file, else from the file name; null if neither. */
  version: string | null;
  sizeBytes: number;
  modifiedAt: string;
  /** Where the server serves it (the update feed), relative to the server. */
  url: string;
}

export interface DesktopReleasesResponse {
  /** False when DESKTOP_RELEASES_DIR is not set (the feed answers 404). */
  configured: boolean;
  releases: DesktopRelease[];
}

// --- Product feeds (DESIGN.md, "Product feeds") --------------------------------------------
export interface Feed {
  id: string;
  name: string;
  url: string;
  format: FeedFormat;
  platform: Platform;
  scheduleMinutes: number;
  newProducts: FeedNewProductState;
  mapping: FeedMapping;
  categoryMap: Record<string, string>;
  enabled: boolean;
  /** ISO times; null before the first run. */
  lastRunAt: string | null;
  nextRunAt: string | null;
  lastRun: FeedRun | null;
  /** Failed last run, or not run within twice its schedule: shown as an alert. */
  alert: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FeedRun {
  id: string;
  feedId: string;
  status: FeedRunStatus;
  startedAt: string;
  finishedAt: string | null;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  outOfStock: number;
  deactivated: number;
  failed: number;
  notModified: boolean;
  /**
   * The run read the whole feed and is the baseline of the next (deactivation and the shrink
   * guard); a shrunk run becomes complete when staff accept its size.
   */
  complete: boolean;
  /** Why a run failed, or why it deactivated nothing (a feed that shrank by half or more). */
  message: string | null;
}

export interface FeedPreview {
  fields: string[];
  rows: Record<string, string>[];
  /** Distinct category texts seen in the preview rows (for the category mapping). */
  categories: string[];
}

// ---- Price watches (DESIGN.md, "Price watches"; shared/schemas/watch.ts) ----

export type WatchRuleKind = 'any' | 'below';
export type WatchChannelKind = 'push' | 'email';
/** E-mail watches are `pending` until the mailed link is opened; push watches start `active`. */
export type WatchState = 'pending' | 'active';

export interface WatchRule {
  kind: WatchRuleKind;
  /** The target price in rupiah (`below` only). */
  price?: number;
}

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface WatchCreateRequest {
  productId: string;
  /** One marketplace, or null/absent for "any". */
  platform?: string | null;
  rule: WatchRule;
  channel: { push: PushSubscriptionJson } | { email: string };
}

/** 201 of POST /api/watches: the token is shown once and is the only key to the watch. */
export interface WatchCreated {
  id: string;
  token: string;
  state: WatchState;
}

/** A watch as GET /api/watches/{id}?token= and the watchlist read it. */
export interface WatchStatus {
  id: string;
  productId: string;
  platform: string | null;
  rule: WatchRule;
  channel: WatchChannelKind;
  state: WatchState;
  product: {
    title: string;
    imageUrl: string;
    /** The product's address on the site (`/?produk=<id>`). */
    url: string;
    isActive: boolean;
  } | null;
  /** The lowest in-stock price (on the watch's platform, or any) when the watch was made. */
  priceAtCreation: number | null;
  /** That price now (null: no in-stock offer). */
  priceNow: number | null;
  /** priceNow - priceAtCreation (negative: it dropped), null when either is unknown. */
  change: number | null;
  /** The same change in percent of the price then, rounded to one decimal. */
  changePercent: number | null;
  lastNotifiedAt: string | null;
  lastNotifiedPrice: number | null;
  createdAt: string;
}

/** GET /api/watches?tokens=t1,t2,...: the watches still held; unknown tokens are left out. */
export interface WatchListResponse {
  watches: WatchStatus[];
}

/** GET /api/push/public-key: what the browser subscribes with, and whether e-mail is offered. */
export interface WatchConfigResponse {
  publicKey: string;
  emailEnabled: boolean;
}
