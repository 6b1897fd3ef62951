import { QueryTypes } from 'sequelize';
import type { Database } from '../../db/database';
import { toDbTimestamp } from '../../db/timestamps';
import { logger } from '../../lib/logger';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch';

/** What one visit of an affiliate URL found. */
export interface LinkCheckResult {
  /** The final HTTP status after redirects; null when no response came. */
  status: number | null;
  /**
   * Why the link failed ('HTTP 404', 'timeout', 'ECONNREFUSED', 'blocked: ...' for an address
   * inside the network, never visited); null when it works.
   */
  error: string | null;
  /**
   * ok: 2xx. blocked: 401, 403 or 429, what marketplaces answer robots; the page probably
   * exists, so the link is not flagged. broken: anything else.
   */
  verdict: 'ok' | 'blocked' | 'broken';
}

export interface CheckOptions {
  /** Links visited at the same time. */
  concurrency?: number;
  /** Per request method (HEAD, then GET), covering its redirects. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests only: visit the tests' own servers on loopback (FETCH_ALLOW_PRIVATE by default). */
  allowPrivate?: boolean;
  /** Tests only: which addresses count as public (see safeFetch). */
  addressAllowed?: (address: string) => boolean;
  userAgent?: string;
  log?: (line: string) => void;
  /** A run that reached nothing (the network is down) says so here; the structured log's warn by default. */
  warn?: (line: string) => void;
  /** Ends a run early (shutdown): requests in flight are abandoned and their page not stored. */
  signal?: AbortSignal;
}

export interface CheckSummary {
  checked: number;
  ok: number;
  blocked: number;
  /** Flagged broken by this run. */
  broken: number;
  /**
   * No answer (DNS, refused, reset, timeout), not flagged by this run: a link is flagged
   * only when it was unreachable on the previous run too, and never when the whole run was.
   */
  unreachable: number;
  /**
   * (Nearly) every link was unreachable: the checker's own network is down, not the shops.
   * Nothing was flagged and the links keep their previous states.
   */
  networkDown: boolean;
  durationMs: number;
}

export const DEFAULT_CHECK_OPTIONS = {
  concurrency: 8,
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: 'Mozilla/5.0 (compatible; DiskonRadarLinkCheck/1.0; +https://diskonradar.id)',
} as const;

/**
 * Errors that mean no answer came at all: the name did not resolve, nothing listened, the
 * connection broke or the time ran out. With no network every link fails with one of these.
 */
const NETWORK_ERRORS = new Set([
  'timeout',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
  'connect timeout',
]);

/** True when the check got no answer for a network reason (not an HTTP status, not a bad URL). */
export function isNetworkFailure(result: LinkCheckResult): boolean {
  return result.status === null && result.error !== null && NETWORK_ERRORS.has(result.error);
}

/**
 * A run is the checker's network failing, not the shops, when every check found no answer, or
 * at least 90% of ten or more did.
 */
const NETWORK_DOWN_SHARE = 0.9;
const NETWORK_DOWN_MIN_CHECKS = 10;

export function looksLikeNetworkDown(checked: number, unreachable: number): boolean {
  if (checked === 0) return false;
  if (unreachable === checked) return true;
  return checked >= NETWORK_DOWN_MIN_CHECKS && unreachable / checked >= NETWORK_DOWN_SHARE;
}
const BLOCKED = new Set([401, 403, 429]);
const PAGE_SIZE = 200;

type Attempt = { status: number } | { error: string; timedOut: boolean };

function errorName(error: unknown): { error: string; timedOut: boolean } {
  if (error instanceof SafeFetchError) {
    // A blocked address keeps the reason ('blocked: 127.0.0.1 is not a public address').
    const message = error.code === 'blocked' ? error.message : error.code;
    return { error: message.slice(0, 200), timedOut: error.code === 'timeout' };
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return { error: 'timeout', timedOut: true };
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return { error: code, timedOut: false };
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (typeof cause?.code === 'string') return { error: cause.code, timedOut: false };
    return { error: (error.message || error.name).slice(0, 200), timedOut: false };
  }
  return { error: String(error).slice(0, 200), timedOut: false };
}

