import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isLoopbackAddress, isPublicAddress, literalAddress } from './address-policy';
import { loadFetchPolicy } from './policy';

/**
 * Why a fetch was refused or cut short. `code` is stable: callers store it ('blocked',
 * 'timeout', ...) where a person reads it.
 */
export type SafeFetchErrorCode =
  | 'blocked'
  | 'not http'
  | 'too many redirects'
  | 'connect timeout'
  | 'timeout'
  | 'too large'
  /** The connection broke while the body was read (fetchFeed and safeFetchStream). */
  | 'cut off'
  /** No answer at all: the name did not resolve, nothing listened (fetchFeed). */
  | 'network'
  /** An answer that is not a 2xx or 304 (fetchFeed). */
  | 'http status'
  /** A body that cannot be decoded (broken gzip). */
  | 'bad encoding';

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
  /**
   * Tests only; FETCH_ALLOW_PRIVATE by default. Lets loopback addresses through (the tests'
   * servers), never private networks, link-local or the metadata address.
   */
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
    addressAllowed: (address: string) => boolean;
    connectTimeoutMs: number;
    signal: AbortSignal;
  },
): Promise<Hop> {
  const literal = literalAddress(url.hostname);
  if (literal && !settings.addressAllowed(literal)) {
    return Promise.reject(blocked(literal));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = transport.request(url, {
      method,
      headers,
      // A fresh connection each time: a pooled socket would skip the address check.
      agent: false,
      lookup: guardedLookup(settings.addressAllowed),
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
        if (!settings.addressAllowed(remote)) request.destroy(blocked(remote));
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

const tooLarge = (maxBytes: number) =>
  new SafeFetchError('too large', `too large: more than ${maxBytes} bytes`);

/** True when the answer's declared length is already past the limit. */
function declaredTooLarge(response: IncomingMessage, maxBytes: number): boolean {
  const declared = Number(response.headers['content-length']);
  return Number.isFinite(declared) && declared > maxBytes;
}

/** A gunzip / inflate step for a compressed answer, or null for a plain one. */
function decoderFor(response: IncomingMessage): zlib.Unzip | null {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .toLowerCase()
    .trim();
  // createUnzip reads gzip and zlib-wrapped deflate alike.
  return encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate'
    ? zlib.createUnzip()
    : null;
}

/** Reads a body (gzip or deflate decoded) up to `maxBytes`, or refuses it as too large. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (declaredTooLarge(response, maxBytes)) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const decoder = decoderFor(response);
  const stream = decoder ? response.pipe(decoder) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * The body as a stream read as the consumer asks (backpressure reaches the socket): decoded
 * when gzip or deflate, cut with 'too large' once the decoded bytes pass `maxBytes` (a gzip
 * bomb stops there, its expansion never held), and failing with a SafeFetchError when the
 * time runs out ('timeout'), the connection breaks ('cut off') or the encoding is broken.
 */
function streamBody(
  response: IncomingMessage,
  maxBytes: number,
  timeout: AbortSignal,
  signal: AbortSignal,
): Readable {
  const output = new PassThrough();
  if (declaredTooLarge(response, maxBytes)) {
    response.destroy();
    process.nextTick(() => output.destroy(tooLarge(maxBytes)));
    return output;
  }
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      done(null, chunk);
    },
  });
  const decoder = decoderFor(response);
  const onAbort = () => response.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  const finish = (error: Error | null) => {
    signal.removeEventListener('abort', onAbort);
    if (!error) return;
    response.destroy();
    output.destroy(bodyError(error, timeout, signal));
  };
  if (decoder) pipeline(response, decoder, limit, output, finish);
  else pipeline(response, limit, output, finish);
  return output;
}

/** What went wrong while a body was read, as a SafeFetchError where it is ours to name. */
function bodyError(error: Error, timeout: AbortSignal, signal: AbortSignal): Error {
  if (error instanceof SafeFetchError) return error;
  if (timeout.aborted) return new SafeFetchError('timeout', 'timeout');
  // The caller's own cancel stays an AbortError.
  if (signal.aborted) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new SafeFetchError('bad encoding', 'bad encoding');
  }
  return new SafeFetchError('cut off', 'cut off');
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

interface FinalAnswer {
  status: number;
  url: string;
  headers: IncomingHttpHeaders;
  redirects: number;
  /** The open answer; null when its body is not to be read (HEAD, readBody: false, 304). */
  response: IncomingMessage | null;
  maxBytes: number;
  timeout: AbortSignal;
  signal: AbortSignal;
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
  const answer = await openFinal(address, options);
  const { response, status, url, headers, redirects } = answer;
  try {
    const body = response ? await readBody(response, answer.maxBytes) : null;
    return { status, url, headers, body, redirects };
  } catch (error) {
    if (answer.timeout.aborted && !(error instanceof SafeFetchError)) {
      throw new SafeFetchError('timeout', 'timeout');
    }
    throw error;
  }
}

export interface SafeFetchStreamResponse extends Omit<SafeFetchResponse, 'body'> {
  /**
   * The decoded body, read as the consumer asks; null when not read (HEAD, a 304). The time
   * limit still runs while it is read; destroy it to stop early.
   */
  body: Readable | null;
}

/**
 * safeFetch with the body as a stream instead of a buffer (a feed of a million rows): the
 * same guard, limits and errors; a body past `maxBytes` (decoded) fails the stream.
 */
export async function safeFetchStream(
  address: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchStreamResponse> {
  const answer = await openFinal(address, options);
  const { response, status, url, headers, redirects } = answer;
  const body = response
    ? streamBody(response, answer.maxBytes, answer.timeout, answer.signal)
    : null;
  return { status, url, headers, body, redirects };
}

/** Follows redirects to the final answer, its body not read yet. */
async function openFinal(address: string | URL, options: SafeFetchOptions): Promise<FinalAnswer> {
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
  const addressAllowed = options.addressAllowed ?? isPublicAddress;
  const settings = {
    // FETCH_ALLOW_PRIVATE adds loopback (the tests' servers) and nothing else.
    addressAllowed: allowPrivate
      ? (ip: string) => addressAllowed(ip) || isLoopbackAddress(ip)
      : addressAllowed,
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
        redirects,
        response: wantsBody ? response : null,
        maxBytes,
        timeout,
        signal,
      };
    }
  } catch (error) {
    if (timeout.aborted && !(error instanceof SafeFetchError && error.code === 'blocked')) {
      throw new SafeFetchError('timeout', 'timeout');
    }
    throw error;
  }
}
