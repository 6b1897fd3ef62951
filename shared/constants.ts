// Business constants of spec section 9. Both the forms and the API import these so the two
// sides can never disagree on a list or a limit.

export const PLATFORMS = [
  'Shopee',
  'Tokopedia',
  'Lazada',
  'Blibli',
  'Bukalapak',
  'TikTok',
] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_DISPLAY_NAMES: Record<Platform, string> = {
  Shopee: 'Shopee',
  Tokopedia: 'Tokopedia',
  Lazada: 'Lazada',
  Blibli: 'Blibli',
  Bukalapak: 'Bukalapak',
  TikTok: 'TikTok Shop',
};

export const CATEGORY_ICONS = [
  'ShirtIcon',
  'SparklesIcon',
  'UserIcon',
  'HeartIcon',
  'HomeIcon',
  'CakeIcon',
  'DevicePhoneMobileIcon',
  'DeviceTabletIcon',
  'PuzzlePieceIcon',
  'TruckIcon',
  'FireIcon',
  'GiftIcon',
  'FaceSmileIcon',
  'HomeModernIcon',
  'BriefcaseIcon',
  'BookOpenIcon',
  'ShoppingCartIcon',
  'StarIcon',
  'ServerIcon',
  'ShieldCheckIcon',
  'ChartBarIcon',
  'AcademicCapIcon',
  'PaintBrushIcon',
  'CreditCardIcon',
  'TicketIcon',
  'MapPinIcon',
  'BanknotesIcon',
  'BackpackIcon',
  'MoonIcon',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

// The source list wrote the prefix only on the first entry; spec section 9 applies it to all.
export const CATEGORY_COLORS = [
  'text-pink-500',
  'text-purple-500',
  'text-indigo-500',
  'text-green-500',
  'text-blue-500',
  'text-orange-500',
  'text-blue-600',
  'text-purple-600',
  'text-red-600',
  'text-gray-600',
  'text-green-600',
  'text-pink-600',
  'text-yellow-500',
  'text-teal-500',
  'text-indigo-600',
  'text-amber-600',
  'text-green-700',
  'text-emerald-600',
  'text-blue-700',
  'text-red-700',
  'text-purple-700',
  'text-blue-800',
  'text-violet-600',
  'text-cyan-600',
  'text-rose-600',
  'text-sky-600',
  'text-green-800',
  'text-yellow-600',
  'text-purple-800',
  'text-red-500',
] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

export const CATEGORY_GROUPS = [
  'Fashion & Beauty',
  'Family & Home',
  'Technology',
  'Sports & Lifestyle',
  'Business & Education',
  'Food & Groceries',
  'Lifestyle',
  'Digital Services',
  'Entertainment',
  'Travel & Entertainment',
  'Finance & Investment',
  'Seasonal',
  'Special Campaigns',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

// The spec gives two readings (admin list of 6, public type of 5); stored values may be any
// of their union, so the union is what the schemas accept.
export const BADGE_COLORS = ['green', 'blue', 'purple', 'red', 'orange', 'yellow', 'pink'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];
export const ADMIN_BADGE_COLORS = ['green', 'blue', 'purple', 'red', 'orange', 'yellow'] as const;
export const DEFAULT_BADGE_COLOR: BadgeColor = 'green';

export const MEDIA_TYPES = ['default', 'image', 'video', 'both'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const FAQ_CATEGORIES = ['general', 'usage', 'platforms', 'pricing', 'technical'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const POPUP_TYPES = ['promo', 'announcement', 'newsletter', 'discount'] as const;
export type PopupType = (typeof POPUP_TYPES)[number];

export const POPUP_IMAGE_POSITIONS = ['none', 'top', 'left', 'right', 'background'] as const;
export type PopupImagePosition = (typeof POPUP_IMAGE_POSITIONS)[number];

// Choices offered by the admin selects. The schemas also accept any other site path, because
// the real public routes (/kategori, /tentang, ...) differ from these source options.
export const META_TAG_PAGES = ['*', '/', '/products', '/categories', '/contact', '/about'] as const;
export const POPUP_PAGES = ['*', '/', '/products', '/categories'] as const;

export const CONTENT_KEYS = {
  contact: 'contact_us',
  hero: 'homepage_hero',
  about: 'about_us',
} as const;

export const LIMITS = {
  pageSize: 12,
  searchLimit: 1000,
  maxPageButtons: 5,
  contactFaqCap: 5,
  overviewFaqCards: 4,
  priceSummaryLinks: 4,
  cardPlatformBadges: 3,
  hotDealDiscount: 50,
  promoBadgeMax: 70,
  discountMin: 0,
  discountMax: 100,
  popupTriggerMaxSeconds: 60,
  analyticsTopCountries: 10,
} as const;

/**
 * An admin search counts its matches up to this many and then stops: beyond it the list
 * says "more than 1,000" and pages through the first ones (narrow the search for the rest).
 */
export const ADMIN_SEARCH_COUNT_CAP = 1_000;

/**
 * A public search (GET /api/products?search=, /?search=) counts its matches up to this many and
 * then stops: beyond it the answer says `totalCountCapped` and the page shows "1.000+ produk",
 * with pages running on while matches remain (docs/contracts.md, "Search").
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * /promo-hari-ini and /produk-terpopuler with nothing featured show this many products of
 * their fallback ranking (spec section 5), read ranked from the database.
 */
export const FALLBACK_PRODUCTS = 24;

// Upper bounds on stored text so a single request cannot store megabytes.
export const MAX_LENGTH = {
  url: 2048,
  title: 200,
  name: 100,
  slug: 100,
  shortText: 50,
  description: 5000,
  question: 500,
  altText: 300,
  metaTag: 1000,
  contentData: 50_000,
  contentKey: 64,
  username: 100,
  password: 200,
  path: 2048,
  pageList: 1000,
  id: 64,
  sessionId: 64,
  eventType: 64,
  eventData: 4096,
  userAgent: 512,
  trackingText: 100,
  imageVariations: 20,
  order: 1_000_000,
  /** A visitor's search term (/api/products?search=, /api/search/suggest?q=). */
  search: 200,
} as const;

export const SKELETONS = {
  listing: 12,
  sidebar: 8,
  categories: 9,
  promo: 8,
  popular: 12,
} as const;

export const TIMINGS = {
  scrollToSection: 100,
  pageViewDelay: 100,
  scrollThrottle: 1000,
  clockRefresh: 1000,
  socketReconnect: 5000,
  sessionCache: 300_000,
  postLoginRecheck: 100,
  platformLinksCache: 300_000,
  popupPoll: 60_000,
  editFormFill: 100,
  saveBusy: 1000,
  toastDuration: 5000,
} as const;

export const POPUP_DEFAULTS = {
  buttonText: 'Learn More',
  backgroundColor: '#ffffff',
  textColor: '#000000',
  triggerAfterSeconds: 3,
  campaignDays: 7,
  showOnPages: '*',
  type: 'promo',
  imagePosition: 'none',
} as const satisfies {
  buttonText: string;
  backgroundColor: string;
  textColor: string;
  triggerAfterSeconds: number;
  campaignDays: number;
  showOnPages: string;
  type: PopupType;
  imagePosition: PopupImagePosition;
};

export const DEFAULT_HERO_BACKGROUND =
  'https://images.unsplash.com/photo-1607083206869-4c7672e72a8a?auto=format&fit=crop&w=1920&q=80';

export const CONTACT_DEFAULTS = {
  companyName: 'DiskonRadar',
  address: '',
  phone: '',
  email: '',
  whatsapp: '',
  description: '',
  businessHours: {
    weekdays: '09:00 - 18:00 WIB',
    weekend: '09:00 - 15:00 WIB',
  },
  socialMedia: {
    facebook: '',
    instagram: '',
    twitter: '',
    youtube: '',
  },
} as const;

export const HERO_DEFAULTS = {
  mainTitle: 'Temukan Diskon Terbaik dari Marketplace Favoritmu',
  subtitle:
    'Promo dan diskon pilihan dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop dalam 31+ kategori.',
  ctaText: 'Lihat Produk Diskon',
  backgroundImage: DEFAULT_HERO_BACKGROUND,
  platforms: PLATFORMS.map((p) => PLATFORM_DISPLAY_NAMES[p]),
} as const;

export const TRACKING_EVENT_TYPES = [
  'cta_click',
  'search',
  /** A search that found nothing, for the admin's "Pencarian tanpa hasil" list. */
  'search_no_results',
  'category_filter',
  'product_view',
  'scroll_depth',
  'page_duration',
] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];