function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

type AttemptSettings = Required<
  Omit<CheckOptions, 'log' | 'warn' | 'concurrency' | 'signal' | 'allowPrivate' | 'addressAllowed'>
> &
  Pick<CheckOptions, 'signal' | 'allowPrivate' | 'addressAllowed'>;

/**
 * One method against a URL through the fetch guard: at most `maxRedirects` redirects, every
 * hop's address public. Only the status matters: the body is never read.
 */
async function attempt(
  url: string,
  method: 'HEAD' | 'GET',
  options: AttemptSettings,
): Promise<Attempt> {
  try {
    const response = await safeFetch(url, {
      method,
      readBody: false,
      maxRedirects: options.maxRedirects,
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: options.timeoutMs,
      signal: options.signal,
      allowPrivate: options.allowPrivate,
      addressAllowed: options.addressAllowed,
      headers: { 'user-agent': options.userAgent, accept: 'text/html,*/*;q=0.8' },
    });
    return { status: response.status };
  } catch (error) {
    return errorName(error);
  }
}

function verdictOf(status: number): LinkCheckResult['verdict'] {
  if (status >= 200 && status < 300) return 'ok';
  return BLOCKED.has(status) ? 'blocked' : 'broken';
}

/**
 * Visits one affiliate URL: HEAD first (cheap), then GET when HEAD does not answer 2xx (many
 * shops refuse HEAD with 405 or answer it wrongly). A timeout is not retried with GET.
 */
export async function checkUrl(url: string, options: CheckOptions = {}): Promise<LinkCheckResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: null, error: 'not a URL', verdict: 'broken' };
  }
  if (!isHttpUrl(parsed)) return { status: null, error: 'not an http(s) URL', verdict: 'broken' };
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_OPTIONS.timeoutMs,
    maxRedirects: options.maxRedirects ?? DEFAULT_CHECK_OPTIONS.maxRedirects,
    userAgent: options.userAgent ?? DEFAULT_CHECK_OPTIONS.userAgent,
    signal: options.signal,
    allowPrivate: options.allowPrivate,
    addressAllowed: options.addressAllowed,
  };
  const head = await attempt(parsed.href, 'HEAD', settings);
  if ('status' in head && verdictOf(head.status) === 'ok') {
    return { status: head.status, error: null, verdict: 'ok' };
  }
  // A timeout is not retried with GET, nor is an address the guard refused.
  if ('timedOut' in head && (head.timedOut || head.error.startsWith('blocked'))) {
    return { status: null, error: head.error, verdict: 'broken' };
  }
  const get = await attempt(parsed.href, 'GET', settings);
  if ('error' in get) return { status: null, error: get.error, verdict: 'broken' };
  const verdict = verdictOf(get.status);
  return { status: get.status, error: verdict === 'ok' ? null : `HTTP ${get.status}`, verdict };
}

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Checks every platform link, a page of links at a time (bounded memory at any catalogue
 * size), and stores lastCheckedAt, lastStatus, lastError and isBroken. Those columns are not
 * the price, so no price point is recorded.
 *
 * An HTTP answer is stored as it comes (404, 410, 5xx flag the link; 2xx repairs it). A link
 * that gave no answer is held back until the run ends: when (nearly) every link gave none,
 * the checker is offline, so none is touched and a warning is logged; otherwise each is
 * stored, and flagged only if its previous check found no answer either (a persistent
 * failure while the network demonstrably works).
 */
