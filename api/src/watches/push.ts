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
export async function sendPush(
  target: PushTarget,
  payload: string,
  config: WatchesConfig,
): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: config.vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
  } catch (error) {
    // Keys the encryption refuses: the subscription can never be sent to.
    return { status: 410, error: error instanceof Error ? error.message : String(error) };
  }
  const url = new URL(details.endpoint);
  const guarded = !config.allowTestEndpoints;
  if (guarded && url.protocol !== 'https:') return { status: 410, error: 'not https' };
  const literal = literalAddress(url.hostname);
  if (guarded && literal !== null && !isPublicAddress(literal)) {
    return { status: 410, error: 'not a public address' };
  }
  const transport = url.protocol === 'https:' ? https : http;
  const body = details.body as Buffer | null;
  return new Promise<PushResult>((resolve) => {
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...details.headers, 'Content-Length': String(body ? body.length : 0) },
      agent: false,
      timeout: TIMEOUT_MS,
      ...(guarded ? { lookup: publicOnlyLookup } : {}),
    });
    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        if (guarded && !isPublicAddress(socket.remoteAddress ?? '')) {
          request.destroy(new Error('blocked: not a public address'));
        }
      });
    });
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? null }));
      response.once('error', () => resolve({ status: response.statusCode ?? null }));
    });
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body ?? undefined);
  });
}
