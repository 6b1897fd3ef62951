import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import { SaxesParser } from 'saxes';
import { MAX_PRICE_RUPIAH } from '@shared/rules/price';
import type { FeedFormat } from '@shared/schemas/feed';
import { csvRecords, readHeader } from '../catalogue/imports/csv-source';
import { safeFetch, type FetchPolicy } from '../lib/safe-fetch';

/**
 * The run engine's reading side: fetching a feed and reading its records. The feeds-readers
 * work (api/src/feeds/readers/, fetch-feed.ts, shared/rules/feed-price.ts) provides the full
 * streaming versions with the same shapes; this file is the engine's one seam to them, so a
 * merge swaps these bodies for re-exports without touching the engine.
 */
export interface FeedRecord {
  row: number;
  fields: Record<string, string>;
}
export interface FeedRecordError {
  row: number;
  error: string;
}

export type FetchedFeed =
  | { notModified: true }
  | {
      notModified: false;
      body: NodeJS.ReadableStream;
      etag: string | null;
      lastModified: string | null;
    };

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  policy: FetchPolicy;
  maxBytes: number;
  signal?: AbortSignal;
}

const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/** A conditional GET through safeFetch (public addresses only, size and time limits, gzip). */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const response = await safeFetch(url, {
    ...(options.etag ? { ifNoneMatch: options.etag } : {}),
    ...(options.lastModified ? { ifModifiedSince: options.lastModified } : {}),
    maxBytes: options.maxBytes,
    allowPrivate: options.policy.allowPrivate,
    timeoutMs: 10 * 60_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status === 304) return { notModified: true };
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`Server feed menjawab HTTP ${response.status}`);
  }
  const { Readable } = await import('node:stream');
  return {
    notModified: false,
    body: Readable.from(response.body ? [response.body] : []),
    etag: header(response.headers.etag),
    lastModified: header(response.headers['last-modified']),
  };
}

/** Element names whose text the Merchant reader keeps for an item (qualified, e.g. `g:id`). */
async function* merchantXmlRecords(file: string): AsyncIterable<FeedRecord | FeedRecordError> {
  const parser = new SaxesParser();
  const queue: (FeedRecord | FeedRecordError)[] = [];
  let row = 0;
  let item: Record<string, string> | null = null;
  let field: string | null = null;
  let depth = 0;
  let failure: string | null = null;
  parser.on('opentag', (tag) => {
    if (tag.name === 'item' || tag.name === 'entry') {
      item = {};
      depth = 0;
      return;
    }
    if (item) {
      depth++;
      if (depth === 1) field = tag.name;
    }
  });
  parser.on('text', (text) => {
    if (item && field) item[field] = (item[field] ?? '') + text;
  });
  parser.on('cdata', (text) => {
    if (item && field) item[field] = (item[field] ?? '') + text;
  });
  parser.on('closetag', (tag) => {
    if (!item) return;
    if (tag.name === 'item' || tag.name === 'entry') {
      row++;
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(item as Record<string, string>)) {
        fields[key] = value.trim();
      }
      queue.push({ row, fields });
      item = null;
      field = null;
      return;
    }
    depth--;
    if (depth === 0) field = null;
  });
  parser.on('error', (error) => {
    failure = error.message;
  });
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    parser.write(chunk as string);
    if (failure) throw new Error(`XML feed tidak dapat dibaca: ${String(failure)}`);
    yield* queue.splice(0);
  }
  parser.close();
  if (failure) throw new Error(`XML feed tidak dapat dibaca: ${String(failure)}`);
  yield* queue.splice(0);
}

async function* csvFeedRecords(file: string): AsyncIterable<FeedRecord | FeedRecordError> {
  const { names, delimiter } = await readHeader(file);
  let row = 0;
  for await (const cells of csvRecords(file, delimiter)) {
    row++;
    if (row === 1) continue;
    const record = cells as string[];
    if (record.length > names.length && record.slice(names.length).some((c) => c.trim())) {
      yield { row, error: 'Jumlah kolom tidak sesuai dengan baris judul' };
      continue;
    }
    const fields: Record<string, string> = {};
    names.forEach((name, index) => (fields[name] = record[index] ?? ''));
    yield { row, fields };
  }
}