export async function checkLinks(db: Database, options: CheckOptions = {}): Promise<CheckSummary> {
  const started = Date.now();
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CHECK_OPTIONS.concurrency);
  const summary: CheckSummary = {
    checked: 0,
    ok: 0,
    blocked: 0,
    broken: 0,
    unreachable: 0,
    networkDown: false,
    durationMs: 0,
  };
  // Only the id and the error of each unreachable link, until the run's verdict.
  const unreachable: { id: number; error: string; checkedAt: string }[] = [];
  let after = 0;
  while (!options.signal?.aborted) {
    const links = await db.sequelize.query<{ id: number | string; affiliateUrl: string }>(
      `SELECT id, "affiliateUrl" FROM platform_links WHERE id > ? ORDER BY id LIMIT ?`,
      { replacements: [after, PAGE_SIZE], type: QueryTypes.SELECT },
    );
    if (links.length === 0) break;
    after = Number(links[links.length - 1]!.id);
    const results = await pool(links, concurrency, (link) =>
      checkUrl(link.affiliateUrl, options).then((result) => ({ id: Number(link.id), result })),
    );
    // A run stopped midway keeps what it stored so far and nothing it only half checked.
    if (options.signal?.aborted) break;
    const checkedAt = toDbTimestamp(Date.now());
    const answered = results.filter(({ result }) => !isNetworkFailure(result));
    for (const { id, result } of results) {
      if (isNetworkFailure(result)) unreachable.push({ id, error: result.error!, checkedAt });
    }
    await db.write(async (transaction) => {
      for (const { id, result } of answered) {
        await db.sequelize.query(
          `UPDATE platform_links
           SET "lastCheckedAt" = ?, "lastStatus" = ?, "lastError" = ?, "isBroken" = ?
           WHERE id = ?`,
          {
            replacements: [checkedAt, result.status, result.error, result.verdict === 'broken', id],
            transaction,
          },
        );
      }
    });
    for (const { result } of answered) {
      summary.checked += 1;
      summary[result.verdict] += 1;
    }
    summary.checked += results.length - answered.length;
  }
  if (!options.signal?.aborted) {
    summary.networkDown = looksLikeNetworkDown(summary.checked, unreachable.length);
    if (summary.networkDown) {
      summary.unreachable = unreachable.length;
      const warn = options.warn ?? ((line: string) => logger.warn({}, line));
      warn(
        `[links] ${unreachable.length} of ${summary.checked} links gave no answer ` +
          `(${unreachable[0]?.error ?? 'no network'}): the network looks down, no link was flagged ` +
          'and every link keeps its previous state',
      );
    } else {
      const flagged = await storeUnreachable(db, unreachable);
      summary.broken += flagged;
      summary.unreachable = unreachable.length - flagged;
    }
  }
  summary.durationMs = Date.now() - started;
  options.log?.(
    `[links] checked ${summary.checked} links in ${Math.round(summary.durationMs / 1000)} s: ${summary.ok} ok, ${summary.blocked} refused the checker, ${summary.broken} broken, ${summary.unreachable} unreachable${summary.networkDown ? ' (network down: nothing flagged)' : ''}`,
  );
  return summary;
}

/**
 * Stores the unreachable links of a run whose network worked. A link is flagged when its
 * previous check found no answer either (SET reads the row's previous values); otherwise it
 * keeps its flag until the next run tells. Returns how many are now flagged.
 */
async function storeUnreachable(
  db: Database,
  unreachable: { id: number; error: string; checkedAt: string }[],
): Promise<number> {
  let flagged = 0;
  for (let start = 0; start < unreachable.length; start += PAGE_SIZE) {
    const batch = unreachable.slice(start, start + PAGE_SIZE);
    await db.write(async (transaction) => {
      for (const { id, error, checkedAt } of batch) {
        const rows = await db.sequelize.query<{ isBroken: boolean | number }>(
          `UPDATE platform_links
           SET "lastCheckedAt" = ?, "lastStatus" = NULL, "lastError" = ?,
             "isBroken" = CASE
               WHEN "lastCheckedAt" IS NOT NULL AND "lastStatus" IS NULL AND "lastError" IS NOT NULL
               THEN ? ELSE "isBroken" END
           WHERE id = ?
           RETURNING "isBroken"`,
          { replacements: [checkedAt, error, true, id], type: QueryTypes.SELECT, transaction },
        );
        if (rows.some((row) => Boolean(row.isBroken))) flagged += 1;
      }
    });
  }
  return flagged;
}
