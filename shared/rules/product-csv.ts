// The product CSV of the catalogue import and export (DESIGN "Import and export"): its
// columns, how booleans and image lists are written, and the job shapes the admin screen reads.
import { PLATFORMS, type Platform } from '../constants';

/** `shopee`, `tokopedia`, ... `tiktok`: the prefix of a platform's `_url` and `_price` columns. */
export const platformColumnPrefix = (platform: Platform) => platform.toLowerCase();

export const platformUrlColumn = (platform: Platform) => `${platformColumnPrefix(platform)}_url`;
export const platformPriceColumn = (platform: Platform) =>
  `${platformColumnPrefix(platform)}_price`;
/** The link's price before the discount, whole rupiah (read like `_price`); optional. */
export const platformOriginalPriceColumn = (platform: Platform) =>
  `${platformColumnPrefix(platform)}_original_price`;

export const PRODUCT_FIELD_COLUMNS = [
  'sku',
  'title',
  'description',
  'category',
  'imageUrl',
  'imageUrls',
  'videoUrl',
  'mediaType',
  'discountPercentage',
  'badgeText',
  'badgeColor',
  'isActive',
  'isFeaturedPromo',
  'isFeaturedPopular',
  'featuredOrder',
] as const;

export type ProductFieldColumn = (typeof PRODUCT_FIELD_COLUMNS)[number];

/** Every column, in the order the export and the template write them. */
export const PRODUCT_CSV_COLUMNS: readonly string[] = [
  ...PRODUCT_FIELD_COLUMNS,
  ...PLATFORMS.flatMap((platform) => [
    platformUrlColumn(platform),
    platformPriceColumn(platform),
    platformOriginalPriceColumn(platform),
  ]),
];

/** Columns the export adds after the importable ones (figures); an import skips them. */
export const EXPORT_ONLY_COLUMNS: readonly string[] = ['watches'];

/** `imageUrls` holds the image variations in one cell, separated by this character. */
export const IMAGE_URLS_SEPARATOR = '|';

export function splitImageUrls(cell: string): string[] {
  return cell
    .split(IMAGE_URLS_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

const TRUE_WORDS = new Set(['true', '1', 'ya']);
const FALSE_WORDS = new Set(['false', '0', 'tidak']);

/** `true/false/1/0/ya/tidak` in any case; null for anything else. */
export function parseCsvBoolean(cell: string): boolean | null {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** The most errors an import job lists. */
export const MAX_LISTED_IMPORT_ERRORS = 1_000;

/** errors.csv keeps a job's first failed rows, at most this many; `failed` counts them all. */
export const MAX_STORED_IMPORT_FAILURES = 1_000;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** `row` 1 is the header, 2 the first data row; `field` is the column. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** `GET /api/admin/imports/{id}`. */
export interface ImportJob {
  id: string;
  status: ImportStatus;
  dryRun: boolean;
  /** Null until the file has been counted. */
  totalRows: number | null;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportRowError[];
  /** Why the job failed as a whole, when it did. */
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const isFinishedImport = (status: ImportStatus) =>
  status === 'done' || status === 'failed' || status === 'canceled';
