import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import webpush from 'web-push';
import { isPublicAddress, literalAddress } from '../lib/safe-fetch';
import type { WatchesConfig } from './config';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered, or `null` status when no answer came (network). */
export interface PushResult {
  status: number | null;
  error?: string;
}

/** Time to live the push service keeps an undelivered notification: a day. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;
/** How a kept-alive connection the other side has just closed fails a request written to it. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Refuses any name that resolves to a non-public address (the feeds' guard, DNS rebinding). */
function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    const first = addresses[0];
    if (refused || !first) {
      return callback(
        Object.assign(new Error(`blocked: ${hostname} is not a public address`), {
          code: 'EBLOCKED',
        }),
        '',
      );
    }
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
}

/**
 * Encrypts `payload` for the subscription (aes128gcm, RFC 8291), signs the VAPID JWT (RFC 8292)
 * with web-push, and posts it ourselves: the address guard applies to the connection, and in
 * tests (`allowTestEndpoints`) the local fake push service may be plain http on 127.0.0.1.
 */
/** A signed VAPID JWT lives 12 hours; one is reused for an hour per push service origin. */
const VAPID_REUSE_MS = 60 * 60 * 1000;
const VAPID_LIFETIME_S = 12 * 60 * 60;

interface CachedVapid {
  authorization: string;
  until: number;
}

const agents = new WeakMap<WatchesConfig, { http: http.Agent; https: https.Agent }>();

/**
 * Keep-alive connections per push service (a burst of drops goes to a handful of origins).
 * Outside tests every new connection resolves through the public-address guard.
 */
function agentsFor(config: WatchesConfig) {
  let pair = agents.get(config);
  if (!pair) {
    const options = {
      keepAlive: true,
      maxSockets: config.concurrency,
      ...(config.allowTestEndpoints ? {} : { lookup: publicOnlyLookup }),
    };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(config, pair);
  }
  return pair;
}

const vapidCache = new Map<string, CachedVapid>();

/** The Authorization header for one push service origin (RFC 8292), signed once an hour. */
function vapidAuthorization(origin: string, config: WatchesConfig): string {
  const key = `${config.vapid.publicKey}|${origin}`;
  const now = Date.now();
  const cached = vapidCache.get(key);
  if (cached && cached.until > now) return cached.authorization;
  const headers = webpush.getVapidHeaders(
    origin,
    config.vapid.subject,
    config.vapid.publicKey,
    config.vapid.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_LIFETIME_S,
  );
  const authorization = String(headers.Authorization);
  if (vapidCache.size > 1000) vapidCache.clear();
  vapidCache.set(key, { authorization, until: now + VAPID_REUSE_MS });
  return authorization;
}

/**
 * Encrypts `payload` for the subscription (aes128gcm, RFC 8291) with web-push, signs the
 * VAPID JWT (RFC 8292, reused for an hour per origin), and posts it ourselves: the address
 * guard applies to the connection, and in tests (`allowTestEndpoints`) the local fake push
 * service may be plain http on 127.0.0.1.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  config: WatchesConfig,
): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  let url: URL;
  try {
    url = new URL(target.endpoint);
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
  } catch (error) {
    // Keys the encryption refuses: the subscription can never be sent to.
    return { status: 410, error: error instanceof Error ? error.message : String(error) };
  }
  const guarded = !config.allowTestEndpoints;
  if (guarded && url.protocol !== 'https:') return { status: 410, error: 'not https' };
  const literal = literalAddress(url.hostname);
  if (guarded && literal !== null && !isPublicAddress(literal)) {
    return { status: 410, error: 'not a public address' };
  }
  const secure = url.protocol === 'https:';
  const transport = secure ? https : http;
  const pool = agentsFor(config);
  const body = details.body as Buffer | null;
  const headers = {
    ...details.headers,
    Authorization: vapidAuthorization(url.origin, config),
    'Content-Length': String(body ? body.length : 0),
  };
  const post = (resent: boolean) =>
    new Promise<PushResult>((resolve) => {
      const request = transport.request(url, {
        method: 'POST',
        headers,
        agent: secure ? pool.https : pool.http,
        timeout: TIMEOUT_MS,
      });
      request.on('socket', (socket: Socket) => {
        // A kept-alive socket was checked when it connected.
        if (!guarded || !socket.connecting) return;
        socket.once('connect', () => {
          if (!isPublicAddress(socket.remoteAddress ?? '')) {
            request.destroy(new Error('blocked: not a public address'));
          }
        });
      });
      let answered = false;
      request.once('response', (response) => {
        answered = true;
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? null }));
        response.once('error', () => resolve({ status: response.statusCode ?? null }));
      });
      request.once('timeout', () => request.destroy(new Error('timeout')));
      request.once('error', (error: NodeJS.ErrnoException) => {
        // A push service closes idle connections; a request that crossed that close on a
        // kept-alive socket is reset unanswered. Sent once more on a new connection at once,
        // rather than after the queue's backoff (Node's own advice for `reusedSocket`).
        if (!resent && !answered && request.reusedSocket && RESET_CODES.has(error.code ?? '')) {
          resolve(post(true));
          return;
        }
        resolve({ status: null, error: error.message });
      });
      request.end(body ?? undefined);
    });
  return post(false);
}

/** Closes the kept-alive connections (the server's shutdown). */
export function closePushAgents(config: WatchesConfig): void {
  const pair = agents.get(config);
  pair?.http.destroy();
  pair?.https.destroy();
  agents.delete(config);
}
