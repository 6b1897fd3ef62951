import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/types';
import { startTestServer, type TestServer } from './support/server';

/** The raw answer: headers and the bytes as sent, undecoded (fetch would inflate them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe.each(['sqlite', 'postgres'] as const)('cached public JSON on %s', (dialect) => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, { fromTemplate: true });
    url = server.url;
  });
  afterAll(() => server?.close());

  it('sends the list gzipped as stored, the same JSON as plain, with one strong ETag and 304', async () => {
    const path = `${url}/api/products?page=1&limit=12`;
    const gzipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await rawGet(path, { 'accept-encoding': 'identity' });
    expect(gzipped.status).toBe(200);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    // One representation, one strong ETag (a hash of the JSON), whatever the encoding.
    expect(gzipped.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(plain.headers.etag).toBe(gzipped.headers.etag);
    // Twice the same stored bytes.
    const again = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(again.body.equals(gzipped.body)).toBe(true);

    const fresh = await rawGet(path, {
      'accept-encoding': 'gzip',
      'if-none-match': gzipped.headers.etag!,
    });
    expect(fresh.status).toBe(304);
    expect(fresh.body.length).toBe(0);
    expect(fresh.headers['content-encoding']).toBeUndefined();
  });

  it('sends a small cached answer as it is', async () => {
    const res = await rawGet(`${url}/api/products?page=1&limit=12&search=zzqxkata`, {
      'accept-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(res.body.toString('utf8')) as ProductListResponse).products).toEqual([]);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});
