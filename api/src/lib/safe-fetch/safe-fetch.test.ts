import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFetchPolicy } from './policy';
import { safeFetch, SafeFetchError } from './safe-fetch';

interface TestServer {
  port: number;
  /** TCP connections accepted: a refused fetch must leave this at zero. */
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

async function serve(host: string, handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  const state = { connections: 0, requests: [] as string[] };
  server.on('connection', () => (state.connections += 1));
  server.on('request', (req: http.IncomingMessage) =>
    state.requests.push(`${req.method} ${req.url}`),
  );
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof SafeFetchError ? error.code : String(error);
  }
  return 'no error';
}

/** The internal service an attacker aims at, on loopback; it counts every connection. */
let internal: TestServer;
/**
 * A server on 127.0.0.2 that the tests treat as "the outside" (addressAllowed), so what a
 * public page's redirect into the network does can be checked without a real public host.
 */
let outside: TestServer;
const outsideOnly = (address: string) => address === '127.0.0.2';

beforeAll(async () => {
  internal = await serve('127.0.0.1', (req, res) => {
    const url = req.url ?? '/';
    if (url === '/big') return void res.end('x'.repeat(5_000));
    if (url === '/bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      return void res.end(zlib.gzipSync(Buffer.alloc(10_000_000)));
    }
    if (url === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      return void res.end(zlib.gzipSync('halo gzip'));
    }
    if (url === '/deflate') {
      res.writeHead(200, { 'content-encoding': 'deflate' });
      return void res.end(zlib.deflateSync('halo deflate'));
    }
    if (url === '/etag') {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res.writeHead(200, { etag: '"v1"' });
      return void res.end('feed');
    }
    if (url === '/since') {
      const since = req.headers['if-modified-since'];
      return void res.writeHead(since ? 304 : 200).end();
    }
    if (url === '/slow') return void setTimeout(() => res.end('late'), 3_000).unref();
    if (url === '/trickle') {
      res.writeHead(200);
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (url.startsWith('/hops/')) {
      const left = Number(url.slice('/hops/'.length));
      const location = left > 0 ? `/hops/${left - 1}` : '/ok';
      return void res.writeHead(302, { location }).end();
    }
    if (url === '/see-other') return void res.writeHead(303, { location: '/method' }).end();
    if (url === '/method') return void res.end(req.method);
    if (url === '/to-file')
      return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    res.end('internal secret');
  });
  outside = await serve('127.0.0.2', (req, res) => {
    const url = req.url ?? '/';
    if (url === '/to-loopback') {
      return void res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/` }).end();
    }
    if (url === '/to-localhost') {
      return void res.writeHead(301, { location: `http://localhost:${internal.port}/` }).end();
    }
    if (url === '/to-decimal') {
      return void res.writeHead(307, { location: `http://2130706433:${internal.port}/` }).end();
    }
    if (url === '/to-metadata') {
      return void res.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    }
    res.end('public page');
  });
});

afterAll(async () => {
  await Promise.all([internal?.close(), outside?.close()]);
});

describe('safeFetch with the guard on', () => {
  it.each([
    ['dotted', (port: number) => `http://127.0.0.1:${port}/`],
    ['decimal', (port: number) => `http://2130706433:${port}/`],
    ['hex', (port: number) => `http://0x7f000001:${port}/`],
    ['octal', (port: number) => `http://0177.0.0.1:${port}/`],
    ['short', (port: number) => `http://127.1:${port}/`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['a name for loopback', (port: number) => `http://localhost:${port}/`],
  ])('refuses loopback written %s and never connects', async (_form, url) => {
    const before = internal.connections;
    expect(await refusal(safeFetch(url(internal.port), { allowPrivate: false }))).toBe('blocked');
    expect(internal.connections).toBe(before);
  });

  it('refuses the metadata address and private ranges without connecting', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
    ]) {
      expect(await refusal(safeFetch(url, { allowPrivate: false }))).toBe('blocked');
    }
  });

  it('follows a public page but refuses its redirect into the network', async () => {
    const guarded = { allowPrivate: false, addressAllowed: outsideOnly };
    const page = await safeFetch(`http://127.0.0.2:${outside.port}/`, guarded);
    expect(page.body?.toString()).toBe('public page');
    const before = internal.connections;
    for (const path of ['/to-loopback', '/to-localhost', '/to-decimal', '/to-metadata']) {
      expect(await refusal(safeFetch(`http://127.0.0.2:${outside.port}${path}`, guarded))).toBe(
        'blocked',
      );
    }
    expect(internal.connections).toBe(before);
  });

  it('refuses schemes other than http and https', async () => {
    expect(await refusal(safeFetch('file:///etc/passwd'))).toBe('not http');
    expect(await refusal(safeFetch('ftp://example.com/'))).toBe('not http');
    expect(await refusal(safeFetch('javascript:alert(1)'))).toBe('not http');
    expect(await refusal(safeFetch('not a url'))).toBe('not http');
  });
});

