import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A small affiliate network for the feeds' tests (readers, engine, e2e) and the bench: a real
 * HTTP server on 127.0.0.1 serving feed bodies set per path, with ETag / Last-Modified and
 * 304 answers to conditional requests, gzip when asked, and the ways feeds go wrong: slow
 * (drips bytes), broken (cuts the connection mid-body), huge (a generated stream of N rows)
 * and a redirect into the private network.
 */

export interface FeedBody {
  body: string | Buffer;
  contentType?: string;
  /** Sent with the body; a matching If-None-Match answers 304. Default: a hash of the body. */
  etag?: string | null;
  /** Sent with the body; an If-Modified-Since at or after it answers 304. */
  lastModified?: Date | null;
  /** Compress the answer (Content-Encoding) whatever the request's Accept-Encoding says. */
  encoding?: 'gzip' | 'deflate';
  status?: number;
}

export type FakeRoute =
  | ({ kind: 'body' } & FeedBody)
  /** Sends `bytesPerTick` bytes of the body every `intervalMs`. */
  | { kind: 'slow'; body: string; bytesPerTick?: number; intervalMs?: number }
  /** Sends the first `afterBytes` of the body (chunked), then destroys the socket. */
  | { kind: 'broken'; body: string; afterBytes: number }
  /** A generated feed of `rows` rows, streamed (never built whole). */
  | {
      kind: 'huge';
      format: 'csv' | 'merchant-xml' | 'jsonl';
      rows: number;
      encoding?: 'gzip';
      /** Row values; defaults to feedRow. */
      row?: (index: number) => GeneratedRow;
    }
  /** An answer with a status and a Location header. */
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 303 | 307 | 308 }
  /** A gzip body of `decodedBytes` zero bytes (a few KB on the wire). */
  | { kind: 'gzip-bomb'; decodedBytes: number };

export interface FakeFeedNetwork {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  url(path: string): string;
  /** Sets (or replaces) what a path answers. */
  set(path: string, route: FakeRoute): void;
  /** Shorthand: a body route. */
  serve(path: string, body: FeedBody | string): void;
  /** Requests seen, newest last: method, path and the conditional headers sent. */
  requests: FakeRequest[];
  /** How many answers were 304. */
  notModifiedCount(path?: string): number;
  close(): Promise<void>;
}

export interface FakeRequest {
  method: string;
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  acceptEncoding: string | null;
  status: number;
}

export interface GeneratedRow {
  sku: string;
  title: string;
  link: string;
  imageUrl: string;
  price: number;
  salePrice: number | null;
  availability: 'in stock' | 'out of stock';
  category: string;
}

const CATEGORIES = ['Elektronik', 'Fashion Pria', 'Rumah Tangga', 'Kecantikan', 'Olahraga'];

