import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { Router, type Response } from 'express';
import { isBotUserAgent } from '../analytics';
import type { Database } from '../db/database';
import { chunk, inList, select } from '../db/sql';
import { SwrCache } from '../lib/swr-cache';
import { offeredOrNewRequestId, REQUEST_ID_HEADER } from '../middleware/request-id';
import type { ClickInput } from './recorder';
import { BUSY_PAGE, GONE_PAGE, NOT_FOUND_PAGE } from './pages';

export interface GoRoutesOptions {
  db: Database;
  /**
   * How long a looked-up link is used without a new lookup (default 10 s; 0 looks up every
   * request). Admin edits are seen at once after clearCache() (every catalogue change, in every
   * process), and within cacheTtlMs + cacheStaleMs whatever happens.
   */
  cacheTtlMs?: number;
  /**
   * How long past cacheTtlMs a link is still used while one lookup refreshes it in the
   * background (default 60 s): a known link never waits on the database.
   */
  cacheStaleMs?: number;
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
function isPrefetch(req: IncomingMessage): boolean {
  const purpose = req.headers['sec-purpose'] ?? req.headers.purpose ?? req.headers['x-moz'];
  return typeof purpose === 'string' && /prefetch|prerender/i.test(purpose);
}

function sameSitePath(req: IncomingMessage): string | null {
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

/** Whether the proxy at `address`, `hop` hops from the server, is trusted (Express's `trust proxy fn`). */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * The redirect fast path: a plain Node handler (also usable as Express middleware) that answers
 * the request or calls `next()` to pass it on.
 */
export type FastRedirect = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type GoRouter = Router & {
  /** Forgets every cached link: call after admin writes to links and products. */
  clearCache(): void;
  /**
   * The redirect of a link already looked up, answered before the site's Express app: the
   * server's request listener calls it first (app.ts `requestListener`), and it passes every
   * request it does not answer on to the app. `headers` are the security headers every answer
   * carries (computed once), `trust` the app's `trust proxy fn` (the client's address is read
   * as Express's `req.ip` reads it); it gives its answer a request id itself. It answers the
   * 302 of `/go/{id}` when it can at once (a link in the cache, fresh or being refreshed, whose
   * click needs no wait) and passes everything else on.
   */
  redirect(headers: Readonly<Record<string, string>>, trust: TrustProxy): FastRedirect;
};

/**
 * The client's address as Express's `req.ip` gives it: the same proxy-addr call over
 * X-Forwarded-For with the app's `trust proxy fn`. The fast path runs before Express, so it
 * asks it itself.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string | undefined {
  return proxyAddr(req, trust);
}

/**
 * A click the redirect fast path admitted that waits for room in the click queue (or was
 * refused): the router answers it, 302 to `target` or 503, with the site's headers.
 */
interface PendingClick {
  taken: Promise<boolean>;
  target: string;
}

/** `/go/123` or `/go/123/`, a query string or not: the link id. */
const GO_URL = /^\/go\/(\d{1,10})\/?(?:\?|$)/;

/** What /go needs of a link: its row and where it sends the visitor, or why it cannot. */
export type Lookup =
  | { link: LinkRow; target: string | null; retired: false }
  | { link: null; target: null; retired: boolean };

interface Waiting {
  resolve: (lookup: Lookup) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads links by id, every id asked for in one turn of the event loop in one statement (and the
 * ids not found in one more, on retired_links). A crowd over many links refreshes each cached
 * link every cacheTtlMs: one statement per link was as many round trips, each parsed and
 * planned by the database, and they came in bursts (every link expires about when the others
 * do after a quiet spell). A statement starts after every id in it was asked for, so it sees
 * every change made before any of them was.
 */
export function linkReader(db: Database): (id: number) => Promise<Lookup> {
  let waiting = new Map<number, Waiting[]>();
  const run = async (batch: Map<number, Waiting[]>) => {
    const ids = [...batch.keys()].sort((a, b) => a - b);
    const found = new Map<number, LinkRow>();
    const retired = new Set<number>();
    for (const part of chunk(ids, 1)) {
      const where = inList(db.dialect, 'l.id', part, 'integer');
      const rows = await select<LinkRow & { id: number | string }>(
        db,
        `SELECT l.id, l."affiliateUrl", l.platform, l."productId", p."categoryId", p."isActive"
         FROM platform_links l JOIN products p ON p.id = l."productId"
         WHERE ${where.sql}`,
        where.params,
      );
      for (const { id, ...link } of rows) found.set(Number(id), link);
    }
    for (const part of chunk(
      ids.filter((id) => !found.has(id)),
      1,
    )) {
      const where = inList(db.dialect, '"linkId"', part, 'integer');
      const rows = await select<{ linkId: number | string }>(
        db,
        `SELECT "linkId" FROM retired_links WHERE ${where.sql}`,
        where.params,
      );
      for (const row of rows) retired.add(Number(row.linkId));
    }
    for (const [id, callers] of batch) {
      const link = found.get(id);
      const lookup: Lookup = link
        ? { link, target: safeRedirectUrl(link.affiliateUrl), retired: false }
        : { link: null, target: null, retired: retired.has(id) };
      for (const caller of callers) caller.resolve(lookup);
    }
  };
  return (id) =>
    new Promise<Lookup>((resolve, reject) => {
      const callers = waiting.get(id);
      if (callers) {
        callers.push({ resolve, reject });
        return;
      }
      if (waiting.size === 0) {
        setImmediate(() => {
          const batch = waiting;
          waiting = new Map();
          run(batch).catch((error: unknown) => {
            for (const callers of batch.values())
              for (const caller of callers) caller.reject(error);
          });
        });
      }
      waiting.set(id, [{ resolve, reject }]);
    });
}

/** The link id of a `/:linkId` parameter, or 0 when it is not one. */
function linkIdOf(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : 0;
}

/**
 * `GET /go/:linkId` (mount at /go): 302 to the link's affiliate URL, then the click is handed
 * to `recordClick` (the response never waits on it). An unknown link answers 404; a link of an
 * inactive product, or one that was deleted (alone or with its product), answers 410. Every
 * answer is `no-store` and `noindex, nofollow`; HEAD gets the same answers and counts nothing.
 *
 * Looked-up links are kept in memory (least recently used go first) with stale-while-revalidate:
 * past cacheTtlMs a link is still used while one lookup refreshes it, so a busy /go reads the
 * database once per link every few seconds and a known link never waits on it. clearCache()
 * (every catalogue change) drops them all at once.
 */
export function goRoutes({
  db,
  recordClick,
  log = console.error,
  cacheTtlMs = 10_000,
  cacheStaleMs = 60_000,
  cacheSize = 10_000,
}: GoRoutesOptions): GoRouter {
  const router = Router();
  // Single flight: concurrent requests for a link not in the cache share one lookup; a lookup
  // that began before a catalogue change is handed to its callers but not kept.
  const cache = new SwrCache<number, Lookup>({
    ttlMs: Math.max(0, cacheTtlMs),
    staleMs: cacheTtlMs > 0 ? cacheStaleMs : 0,
    maxEntries: cacheTtlMs > 0 ? cacheSize : 0,
    onRefreshError: (error) => log(`[go] link refresh failed: ${String(error)}`),
  });
  // The links asked for in one turn of the loop (new ones and refreshes) are read together.
  const readLink = linkReader(db);
  const lookup = (id: number): Lookup | Promise<Lookup> => {
    const load = () => readLink(id);
    return cache.getNow(id, load) ?? cache.get(id, load);
  };

  /**
   * Takes the click of a redirect to `link` before its 302: true (send the 302), false (the
   * queue is full: 503, nothing counted) or the promise of one of them (waiting for room).
   * Requests that do not count take nothing.
   */
  const take = (
    req: IncomingMessage,
    ip: string | undefined,
    id: number,
    link: LinkRow,
  ): boolean | Promise<boolean> => {
    // The user agent is read once (memoized per agent: ../analytics/visitor.ts).
    const userAgent = req.headers['user-agent'];
    if (req.method !== 'GET' || !userAgent) return true;
    const bot = isBotUserAgent(userAgent);
    if (!bot && isPrefetch(req)) return true;
    let taken: void | boolean | Promise<boolean>;
    try {
      taken = recordClick({
        bot,
        linkId: id,
        productId: String(link.productId),
        categoryId: link.categoryId === null ? null : String(link.categoryId),
        platform: link.platform,
        ip,
        userAgent,
        fromPath: sameSitePath(req),
      });
    } catch (error) {
      log(`[go] click not recorded: ${String(error)}`);
      return true;
    }
    if (taken instanceof Promise) {
      return taken.catch((error: unknown) => {
        log(`[go] click not recorded: ${String(error)}`);
        return true;
      });
    }
    return taken !== false;
  };

  const answer = (res: Response, taken: boolean, target: string): void => {
    if (taken) res.status(302).set('Location', target).end();
    else res.status(503).set('Retry-After', '2').type('html').send(BUSY_PAGE);
  };

  // Clicks the fast path admitted and handed on to the router (waiting for room, or refused).
  const pendingClicks = new WeakMap<IncomingMessage, PendingClick>();

  router.get('/:linkId', async (req, res) => {
    noStore(res);
    const pending = pendingClicks.get(req);
    if (pending) {
      answer(res, await pending.taken, pending.target);
      return;
    }
    const id = linkIdOf(String(req.params.linkId));
    if (id === 0) {
      res.status(404).type('html').send(NOT_FOUND_PAGE);
      return;
    }
    const { link, target, retired } = await lookup(id);
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
    if (!target) {
      // Only http(s) URLs are accepted on input; anything else is never followed.
      log(`[go] link ${id} has no http(s) affiliate URL`);
      res.status(404).type('html').send(NOT_FOUND_PAGE);
      return;
    }
    // The click is taken before the 302: a redirect sent is a click that will be stored.
    answer(res, await take(req, req.ip ?? req.socket.remoteAddress, id, link), target);
  });

  const redirect = (headers: Readonly<Record<string, string>>, trust: TrustProxy): FastRedirect => {
    // As a flat list, and nothing set on the response before: Node writes it out as it is,
    // without a header map built and checked for each redirect.
    const fixed = Object.entries({
      ...headers,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Content-Length': '0',
    }).flat();
    return (req, res, next) => {
      // Before Express: req.url is the address as the client sent it.
      const match =
        req.method === 'GET' || req.method === 'HEAD' ? GO_URL.exec(req.url ?? '') : null;
      const id = match ? linkIdOf(match[1]!) : 0;
      const known = id === 0 ? undefined : cache.getNow(id, () => readLink(id));
      if (!known?.link || !known.link.isActive || !known.target) {
        next();
        return;
      }
      const taken = take(req, clientAddress(req, trust), id, known.link);
      if (taken !== true) {
        // Waiting for room, or refused: the router answers it, with the site's headers.
        pendingClicks.set(req, { taken: Promise.resolve(taken), target: known.target });
        next();
        return;
      }
      res
        .writeHead(
          302,
          fixed.concat('Location', known.target, REQUEST_ID_HEADER, offeredOrNewRequestId(req)),
        )
        .end();
    };
  };

  return Object.assign(router, {
    clearCache: () => cache.clear(),
    redirect,
  });
}