describe('safeFetch with FETCH_ALLOW_PRIVATE (the tests own servers)', () => {
  const local = { allowPrivate: true };

  it('follows a redirect chain to loopback', async () => {
    const response = await safeFetch(`http://127.0.0.2:${outside.port}/to-loopback`, local);
    expect(response.status).toBe(200);
    expect(response.body?.toString()).toBe('internal secret');
    expect(response.redirects).toBe(1);
  });

  it('follows at most 5 redirects, and only to http(s)', async () => {
    const five = await safeFetch(`http://127.0.0.1:${internal.port}/hops/4`, local);
    expect(five).toMatchObject({ status: 200, redirects: 5 });
    expect(await refusal(safeFetch(`http://127.0.0.1:${internal.port}/hops/5`, local))).toBe(
      'too many redirects',
    );
    expect(
      await refusal(
        safeFetch(`http://127.0.0.1:${internal.port}/loop`, { ...local, maxRedirects: 50 }),
      ),
    ).toBe('too many redirects');
    expect(await refusal(safeFetch(`http://127.0.0.1:${internal.port}/to-file`, local))).toBe(
      'not http',
    );
  });

  it('turns a 303 into a GET', async () => {
    const response = await safeFetch(`http://127.0.0.1:${internal.port}/see-other`, local);
    expect(response.body?.toString()).toBe('GET');
  });

  it('refuses a body past the size limit, compressed or not', async () => {
    const base = `http://127.0.0.1:${internal.port}`;
    expect(await refusal(safeFetch(`${base}/big`, { ...local, maxBytes: 1_000 }))).toBe(
      'too large',
    );
    expect((await safeFetch(`${base}/big`, { ...local, maxBytes: 5_000 })).body?.length).toBe(
      5_000,
    );
    expect(await refusal(safeFetch(`${base}/bomb`, { ...local, maxBytes: 1_000_000 }))).toBe(
      'too large',
    );
  });

  it('reads gzip and deflate', async () => {
    const base = `http://127.0.0.1:${internal.port}`;
    expect((await safeFetch(`${base}/gzip`, local)).body?.toString()).toBe('halo gzip');
    expect((await safeFetch(`${base}/deflate`, local)).body?.toString()).toBe('halo deflate');
  });

  it('sends If-None-Match and If-Modified-Since', async () => {
    const base = `http://127.0.0.1:${internal.port}`;
    const first = await safeFetch(`${base}/etag`, local);
    expect(first.headers.etag).toBe('"v1"');
    const again = await safeFetch(`${base}/etag`, { ...local, ifNoneMatch: '"v1"' });
    expect(again).toMatchObject({ status: 304, body: null });
    const since = await safeFetch(`${base}/since`, {
      ...local,
      ifModifiedSince: new Date(0).toUTCString(),
    });
    expect(since.status).toBe(304);
  });

  it('gives up on a slow answer and on a body that never ends', async () => {
    const base = `http://127.0.0.1:${internal.port}`;
    let started = Date.now();
    expect(await refusal(safeFetch(`${base}/slow`, { ...local, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    started = Date.now();
    expect(await refusal(safeFetch(`${base}/trickle`, { ...local, timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('loadFetchPolicy', () => {
  it('lets private addresses through only when asked, and never in production', () => {
    expect(loadFetchPolicy({}).allowPrivate).toBe(false);
    expect(loadFetchPolicy({ FETCH_ALLOW_PRIVATE: 'true', NODE_ENV: 'test' }).allowPrivate).toBe(
      true,
    );
    expect(() => loadFetchPolicy({ FETCH_ALLOW_PRIVATE: 'true', NODE_ENV: 'production' })).toThrow(
      /FETCH_ALLOW_PRIVATE=true is for tests only/,
    );
  });

  it('reads FEED_MAX_MB', () => {
    expect(loadFetchPolicy({}).maxBytes).toBe(100 * 1024 * 1024);
    expect(loadFetchPolicy({ FEED_MAX_MB: '2' }).maxBytes).toBe(2 * 1024 * 1024);
    expect(() => loadFetchPolicy({ FEED_MAX_MB: '-1' })).toThrow(/FEED_MAX_MB/);
    expect(() => loadFetchPolicy({ FEED_MAX_MB: 'lots' })).toThrow(/FEED_MAX_MB/);
  });
});
