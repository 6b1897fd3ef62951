import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import { isPublicAddress, literalAddress } from './address-policy';
import { loadFetchPolicy } from './policy';

/**
 * Why a fetch was refused or cut short. `code` is stable: callers store it ('blocked',
 * 'timeout', ...) where a person reads it.
 */
export type SafeFetchErrorCode =
  'blocked' | 'not http' | 'too many redirects' | 'connect timeout' | 'timeout' | 'too large';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Sent as If-None-Match / If-Modified-Since: a 304 then comes back with no body. */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Redirects followed, each re-checked (at most 5). */
  maxRedirects?: number;
  /** Time to open each connection (ms). */
  connectTimeoutMs?: number;
  /** Time for everything: every hop, redirects and the body (ms). */
  timeoutMs?: number;
  /** Largest body, after decompression (bytes); FEED_MAX_MB by default. */
  maxBytes?: number;
  /** Read the final body (default: true for GET). False: only the status and headers. */
  readBody?: boolean;
  /** Tests only; FETCH_ALLOW_PRIVATE by default. */
  allowPrivate?: boolean;
  /**
   * Which connected addresses are acceptable: public ones (isPublicAddress) unless a test
   * stands one loopback address in for "the outside" to check what happens on the next hop.
   */
  addressAllowed?: (address: string) => boolean;
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  status: number;
  /** The address that answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Null when not read (HEAD, readBody: false, a 304). */
  body: Buffer | null;
  redirects: number;
}

export const SAFE_FETCH_DEFAULTS = {
  maxRedirects: 5,
  connectTimeoutMs: 10_000,
  timeoutMs: 30_000,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function blocked(where: string): SafeFetchError {
  return new SafeFetchError('blocked', `blocked: ${where} is not a public address`);
}

/**
 * The DNS lookup every connection uses: the name is resolved once, here, and the connection
 * goes to exactly the address checked, so a name that answers a public address to a first
 * lookup and 127.0.0.1 to the next (DNS rebinding) cannot slip through. Any non-public
 * address among the answers refuses the whole name.
 */
function guardedLookup(addressAllowed: (address: string) => boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find(({ address }) => !addressAllowed(address));
      if (refused) return callback(blocked(`${hostname} (${refused.address})`), '');
      const first = addresses[0];
      if (!first) {
        return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

interface Hop {
  response: IncomingMessage;
}

/** One request, no redirects followed. Resolves once the headers arrived. */
function requestOnce(
  url: URL,
  method: 'GET' | 'HEAD',
  headers: Record<string, string>,
  settings: {
    allowPrivate: boolean;
    addressAllowed: (address: string) => boolean;
    connectTimeoutMs: number;
    signal: AbortSignal;
  },
): Promise<Hop> {
  const literal = literalAddress(url.hostname);
  if (literal && !settings.allowPrivate && !settings.addressAllowed(literal)) {
    return Promise.reject(blocked(literal));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = transport.request(url, {
      method,
      headers,
      // A fresh connection each time: a pooled socket would skip the address check.
      agent: false,
      ...(settings.allowPrivate ? {} : { lookup: guardedLookup(settings.addressAllowed) }),
      signal: settings.signal,
    });
    const connectTimer = setTimeout(() => {
      request.destroy(new SafeFetchError('connect timeout', 'connect timeout'));
    }, settings.connectTimeoutMs);
    connectTimer.unref();
    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        clearTimeout(connectTimer);
        // A second look at the address actually connected to, before a byte is sent.
        const remote = socket.remoteAddress ?? '';
        if (!settings.allowPrivate && !settings.addressAllowed(remote))
          request.destroy(blocked(remote));
      });
    });
    request.once('response', (response) => {
      clearTimeout(connectTimer);
      resolve({ response });
    });
    request.once('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.end();
  });
}

/** Reads a body (gzip or deflate decoded) up to `maxBytes`, or refuses it as too large. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('too large', `too large: more than ${maxBytes} bytes`);
  }
  const encoding = String(response.headers['content-encoding'] ?? '')
    .toLowerCase()
    .trim();
  // createUnzip reads gzip and zlib-wrapped deflate alike.
  const stream =
    encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate'
      ? response.pipe(zlib.createUnzip())
      : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        throw new SafeFetchError('too large', `too large: more than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return Buffer.concat(chunks);
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/**
 * Fetches an address someone typed (DESIGN: Product feeds, Fetching): http and https only,
 * every hop's address public (checked at connect time, see guardedLookup), redirects followed
 * by hand and each checked again, connect and total time limits, a size limit, gzip and
 * deflate. Rejects with a SafeFetchError, or the network's own error (ECONNREFUSED, ...).
 */
export async function safeFetch(
  address: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> {
  const needsPolicy = options.allowPrivate === undefined || options.maxBytes === undefined;
  const policy = needsPolicy ? loadFetchPolicy() : null;
  const allowPrivate = options.allowPrivate ?? policy!.allowPrivate;
  const maxBytes = options.maxBytes ?? policy!.maxBytes;
  const maxRedirects = Math.min(
    options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects,
    SAFE_FETCH_DEFAULTS.maxRedirects,
  );
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const settings = {
    allowPrivate,
    addressAllowed: options.addressAllowed ?? isPublicAddress,
    connectTimeoutMs: options.connectTimeoutMs ?? SAFE_FETCH_DEFAULTS.connectTimeoutMs,
    signal,
  };
  const headers: Record<string, string> = {
    'accept-encoding': 'gzip, deflate',
    ...options.headers,
  };
  if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
  if (options.ifModifiedSince) headers['if-modified-since'] = options.ifModifiedSince;

  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError('not http', 'not a URL');
  }
  let method = options.method ?? 'GET';
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (!isHttp(url)) throw new SafeFetchError('not http', 'not an http(s) URL');
      const { response } = await requestOnce(url, method, headers, settings);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('too many redirects', 'too many redirects');
        }
        try {
          url = new URL(location, url);
        } catch {
          throw new SafeFetchError('not http', 'redirect to something that is not a URL');
        }
        if (status === 303) method = 'GET';
        continue;
      }
      const wantsBody = (options.readBody ?? true) && method === 'GET' && status !== 304;
      if (!wantsBody) response.destroy();
      return {
        status,
        url: url.href,
        headers: response.headers,
        body: wantsBody ? await readBody(response, maxBytes) : null,
        redirects,
      };
    }
  } catch (error) {
    if (timeout.aborted && !(error instanceof SafeFetchError && error.code === 'blocked')) {
      throw new SafeFetchError('timeout', 'timeout');
    }
    throw error;
  }
}
