// Rendered public pages from memory (docs/contracts.md, "Rendered-page cache"): a crowd on `/`
// costs one render per key every few seconds, not one per visitor.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../auth/session';
import { GZIP_MIN_BYTES, strongEtag } from '../lib/response-cache';
import { SwrCache } from '../lib/swr-cache';

/**
 * A page rendered for anonymous visitors, as sent: gzipped once (a page is about 60 KB, 10 KB
 * gzipped), and kept only so, unless it is too small to compress. The rare client that does not
 * take gzip gets it inflated (plainBody), which keeps six times as many pages in the same memory.
 */
export interface CachedPage {
  status: number;
  /** The body as it is, when it is not kept gzipped. */
  body: Buffer | null;
  /** The body gzipped, for every client that accepts gzip. */
  gzip: Buffer | null;
  /** Strong: a hash of the body. */
  etag: string;
}

export interface PageCacheOptions {
  /** How long a page is served without a new render (also the CDN's s-maxage). */
  ttlMs?: number;
  /** How long past that an expired page is served while one render runs (CDN: SWR). */
  staleMs?: number;
  maxEntries?: number;
  /** Bound on the bytes kept (the bodies as kept: gzipped, or small ones as they are). */
  maxBytes?: number;
  now?: () => number;
}

/** Only these answers are the same for every visitor and worth keeping. */
const CACHED_STATUSES = new Set([200, 404]);

export function cachedPage(status: number, html: string): CachedPage {
  const body = Buffer.from(html, 'utf8');
  const etag = strongEtag(body);
  if (body.length < GZIP_MIN_BYTES) return { status, body, gzip: null, etag };
  return { status, body: null, gzip: gzipSync(body), etag };
}

/** The page's body uncompressed. */
export function plainBody(page: CachedPage): Buffer {
  return page.body ?? gunzipSync(page.gzip!);
}

/**
 * True when the request may be answered from (and fill) the shared cache: a GET or HEAD from a
 * visitor without the back office's session and without credentials of any kind.
 */
export function isAnonymous(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.get('authorization')) return false;
  const cookie = req.get('cookie');
  return !cookie || !cookie.includes(SESSION_COOKIE);
}

export class PageCache {
  readonly ttlMs: number;
  readonly staleMs: number;
  private readonly cache: SwrCache<string, CachedPage>;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.staleMs = options.staleMs ?? 30_000;
    this.cache = new SwrCache<string, CachedPage>({
      ttlMs: this.ttlMs,
      staleMs: this.staleMs,
      maxEntries: options.maxEntries ?? 1_000,
      // About 1,000 gzipped pages.
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeOf: (page) => (page.body?.length ?? 0) + (page.gzip?.length ?? 0),
      now: options.now,
    });
  }

  /** What a shared cache (CDN) may do with a cached page. */
  get cacheControl(): string {
    return (
      `public, max-age=0, s-maxage=${Math.round(this.ttlMs / 1000)}, ` +
      `stale-while-revalidate=${Math.round(this.staleMs / 1000)}`
    );
  }

  /**
   * The page of `key`, rendered by `render` at most once at a time. A page whose status is not
   * kept (a redirect, an error) is handed to its waiting callers but never stored.
   */
  async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    return this.cache
      .get(key, async () => {
        const page = await render();
        if (!CACHED_STATUSES.has(page.status)) throw new NotCacheable(page);
        return page;
      })
      .catch((error: unknown) => {
        if (error instanceof NotCacheable) return error.page;
        throw error;
      });
  }

  clear(): void {
    this.cache.clear();
  }

  get stats(): { entries: number; bytes: number } {
    return { entries: this.cache.entryCount, bytes: this.cache.totalSize };
  }
}

/** Carries an uncacheable page past the cache (a rejected load is never stored). */
class NotCacheable extends Error {
  constructor(readonly page: CachedPage) {
    super('not cacheable');
  }
}
