import { Router, type Request, type Response } from 'express';
import { isBotUserAgent } from '../analytics';
import type { Database } from '../db/database';
import { select } from '../db/sql';
import type { ClickInput } from './recorder';
import { BUSY_PAGE, GONE_PAGE, NOT_FOUND_PAGE } from './pages';

export interface GoRoutesOptions {
  db: Database;
  /**
   * How long a looked-up link is reused (default 10 s; 0 looks up every request). Admin edits
   * are seen within this time, at once after clearCache().
   */
  cacheTtlMs?: number;
  /** Links remembered at most (default 10,000). */
  cacheSize?: number;
  /**
   * Called BEFORE the redirect, for clicks that count (and bots' visits); must not wait on the
   * database. `false` (or a promise of it: the click queue is full) answers 503 with
   * Retry-After instead of the 302, and nothing is counted; anything else sends the 302.
   */
  recordClick: (click: ClickInput) => void | boolean | Promise<boolean>;
  log?: (line: string) => void;
}

interface LinkRow {
  affiliateUrl: string;
  platform: string;
  productId: string;
  categoryId: number | string | null;
  isActive: boolean | number;
}

/** The affiliate URL to send the visitor to, or null unless it is an absolute http(s) URL. */
export function safeRedirectUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Browser prefetches and prerenders are not clicks. */
function isPrefetch(req: Request): boolean {
  const purpose = req.headers['sec-purpose'] ?? req.headers.purpose ?? req.headers['x-moz'];
  return typeof purpose === 'string' && /prefetch|prerender/i.test(purpose);
}

/** Only a real visitor's GET counts: not HEAD, not a bot, not a prefetch, not without a UA. */
export function isCountable(req: Request): boolean {
  const userAgent = req.headers['user-agent'];
  return req.method === 'GET' && !!userAgent && !isBotUserAgent(userAgent) && !isPrefetch(req);
}

/** A GET from a crawler or headless browser: counted apart, as a bot visit. */
function isBotRequest(req: Request): boolean {
  const userAgent = req.headers['user-agent'];
  return req.method === 'GET' && !!userAgent && isBotUserAgent(userAgent);
}

function sameSitePath(req: Request): string | null {
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === req.headers.host ? url.pathname.slice(0, 512) : null;
  } catch {
    return null;
  }
}

function noStore(res: Response): Response {
  return res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
}

/** What /go needs of a link: the row, or whether a missing link once existed. */
type Lookup = { link: LinkRow; retired: false } | { link: null; retired: boolean };

/**
 * Recently looked-up links (least recently used go first), so a busy /go reads the database
 * once per link per few seconds; cleared on every catalogue change (clearCache).
 */
class LinkCache {
  private readonly entries = new Map<number, { lookup: Lookup; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
  ) {}

  get(id: number, now: number): Lookup | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    if (entry.until <= now) return null;
    // Re-inserted at the end: the map's order is the order of use.
    this.entries.set(id, entry);
    return entry.lookup;
  }

  set(id: number, lookup: Lookup, now: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.size) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(id, { lookup, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

export type GoRouter = Router & {
  /** Forgets every cached link: call after admin writes to links and products. */
  clearCache(): void;
};

const LOOKUP = `SELECT l."affiliateUrl", l.platform, l."productId", p."categoryId", p."isActive"
  FROM platform_links l JOIN products p ON p.id = l."productId"
  WHERE l.id = ?`;

/**
 * `GET /go/:linkId` (mount at /go): 302 to the link's affiliate URL, then the click is handed
 * to `recordClick` (the response never waits on it). An unknown link answers 404; a link of an
 * inactive product, or one that was deleted (alone or with its product), answers 410. Every
 * answer is `no-store` and `noindex, nofollow`; HEAD gets the same answers and counts nothing.
 */
export function goRoutes({
  db,
  recordClick,
  log = console.error,
  cacheTtlMs = 10_000,
  cacheSize = 10_000,
}: GoRoutesOptions): GoRouter {
  const router = Router();
  const cache = new LinkCache(cacheTtlMs, cacheSize);
  // Single flight: concurrent requests for a link not in the cache share one lookup.
  const inFlight = new Map<number, { generation: number; lookup: Promise<Lookup> }>();
  let generation = 0;
  const lookup = (id: number): Promise<Lookup> => {
    const cached = cache.get(id, Date.now());
    if (cached) return Promise.resolve(cached);
    const running = inFlight.get(id);
    if (running && running.generation === generation) return running.lookup;
    const started = generation;
    const promise = readLink(id)
      .then((found) => {
        // A lookup that began before a catalogue change is not cached.
        if (started === generation) cache.set(id, found, Date.now());
        return found;
      })
      .finally(() => {
        if (inFlight.get(id)?.lookup === promise) inFlight.delete(id);
      });
    inFlight.set(id, { generation: started, lookup: promise });
    return promise;
  };
  const readLink = async (id: number): Promise<Lookup> => {
    const [link] = await select<LinkRow>(db, LOOKUP, [id]);
    let found: Lookup;
    if (link) {
      found = { link, retired: false };
    } else {
      const retired = await select<{ linkId: number }>(
        db,
        'SELECT "linkId" FROM retired_links WHERE "linkId" = ?',
        [id],
      );
      found = { link: null, retired: retired.length > 0 };
    }
    return found;
  };

  router.get('/:linkId', async (req, res) => {
    noStore(res);
    const raw = String(req.params.linkId);
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
    if (id < 1 || id > 2_147_483_647) {
      res.status(404).type('html').send(NOT_FOUND_PAGE);
      return;
    }
    const { link, retired } = await lookup(id);
    if (!link) {
      res
        .status(retired ? 410 : 404)
        .type('html')
        .send(retired ? GONE_PAGE : NOT_FOUND_PAGE);
      return;
    }
    if (!link.isActive) {
      res.status(410).type('html').send(GONE_PAGE);
      return;
    }
    const target = safeRedirectUrl(link.affiliateUrl);
    if (!target) {
      // Only http(s) URLs are accepted on input; anything else is never followed.
      log(`[go] link ${id} has no http(s) affiliate URL`);
      res.status(404).type('html').send(NOT_FOUND_PAGE);
      return;
    }
    const bot = isBotRequest(req);
    if (!bot && !isCountable(req)) {
      res.status(302).set('Location', target).end();
      return;
    }
    // The click is taken before the 302: a redirect sent is a click that will be stored.
    let taken: void | boolean | Promise<boolean> = true;
    try {
      taken = recordClick({
        bot,
        linkId: id,
        productId: String(link.productId),
        categoryId: link.categoryId === null ? null : String(link.categoryId),
        platform: link.platform,
        ip: req.ip ?? req.socket.remoteAddress,
        userAgent: req.headers['user-agent'],
        fromPath: sameSitePath(req),
      });
      if (taken instanceof Promise) taken = await taken;
    } catch (error) {
      log(`[go] click not recorded: ${String(error)}`);
    }
    if (taken === false) {
      res.status(503).set('Retry-After', '2').type('html').send(BUSY_PAGE);
      return;
    }
    res.status(302).set('Location', target).end();
  });
  return Object.assign(router, {
    clearCache: () => {
      generation += 1;
      cache.clear();
    },
  });
}