/** The default generated row: stable values from its index (the bench changes prices by index). */
export function feedRow(index: number): GeneratedRow {
  const price = 10_000 + ((index * 7919) % 5_000) * 1_000;
  return {
    sku: `SKU-${index}`,
    title: `Produk feed ${index}`,
    link: `https://shop.example.com/p/${index}`,
    imageUrl: `https://img.example.com/${index}.jpg`,
    price,
    salePrice: index % 3 === 0 ? Math.round(price * 0.8) : null,
    availability: index % 50 === 0 ? 'out of stock' : 'in stock',
    category: CATEGORIES[index % CATEGORIES.length]!,
  };
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const csvCell = (text: string) => (/[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const CSV_HEADER = 'sku,title,link,image_link,price,sale_price,availability,category';

/** One row as CSV (CSV_HEADER's columns), Merchant XML <item> or a JSON line, with its break. */
export function formatFeedRow(format: 'csv' | 'merchant-xml' | 'jsonl', row: GeneratedRow): string {
  if (format === 'csv') {
    return (
      [
        row.sku,
        row.title,
        row.link,
        row.imageUrl,
        String(row.price),
        row.salePrice === null ? '' : String(row.salePrice),
        row.availability,
        row.category,
      ]
        .map(csvCell)
        .join(',') + '\n'
    );
  }
  if (format === 'jsonl') {
    return (
      JSON.stringify({
        sku: row.sku,
        title: row.title,
        link: row.link,
        image_link: row.imageUrl,
        price: row.price,
        ...(row.salePrice === null ? {} : { sale_price: row.salePrice }),
        availability: row.availability,
        category: row.category,
      }) + '\n'
    );
  }
  const sale = row.salePrice === null ? '' : `<g:sale_price>${row.salePrice} IDR</g:sale_price>`;
  return (
    `<item><g:id>${xmlEscape(row.sku)}</g:id><title>${xmlEscape(row.title)}</title>` +
    `<link>${xmlEscape(row.link)}</link><g:image_link>${xmlEscape(row.imageUrl)}</g:image_link>` +
    `<g:price>${row.price} IDR</g:price>${sale}<g:availability>${row.availability}</g:availability>` +
    `<g:product_type>${xmlEscape(row.category)}</g:product_type></item>\n`
  );
}

export const RSS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>Toko Contoh</title>\n<link>https://shop.example.com</link>\n';
export const RSS_TAIL = '</channel>\n</rss>\n';

/**
 * A generated feed as a stream of text, one row at a time as the reader asks (bounded memory
 * for a million rows): CSV with its header, Merchant XML (RSS 2.0) or JSON Lines.
 */
export function generateFeed(
  format: 'csv' | 'merchant-xml' | 'jsonl',
  rows: number,
  row: (index: number) => GeneratedRow = feedRow,
): Readable {
  async function* lines() {
    if (format === 'csv') yield CSV_HEADER + '\n';
    if (format === 'merchant-xml') yield RSS_HEAD;
    let batch = '';
    for (let index = 1; index <= rows; index++) {
      batch += formatFeedRow(format, row(index));
      if (batch.length >= 16 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
    if (format === 'merchant-xml') yield RSS_TAIL;
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A whole small feed as text (tests that set a body). */
export function feedText(format: 'csv' | 'merchant-xml' | 'jsonl', rows: GeneratedRow[]): string {
  const body = rows.map((row) => formatFeedRow(format, row)).join('');
  if (format === 'csv') return `${CSV_HEADER}\n${body}`;
  if (format === 'merchant-xml') return `${RSS_HEAD}${body}${RSS_TAIL}`;
  return body;
}

const hashTag = (body: string | Buffer) =>
  `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

/** Starts the fake network on 127.0.0.1 (a free port). */
export async function startFakeFeedNetwork(): Promise<FakeFeedNetwork> {
  const routes = new Map<string, FakeRoute>();
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const seen: FakeRequest = {
      method: req.method ?? 'GET',
      path,
      ifNoneMatch: req.headers['if-none-match'] ?? null,
      ifModifiedSince: req.headers['if-modified-since'] ?? null,
      acceptEncoding: (req.headers['accept-encoding'] as string | undefined) ?? null,
      status: 0,
    };
    requests.push(seen);
    const answer = (status: number, headers: http.OutgoingHttpHeaders = {}) => {
      seen.status = status;
      res.writeHead(status, headers);
    };
    const route = routes.get(path);
    if (!route) {
      answer(404, { 'content-type': 'text/plain' });
      return void res.end('not found');
    }
    switch (route.kind) {
      case 'body': {
        const etag = route.etag === undefined ? hashTag(route.body) : route.etag;
        const modified = route.lastModified ?? null;
        const headers: http.OutgoingHttpHeaders = {
          'content-type': route.contentType ?? 'application/octet-stream',
        };
        if (etag) headers.etag = etag;
        if (modified) headers['last-modified'] = modified.toUTCString();
        const ifNoneMatch = req.headers['if-none-match'];
        const ifModifiedSince = req.headers['if-modified-since'];
        const sinceTime = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
        const fresh = ifNoneMatch
          ? Boolean(etag) && ifNoneMatch.split(/\s*,\s*/).includes(etag!)
          : Boolean(modified) &&
            Number.isFinite(sinceTime) &&
            Math.floor(modified!.getTime() / 1000) * 1000 <= sinceTime;
        if (fresh) {
          answer(304, etag ? { etag } : {});
          return void res.end();
        }
        let body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
        if (route.encoding === 'gzip') body = zlib.gzipSync(body);
        if (route.encoding === 'deflate') body = zlib.deflateSync(body);
        if (route.encoding) headers['content-encoding'] = route.encoding;
        headers['content-length'] = body.length;
        answer(route.status ?? 200, headers);
        return void res.end(body);
      }
      case 'slow': {
        answer(200, { 'content-type': 'text/plain' });
        const step = route.bytesPerTick ?? 1;
        let at = 0;
        const timer = setInterval(() => {
          if (at >= route.body.length) {
            clearInterval(timer);
            return void res.end();
          }
          res.write(route.body.slice(at, at + step));
          at += step;
        }, route.intervalMs ?? 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'broken': {
        answer(200, { 'content-type': 'text/plain' });
        res.write(route.body.slice(0, route.afterBytes), () => {
          setTimeout(() => res.socket?.destroy(), 20);
        });
        return;
      }
      case 'huge': {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain' };
        if (route.encoding) headers['content-encoding'] = 'gzip';
        answer(200, headers);
        const source = generateFeed(route.format, route.rows, route.row);
        const stream = route.encoding ? source.pipe(zlib.createGzip()) : source;
        stream.pipe(res);
        res.on('close', () => source.destroy());
        return;
      }
      case 'redirect':
        answer(route.status ?? 302, { location: route.location });
        return void res.end();
      case 'gzip-bomb': {
        answer(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        const gzip = zlib.createGzip({ level: 9 });
        gzip.pipe(res);
        const zeros = Buffer.alloc(1024 * 1024);
        let left = route.decodedBytes;
        const pump = () => {
          while (left > 0) {
            const piece = zeros.subarray(0, Math.min(zeros.length, left));
            left -= piece.length;
            if (!gzip.write(piece)) return void gzip.once('drain', pump);
          }
          gzip.end();
        };
        res.on('close', () => {
          left = 0;
          gzip.destroy();
        });
        pump();
        return;
      }
    }
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    url: (path) => `${origin}${path}`,
    set: (path, route) => void routes.set(path, route),
    serve: (path, body) =>
      void routes.set(path, { kind: 'body', ...(typeof body === 'string' ? { body } : body) }),
    requests,
    notModifiedCount: (path) =>
      requests.filter((r) => r.status === 304 && (path === undefined || r.path === path)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
