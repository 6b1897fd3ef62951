import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneAddressPerPage, staticWebFiles } from './web';

/** Sends the path exactly as written (no client normalises it) and reads status and Location. */
function rawGet(
  port: number,
  target: string,
): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: diskonradar.test\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const head = answer.split('\r\n\r\n')[0] ?? '';
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const location = /\r\nlocation: ([^\r]*)/i.exec(head)?.[1] ?? null;
      resolve({ status, location });
    });
  });
}

describe('redirects built from the request path stay on the site', () => {
  let dir: string;
  let server: ReturnType<express.Express['listen']>;
  let port = 0;

  beforeAll(async () => {
    // A build folder with a subfolder: a directory is where a static server adds its '/'.
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    // A file with no extension: no file of the build is one, a page's address never is.
    writeFileSync(path.join(dir, 'kategori'), 'a file, not the page');
    const app = express();
    app.use(staticWebFiles(dir));
    app.use(oneAddressPerPage);
    app.use((_req, res) => void res.status(404).send('not found'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/\\evil.example/%2e%2e',
    '/\\evil.example/..',
    '/%5cevil.example/%2e%2e',
    '/%5Cevil.example/%2E%2E',
    '/%2f%2fevil.example/%2e%2e',
    '//evil.example/%2e%2e',
    '//evil.example/..%2f',
    '/\\/evil.example/%2e%2e/',
    '/\\evil.example/',
    '/%5c%5cevil.example/',
    '/%2f%2fevil.example/',
    '/%2F\\%5c/evil.example//',
    '/\\evil.example//?a=1',
    '/%09/evil.example/',
    '/%2e%2e/\\evil.example/',
    '/assets',
    '/assets/',
  ])('GET %s', async (target) => {
    const { status, location } = await rawGet(port, target);
    expect(status).toBeLessThan(500);
    if (location === null) return;
    // What a browser makes of it: the WHATWG parser reads '\' as '/' and drops tabs.
    expect(new URL(location, 'https://diskonradar.test/').host).toBe('diskonradar.test');
    expect(decodeURIComponent(location)).toMatch(/^\/[^/\\]/);
  });

  it('still serves files and still drops a trailing slash', async () => {
    expect((await rawGet(port, '/favicon.svg')).status).toBe(200);
    // An address without an extension goes to the pages, never to the disk.
    expect((await rawGet(port, '/kategori')).status).toBe(404);
    expect(await rawGet(port, '/kategori/?page=2')).toEqual({
      status: 301,
      location: '/kategori?page=2',
    });
  });
});
