import { PassThrough, type Readable } from 'node:stream';
import {
  safeFetchStream,
  SafeFetchError,
  type FetchPolicy,
  type SafeFetchErrorCode,
} from '../lib/safe-fetch';

export type FetchedFeed =
  | { notModified: true }
  | { notModified: false; body: Readable; etag: string | null; lastModified: string | null };

export interface FetchFeedOptions {
  /** From the last complete run: sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  policy: FetchPolicy;
  /** Largest body after decompression, in bytes (the policy's FEED_MAX_MB as a rule). */
  maxBytes: number;
  signal?: AbortSignal;
  /**
   * Time for the whole download, body included (ms). The body is read while the run writes,
   * so this is generous: FEED_FETCH_TIMEOUT_DEFAULT_MS.
   */
  timeoutMs?: number;
  /** Time to open each connection (ms). */
  connectTimeoutMs?: number;
}

/** 15 minutes: a million-row feed read while its rows are written. */
export const FEED_FETCH_TIMEOUT_DEFAULT_MS = 15 * 60 * 1000;
export const FEED_CONNECT_TIMEOUT_DEFAULT_MS = 10_000;

const USER_AGENT = 'DiskonRadarFeed/1.0 (+https://diskonradar.id)';

const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'nama server tidak ditemukan',
  EAI_AGAIN: 'nama server tidak dapat dicari',
  ECONNREFUSED: 'koneksi ditolak',
  ECONNRESET: 'koneksi diputus',
  ETIMEDOUT: 'tidak ada jawaban',
  EHOSTUNREACH: 'server tidak terjangkau',
  ENETUNREACH: 'jaringan tidak terjangkau',
};

/**
 * Any failure of a feed fetch as a SafeFetchError whose message staff read in a run's message
 * (Indonesian); the code stays the stable one (see SafeFetchErrorCode).
 */
export function feedFetchError(error: unknown, maxBytes: number): Error {
  if (error instanceof Error && error.name === 'AbortError') return error;
  if (error instanceof SafeFetchError) {
    return new SafeFetchError(error.code, feedFetchMessage(error.code, error.message, maxBytes));
  }
  const code =
    (error as { code?: unknown } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const reason = typeof code === 'string' ? (NETWORK_CODES[code] ?? code) : 'kesalahan jaringan';
  return new SafeFetchError('network', `Feed tidak dapat diunduh: ${reason}`);
}

function feedFetchMessage(code: SafeFetchErrorCode, english: string, maxBytes: number): string {
  switch (code) {
    case 'blocked': {
      const where = /^blocked: (.*) is not a public address$/.exec(english)?.[1];
      return `Alamat feed ditolak: ${where ?? 'alamat'} bukan alamat publik`;
    }
    case 'not http':
      return 'Alamat feed harus diawali http:// atau https://';
    case 'too many redirects':
      return 'Feed dialihkan lebih dari 5 kali';
    case 'connect timeout':
      return 'Server feed tidak menjawab dalam batas waktu koneksi';
    case 'timeout':
      return 'Feed tidak selesai diunduh dalam batas waktu';
    case 'too large':
      return `Feed lebih besar dari ${formatMegabytes(maxBytes)} MB (batas FEED_MAX_MB)`;
    case 'cut off':
      return 'Koneksi terputus saat feed diunduh';
    case 'bad encoding':
      return 'Isi feed yang dikompresi (gzip/deflate) rusak';
    case 'network':
    case 'http status':
      return english;
  }
}

const formatMegabytes = (bytes: number) =>
  (bytes / (1024 * 1024)).toLocaleString('id-ID', { maximumFractionDigits: 2 });

/**
 * One conditional GET of a feed through the fetch guard (api/src/lib/safe-fetch): public
 * addresses only on every hop, at most 5 redirects, connect and total time limits, gzip and
 * deflate decoded as a stream with `maxBytes` applied to the decoded bytes. A 304 answers
 * `notModified` (an unchanged feed costs this one request). The body is a stream the reader
 * consumes at its own pace; it fails with a SafeFetchError (Indonesian message) on a time,
 * size or connection problem. Rejects with such an error too (refused address, HTTP 404...).
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const { maxBytes } = options;
  let response;
  try {
    response = await safeFetchStream(url, {
      allowPrivate: options.policy.allowPrivate,
      maxBytes,
      ...(options.etag ? { ifNoneMatch: options.etag } : {}),
      ...(options.lastModified ? { ifModifiedSince: options.lastModified } : {}),
      timeoutMs: options.timeoutMs ?? FEED_FETCH_TIMEOUT_DEFAULT_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? FEED_CONNECT_TIMEOUT_DEFAULT_MS,
      headers: {
        'user-agent': USER_AGENT,
        accept: 'application/xml, text/xml, text/csv, application/x-ndjson, */*;q=0.5',
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw feedFetchError(error, maxBytes);
  }
  const { status, headers, body } = response;
  if (status === 304) return { notModified: true };
  if (status < 200 || status > 299 || !body) {
    body?.destroy();
    throw new SafeFetchError('http status', `Server feed menjawab HTTP ${status}`);
  }
  // The body's own errors in staff's words, the stream otherwise passed through untouched.
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  body.on('error', (error) => out.destroy(feedFetchError(error, maxBytes)));
  out.on('close', () => body.destroy());
  body.pipe(out);
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  return {
    notModified: false,
    body: out,
    etag: header('etag'),
    lastModified: header('last-modified'),
  };
}
