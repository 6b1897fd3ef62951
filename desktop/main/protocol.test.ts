import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler, resolveRendererFile } from './protocol';

describe('resolveRendererFile', () => {
  const root = path.resolve('/opt/diskonradar/renderer');

  it('maps app://admin paths into the renderer folder, / to index.html', () => {
    expect(resolveRendererFile(root, 'app://admin/')).toBe(path.join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://admin/index.html#/dashboard')).toBe(
      path.join(root, 'index.html'),
    );
    expect(resolveRendererFile(root, 'app://admin/assets/index-abc.js?v=1')).toBe(
      path.join(root, 'assets', 'index-abc.js'),
    );
  });

  it('refuses every way out of the folder', () => {
    for (const url of [
      'app://admin/../../etc/passwd',
      'app://admin/%2e%2e/%2e%2e/etc/passwd',
      'app://admin/assets/%2E%2E%2F%2E%2E%2Fsecret',
      'app://admin/..%2f..%2fsecret',
      'app://admin/assets%5c..%5c..%5csecret',
      'app://admin/index.html%00.png',
      'app://admin/%E0%A4%A',
    ]) {
      const file = resolveRendererFile(root, url);
      expect(file === null || file.startsWith(`${root}${path.sep}`), url).toBe(true);
    }
    // The URL parser already folds %2e%2e segments; what it leaves is decoded and checked here.
    expect(resolveRendererFile(root, 'app://admin/%2e%2e/%2e%2e/etc/passwd')).toBe(
      path.join(root, 'etc', 'passwd'),
    );
    expect(resolveRendererFile(root, 'app://admin/..%2f..%2fsecret')).toBeNull();
    expect(resolveRendererFile(root, 'app://admin/assets%5c..%5c..%5csecret')).toBeNull();
    expect(resolveRendererFile(root, 'app://admin/index.html%00.png')).toBeNull();
  });

  it('only answers for the app itself', () => {
    expect(resolveRendererFile(root, 'app://other/index.html')).toBeNull();
    expect(resolveRendererFile(root, 'file:///opt/diskonradar/renderer/index.html')).toBeNull();
    expect(resolveRendererFile(root, 'https://admin/index.html')).toBeNull();
  });
});

describe('createAppProtocolHandler', () => {
  let root: string;
  let outside: string;
  const forwarded: string[] = [];
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'diskonradar-protocol-'));
    root = path.join(base, 'renderer');
    outside = path.join(base, 'secret.txt');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(outside, 'top secret');
    handle = createAppProtocolHandler({
      rendererRoot: root,
      forwardToServer: async (request) => {
        forwarded.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Response('{}', { status: 200 });
      },
    });
  });

  afterAll(async () => {
    await rm(path.dirname(root), { recursive: true, force: true });
  });

  it('serves the renderer files with their type and the content security policy', async () => {
    const page = await handle(new Request('app://admin/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>app</title>');
    const script = await handle(new Request('app://admin/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for traversal attempts and missing files, never the file outside', async () => {
    for (const url of [
      'app://admin/%2e%2e/secret.txt',
      'app://admin/assets/..%2f..%2fsecret.txt',
    ]) {
      const response = await handle(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('top secret');
    }
    expect((await handle(new Request('app://admin/missing.js'))).status).toBe(404);
  });

  it('carries /api and /media to the server, but only for the app origin', async () => {
    const api = await handle(
      new Request('app://admin/api/admin/login', {
        method: 'POST',
        headers: { Origin: 'app://admin' },
        body: '{}',
      }),
    );
    expect(api.status).toBe(200);
    await handle(new Request('app://admin/media/products/tas.webp'));
    expect(forwarded).toEqual(['POST /api/admin/login', 'GET /media/products/tas.webp']);
    const foreign = await handle(
      new Request('app://admin/api/admin/products', {
        headers: { Origin: 'https://evil.example' },
      }),
    );
    expect(foreign.status).toBe(403);
    expect(forwarded).toHaveLength(2);
  });

  it('allows no writes to the app files', async () => {
    const response = await handle(
      new Request('app://admin/index.html', { method: 'PUT', body: 'x' }),
    );
    expect(response.status).toBe(405);
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  it('allows scripts and connections only from the app, and no plugins or framing', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });
});
