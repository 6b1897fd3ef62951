import { z } from 'zod';
import { PLATFORMS } from '../constants';
import { formNumber, httpUrl, idField, oneOf, requiredText } from './fields';

/**
 * Product feeds (DESIGN.md, "Product feeds"): the shape staff edit on the Sumber Feed screen
 * and the API checks. One contract for the engine, the routes and the screen.
 */
export const FEED_FORMATS = ['csv', 'merchant-xml', 'jsonl'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  csv: 'CSV',
  'merchant-xml': 'Google Merchant XML',
  jsonl: 'JSON Lines',
};

/** What a product the feed has not seen before starts as. */
export const FEED_NEW_PRODUCT_STATES = ['active', 'draft'] as const;
export type FeedNewProductState = (typeof FEED_NEW_PRODUCT_STATES)[number];

/**
 * Our side of the field mapping: `mapping[ourField] = feedField`. `sku` is required (runs
 * match by (feed, sku)); `title` and `link` are needed to create a product; `price` is the
 * price a shopper pays (the sale price when the feed has one), `originalPrice` the price
 * before the discount.
 */
export const FEED_OUR_FIELDS = [
  'sku',
  'title',
  'description',
  'link',
  'imageUrl',
  'price',
  'salePrice',
  'originalPrice',
  'availability',
  'category',
] as const;
export type FeedOurField = (typeof FEED_OUR_FIELDS)[number];

export const FEED_OUR_FIELD_LABELS: Record<FeedOurField, string> = {
  sku: 'SKU / ID produk',
  title: 'Judul',
  description: 'Deskripsi',
  link: 'Tautan produk',
  imageUrl: 'Gambar',
  price: 'Harga',
  salePrice: 'Harga promo',
  originalPrice: 'Harga sebelum diskon',
  availability: 'Ketersediaan',
  category: 'Kategori feed',
};

/** The shortest schedule a feed may have, in minutes. */
export const FEED_MIN_SCHEDULE_MINUTES = 15;
export const FEED_MAX_SCHEDULE_MINUTES = 7 * 24 * 60;

export const FEED_MESSAGES = {
  name: 'Nama feed harus diisi',
  url: 'URL feed tidak valid',
  format: 'Format feed harus dipilih',
  platform: 'Platform harus dipilih',
  schedule: `Jadwal minimal ${FEED_MIN_SCHEDULE_MINUTES} menit`,
  newProducts: 'Status produk baru harus dipilih',
  mappingSku: 'Kolom SKU harus dipetakan',
  mappingField: 'Nama kolom feed tidak valid',
  categoryId: 'Kategori tidak valid',
} as const;

const M = FEED_MESSAGES;

const feedFieldName = z.string().trim().min(1, M.mappingField).max(200, M.mappingField);

export const feedMappingSchema = z
  .partialRecord(z.enum(FEED_OUR_FIELDS), feedFieldName)
  .refine((mapping) => Boolean(mapping.sku), { message: M.mappingSku, path: ['sku'] });
export type FeedMapping = z.infer<typeof feedMappingSchema>;

/** feed category text → our category id */
export const feedCategoryMapSchema = z.record(
  z.string().trim().min(1).max(300),
  idField(M.categoryId),
);
export type FeedCategoryMap = z.infer<typeof feedCategoryMapSchema>;

export const feedSchema = z.object({
  name: requiredText(M.name, 100, 'id'),
  url: httpUrl(M.url),
  format: oneOf(FEED_FORMATS, M.format),
  platform: oneOf(PLATFORMS, M.platform),
  scheduleMinutes: formNumber(M.schedule, {
    min: FEED_MIN_SCHEDULE_MINUTES,
    max: FEED_MAX_SCHEDULE_MINUTES,
    integer: true,
  }),
  newProducts: oneOf(FEED_NEW_PRODUCT_STATES, M.newProducts),
  mapping: feedMappingSchema,
  categoryMap: feedCategoryMapSchema.default({}),
  enabled: z.boolean().default(true),
});
export type FeedInput = z.infer<typeof feedSchema>;

export const feedPreviewSchema = z.object({
  url: httpUrl(M.url),
  format: oneOf(FEED_FORMATS, M.format),
});
export type FeedPreviewInput = z.infer<typeof feedPreviewSchema>;

export const FEED_RUN_STATUSES = ['running', 'done', 'failed', 'canceled'] as const;
export type FeedRunStatus = (typeof FEED_RUN_STATUSES)[number];

export const FEED_RUN_STATUS_LABELS: Record<FeedRunStatus, string> = {
  running: 'Berjalan',
  done: 'Selesai',
  failed: 'Gagal',
  canceled: 'Dibatalkan',
};
