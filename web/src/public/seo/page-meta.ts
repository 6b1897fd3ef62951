// Page metadata of spec section 2: title, description, canonical, noIndex, keywords, ogImage
// (1200x630), schemaType, and for a product its name, image, brand and offers.

export type SchemaType = 'website' | 'product' | 'organization';

export interface ProductOffer {
  /** Whole rupiah, the lowest over the platforms; null when none gives a readable price. */
  price: number | null;
  /** The highest price over the platforms (null without prices). */
  highPrice?: number | null;
  /** How many platforms offer it at a readable price. */
  offerCount?: number;
  priceCurrency: 'IDR';
  availability: 'InStock' | 'OutOfStock';
  url: string;
}

export interface ProductMeta {
  name: string;
  description: string;
  image: string;
  brand: string;
  discountPercentage: number;
  category: string | null;
  offers: ProductOffer;
}

export interface Crumb {
  name: string;
  /** Site path with query; the JSON-LD item address. */
  path: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Canonical site path with its query, e.g. '/?category=fashion'. */
  path: string;
  noIndex?: boolean;
  keywords?: string[];
  /** Site-relative or absolute; defaults to the site's 1200x630 image. */
  ogImage?: string;
  schemaType: SchemaType;
  product?: ProductMeta;
  breadcrumbs?: Crumb[];
  faqs?: { question: string; answer: string }[];
}

export const SITE_NAME = 'DiskonRadar';
export const DEFAULT_OG_IMAGE = '/og/diskonradar.png';
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const BASE_KEYWORDS = [
  'diskon',
  'promo',
  'flash sale',
  'Shopee',
  'Tokopedia',
  'Lazada',
  'Blibli',
  'Bukalapak',
  'TikTok Shop',
];

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}