async function* jsonlFeedRecords(file: string): AsyncIterable<FeedRecord | FeedRecordError> {
  const lines = readline.createInterface({ input: createReadStream(file, { encoding: 'utf8' }) });
  let row = 0;
  for await (const line of lines) {
    row++;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      yield { row, error: 'Baris bukan JSON yang valid' };
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      yield { row, error: 'Baris bukan objek JSON' };
      continue;
    }
    const fields: Record<string, string> = {};
    for (const [key, cell] of Object.entries(value as Record<string, unknown>)) {
      if (cell !== null && cell !== undefined) {
        fields[key] = typeof cell === 'object' ? JSON.stringify(cell) : String(cell as string);
      }
    }
    yield { row, fields };
  }
}

/** The feed's records, read from the spooled file as the engine asks for them. */
export function readFeedFile(
  file: string,
  format: FeedFormat,
): AsyncIterable<FeedRecord | FeedRecordError> {
  if (format === 'csv') return csvFeedRecords(file);
  if (format === 'merchant-xml') return merchantXmlRecords(file);
  return jsonlFeedRecords(file);
}

/** '1299000 IDR', '1.299.000,00 IDR', 'Rp 1.299.000', '1,299,000.00' → 1299000. */
export function parseFeedPrice(text: string | undefined | null): number | null {
  if (!text) return null;
  const value = text
    .replace(/IDR|Rp\.?/gi, '')
    .replace(/\s+/g, '')
    .trim();
  let whole: string | null = null;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(value)) whole = value.split(',')[0]!.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) whole = value.split('.')[0]!.replace(/,/g, '');
  else if (/^\d+([.,]\d{1,2})?$/.test(value)) whole = value.split(/[.,]/)[0]!;
  if (whole === null) return null;
  const amount = Number(whole);
  return Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_PRICE_RUPIAH ? amount : null;
}

const IN_STOCK = new Set([
  'in stock',
  'in_stock',
  'instock',
  'available',
  'tersedia',
  'ada',
  'preorder',
  'pre-order',
  'backorder',
  'yes',
  'true',
  '1',
]);
const OUT_OF_STOCK = new Set([
  'out of stock',
  'out_of_stock',
  'outofstock',
  'habis',
  'stok habis',
  'sold out',
  'soldout',
  'unavailable',
  'no',
  'false',
  '0',
]);

export function parseFeedAvailability(
  text: string | undefined | null,
): 'in_stock' | 'out_of_stock' | null {
  const value = (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, '');
  if (IN_STOCK.has(value)) return 'in_stock';
  if (OUT_OF_STOCK.has(value)) return 'out_of_stock';
  return null;
}

const PREVIEW_ROWS = 20;

/** The first 20 rows of a feed, the fields seen and their category texts (POST /preview). */
export async function previewFeed(
  input: { url: string; format: FeedFormat },
  policy: FetchPolicy,
  spoolDir: string,
): Promise<{ fields: string[]; rows: Record<string, string>[]; categories: string[] }> {
  const { mkdir, rm } = await import('node:fs/promises');
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const path = await import('node:path');
  const { randomUUID } = await import('node:crypto');
  const fetched = await fetchFeed(input.url, { policy, maxBytes: policy.maxBytes });
  if (fetched.notModified) return { fields: [], rows: [], categories: [] };
  await mkdir(spoolDir, { recursive: true });
  const file = path.join(spoolDir, `preview-${randomUUID()}.feed`);
  try {
    await pipeline(fetched.body, createWriteStream(file));
    const fields = new Set<string>();
    const rows: Record<string, string>[] = [];
    for await (const record of readFeedFile(file, input.format)) {
      if ('error' in record) continue;
      for (const name of Object.keys(record.fields)) fields.add(name);
      rows.push(record.fields);
      if (rows.length >= PREVIEW_ROWS) break;
    }
    const categoryField = [...fields].find((name) =>
      /^(g:)?(product_type|google_product_category)$|^categor/i.test(name),
    );
    const categories = categoryField
      ? [...new Set(rows.map((row) => row[categoryField] ?? '').filter(Boolean))]
      : [];
    return { fields: [...fields], rows, categories };
  } finally {
    await rm(file, { force: true });
  }
}
