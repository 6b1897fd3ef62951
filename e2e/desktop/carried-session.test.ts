// The Electron way across origins, end to end against a real API server: the renderer only
// ever talks to app://admin; the main process carries its API calls with the session cookie it
// holds, and opens the live socket with that cookie. No DESKTOP_ORIGINS entry is needed.
// A vitest test (the `api` project starts its server); Playwright runs only *.spec.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeSnapshot } from '@shared/desktop-bridge';
import { loadConfig } from '../../api/src/config';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  startTestServer,
  type TestServer,
} from '../../api/test/support/server';
import { LiveConnection } from '../../desktop/common/realtime-client';
import { checkServer } from '../../desktop/common/server-check';
import { socketUrlFor } from '../../desktop/common/server-url';
import { CookieJar } from '../../desktop/main/cookie-jar';
import { openNodeSocket } from '../../desktop/main/node-socket';
import { createAppProtocolHandler } from '../../desktop/main/protocol';
import { ServerProxy } from '../../desktop/main/server-proxy';
import { openVisitors } from './visitors';

describe('the main process carries the session to a server on another origin', () => {
  let server: TestServer;
  let rendererRoot: string;
  const jar = new CookieJar();
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    const defaults = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'carried',
      DATA_DIR: os.tmpdir(),
    });
    server = await startTestServer('sqlite', {
      analytics: { ...defaults.analytics, flushIntervalMs: 100, realtimeIntervalMs: 200 },
    });
    rendererRoot = await mkdtemp(path.join(os.tmpdir(), 'diskonradar-renderer-'));
    const proxy = new ServerProxy({ getServerUrl: () => server.url, jar, fetch });
    handle = createAppProtocolHandler({
      rendererRoot,
      forwardToServer: (request) => proxy.forward(request),
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(rendererRoot, { recursive: true, force: true });
  });

  const call = (pathname: string, init: RequestInit = {}) =>
    handle(
      new Request(`app://admin${pathname}`, {
        ...init,
        headers: { Origin: 'app://admin', 'Content-Type': 'application/json', ...init.headers },
      }),
    );

  it('checks that the server is a DiskonRadar API before keeping its URL', async () => {
    await expect(checkServer(`${server.url}/`, fetch)).resolves.toEqual({
      ok: true,
      serverUrl: server.url,
    });
    const notApi = await checkServer(`${server.url}/nothing-here`, fetch);
    expect(notApi.ok).toBe(false);
    const closed = await checkServer('http://127.0.0.1:1', fetch);
    expect(closed).toMatchObject({
      ok: false,
      message: expect.stringContaining('DESKTOP_ORIGINS'),
    });
  });

  it('signs in, reads data and keeps the cookie out of the renderer', async () => {
    expect((await call('/api/admin/me')).status).toBe(401);
    const login = await call('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { username: ADMIN_USERNAME } });
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(jar.header()).toContain('dr_session=');

    const me = await call('/api/admin/me');
    expect(me.status).toBe(200);
    const categories = (await (await call('/api/admin/categories')).json()) as unknown[];
    expect(categories.length).toBeGreaterThan(0);
  });

  it('opens the live socket with that session and receives the figures as visitors arrive', async () => {
    const live = new LiveConnection({
      createSocket: (url) => openNodeSocket(url, { Cookie: jar.header() }),
    });
    const snapshots: RealtimeSnapshot[] = [];
    live.subscribe((snapshot) => snapshots.push(snapshot));
    live.connect(socketUrlFor(server.url));
    await vi.waitFor(() => expect(live.snapshot.stats).not.toBeNull(), { timeout: 10_000 });
    expect(live.snapshot.status).toBe('Live');
    const closeVisitors = await openVisitors(`${socketUrlFor(server.url)}`, 3);
    try {
      await vi.waitFor(() => expect(live.snapshot.stats?.currentVisitors).toBe(3), {
        timeout: 10_000,
      });
    } finally {
      closeVisitors();
      live.disconnect();
    }
    expect(snapshots[0]).toEqual({ status: 'Disconnected', stats: null });
    expect(live.snapshot.status).toBe('Disconnected');
  });

  it('signs out through the same path, and the session cookie is gone', async () => {
    const logout = await call('/api/admin/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(jar.header()).not.toMatch(/dr_session=[^;]/);
    expect((await call('/api/admin/me')).status).toBe(401);
  });
});
