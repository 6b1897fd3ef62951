import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { SwrCache } from './swr-cache';

/** Smaller bodies are sent as they are (the compression middleware's own threshold). */
export const GZIP_MIN_BYTES = 1024;

/** A strong ETag: the SHA-1 of the body. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A cached answer as it is sent: the JSON, its ETag, and for an answer clients fetch, the JSON
 * gzipped once when it was stored. Compressing per request cost every hit a gzip of 10-40 KB in
 * the thread pool: a cached list page took twice the time of an uncompressed one, and up to 8x
 * at its p95 while a feed run kept the other core busy (docs/decisions.md, "Feed runs").
 */
interface CachedBody {
  json: string;
  gzip: Buffer | null;
  etag: string;
}

function cachedBody(json: string, compress: boolean): CachedBody {
  const gzip = compress && json.length >= GZIP_MIN_BYTES ? gzipSync(json) : null;
  return { json, gzip, etag: strongEtag(json) };
}

/**
 * A small in-process cache for public catalogue reads. Shoppers hammer the same few pages of
 * products; serving those from memory keeps the database free for writes and analytics.
 *
 * Each key is computed once however many requests wait for it (single flight), and an expired
 * body is served while one refresh runs (stale-while-revalidate), so a crowd never recomputes
 * an entry on every connection when it expires. No body is older than ttlMs + staleMs.
 *
 * The process that took an admin edit clears its cache at once, and on PostgreSQL every other
 * process hears of it (catalogue-events.ts: NOTIFY catalogue_changed) and clears its own. A
 * load that started before a clear is served to its own callers but not kept. The few seconds
 * entries live bound how stale a process can be while it cannot listen.
 */
export class ResponseCache {
  private readonly cache: SwrCache<string, CachedBody>;

  constructor(ttlMs = 5_000, maxEntries = 500, staleMs = 10_000, now: () => number = Date.now) {
    this.cache = new SwrCache<string, CachedBody>({
      ttlMs,
      staleMs,
      maxEntries,
      // About 16 MB of JSON at most (string length, UTF-16 code units), gzip counted in bytes.
      maxSize: 8_000_000,
      sizeOf: (body) => body.json.length + (body.gzip?.length ?? 0),
      now,
    });
  }

  /** The JSON of `key`, for a caller that reads it (facets within a list). */
  async get(key: string, load: () => Promise<unknown>): Promise<string> {
    return (await this.body(key, load, false)).json;
  }

  /**
   * Answers the request with the JSON of `key`: gzipped as stored when the client takes gzip
   * (the compression middleware leaves an encoded answer alone), with its ETag, so a client
   * that has it gets a 304.
   */
  async send(
    req: Request,
    res: Response,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void> {
    const body = await this.body(key, load, true);
    res.type('json').set('ETag', body.etag).vary('Accept-Encoding');
    // A client that has it (req.fresh, from the ETag just set) gets res.send's bare 304.
    if (body.gzip && !req.fresh && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip').send(body.gzip);
      return;
    }
    res.send(body.json);
  }

  private body(key: string, load: () => Promise<unknown>, compress: boolean) {
    return this.cache.get(key, async () => cachedBody(JSON.stringify(await load()), compress));
  }

  clear(): void {
    this.cache.clear();
  }
}
