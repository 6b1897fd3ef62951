// The start-up test of issue 25: the BUILT main process (out/main/index.js, from
// `npm run desktop:build`) runs under plain Node with a scripted stand-in for the `electron`
// module (startup/electron-stand-in.cjs) that records what the app asks of it. electron-updater
// is the real one, bundled into the main process; it reaches the test's server through the
// stand-in's net.request. It runs in the vitest project `desktop-start`, which `npm test` runs
// right after `npm run desktop:build` (docs/architecture.md, "Tests and benches").
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';

const root = path.resolve(import.meta.dirname, '../..');
const builtMain = path.join(root, 'out/main/index.js');
const standIn = path.join(import.meta.dirname, 'startup/electron-stand-in.cjs');

const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1400 };

interface Call {
  kind: string;
  detail: Record<string, unknown> | null;
}

interface ChildMessage {
  type: 'call' | 'done';
  kind: string;
  detail: Record<string, unknown> | null;
  id: number;
  result?: unknown;
  error?: string;
}

/** One start of the built main process, and the calls its stand-in recorded. */
class StartedApp {
  readonly calls: Call[] = [];
  readonly output: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly replies = new Map<number, (message: ChildMessage) => void>();
  private nextId = 1;

  constructor(private readonly child: ReturnType<typeof fork>) {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'call') this.calls.push({ kind: message.kind, detail: message.detail });
      else this.replies.get(message.id)?.(message);
    });
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  async command(cmd: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    const reply = new Promise<ChildMessage>((resolve) => this.replies.set(id, resolve));
    this.child.send({ cmd, id, ...args });
    const message = await reply;
    if (message.error) throw new Error(`${cmd}: ${message.error}\n${this.output.join('')}`);
    return message.result;
  }

  of(kind: string): Array<Record<string, unknown>> {
    return this.calls.filter((call) => call.kind === kind).map((call) => call.detail ?? {});
  }

  indexOf(kind: string, match: (detail: Record<string, unknown>) => boolean = () => true): number {
    return this.calls.findIndex((call) => call.kind === kind && match(call.detail ?? {}));
  }

  /** Waits until the app made this call (the app works asynchronously, as under Electron). */
  async until(kind: string, match?: (detail: Record<string, unknown>) => boolean): Promise<void> {
    await vi.waitFor(
      () => {
        if (this.indexOf(kind, match) === -1) {
          throw new Error(`the app never called ${kind}\n${this.output.join('')}`);
        }
      },
      { timeout: 15_000, interval: 20 },
    );
  }

  navigations(): unknown[] {
    return this.of('webContents.send')
      .filter((detail) => detail.channel === 'navigate')
      .map((detail) => detail.payload);
  }

  stop(): void {
    this.child.kill();
  }
}

const stats = (currentVisitors: number) =>
  JSON.stringify({
    type: 'realtime_stats',
    data: {
      currentVisitors,
      todayVisitors: currentVisitors,
      pageViewsLastHour: 0,
      ctaClicksLastHour: 0,
      searchesLastHour: 0,
      topCountries: [],
      topPages: [],
    },
  });

describe('the built desktop main process at start', () => {
  let dir = '';
  let appDir = '';
  let userData = '';
  let server: http.Server;
  let sockets: WebSocketServer;
  let serverUrl = '';
  const feedRequests: string[] = [];
  let linkHealthReads = 0;
  const started: StartedApp[] = [];

  beforeAll(async () => {
    if (!existsSync(builtMain)) {
      throw new Error(
        `${builtMain} is missing: run \`npm run desktop:build\` first (npm test does).`,
      );
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'diskonradar-startup-'));
    // A copy of the built app beside a node_modules/electron that is the stand-in.
    appDir = path.join(dir, 'app');
    await mkdir(path.join(appDir, 'out/main'), { recursive: true });
    await copyFile(builtMain, path.join(appDir, 'out/main/index.js'));
    await symlink(path.join(root, 'out/renderer'), path.join(appDir, 'out/renderer'), 'dir');
    await writeFile(path.join(appDir, 'package.json'), '{"type":"module"}\n');
    const electronDir = path.join(appDir, 'node_modules/electron');
    await mkdir(electronDir, { recursive: true });
    await copyFile(standIn, path.join(electronDir, 'index.js'));
    await writeFile(
      path.join(electronDir, 'package.json'),
      '{"name":"electron","main":"index.js"}\n',
    );

    // The server: the update feed (what electron-builder writes) and the live /ws socket.
    server = http.createServer((request, response) => {
      feedRequests.push(request.url ?? '');
      if (request.url === '/api/admin/link-health') {
        // The first reading (at sign-in) is the baseline; every later one has two more broken.
        linkHealthReads += 1;
        response.setHeader('Content-Type', 'application/json');
        const broken = linkHealthReads === 1 ? 3 : 5;
        response.end(JSON.stringify({ total: 10, checked: 10, broken, lastCheckedAt: null }));
        return;
      }
      if (request.url?.startsWith('/desktop/updates/latest')) {
        response.setHeader('Content-Type', 'text/yaml');
        response.end(
          [
            'version: 0.1.0',
            'files:',
            '  - url: DiskonRadar-Admin-0.1.0.AppImage',
            '    sha512: AAAA',
            '    size: 4',
            'path: DiskonRadar-Admin-0.1.0.AppImage',
            'sha512: AAAA',
            "releaseDate: '2026-11-25T00:00:00.000Z'",
            '',
          ].join('\n'),
        );
        return;
      }
      response.statusCode = 404;
      response.end();
    });
    sockets = new WebSocketServer({ server, path: '/ws' });
    sockets.on('connection', (socket) => {
      // A quiet minute's figure, then a crowd: the app's spike rule fires.
      socket.send(stats(1));
      setTimeout(() => socket.send(stats(40)), 150);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    userData = path.join(dir, 'user-data');
    await mkdir(userData, { recursive: true });
    await writeFile(path.join(userData, 'server.json'), JSON.stringify({ serverUrl }));
    await writeFile(
      path.join(userData, 'window-state.json'),
      JSON.stringify({
        bounds: { x: 1600, y: 100, width: 1800, height: 1000 },
        maximized: false,
        route: '/users',
      }),
    );
  });

  afterAll(async () => {
    for (const app of started) app.stop();
    sockets?.close();
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  function start(options: { args?: string[]; displays?: object[]; lock?: 'taken' } = {}) {
    const child = fork(path.join(appDir, 'out/main/index.js'), options.args ?? [], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        STAND_IN_USER_DATA: userData,
        STAND_IN_RESOURCES: dir,
        STAND_IN_DISPLAYS: JSON.stringify(options.displays ?? [laptop, monitor]),
        ...(options.lock ? { STAND_IN_LOCK: options.lock } : {}),
        // electron-updater updates an installed AppImage on Linux: this run is one.
        APPIMAGE: path.join(dir, 'DiskonRadar-Admin.AppImage'),
      },
    });
    const app = new StartedApp(child);
    started.push(app);
    return app;
  }

  it('takes the lock, registers its links, opens a safe window where it was left, with menu, tray and an update check', async () => {
    const app = start({ args: ['diskonradar://admin/products?links=broken'] });
    await app.until('window.loadURL');
    await app.until('tray.setContextMenu');
    await app.until('Menu.setApplicationMenu');

    // The order of a single-instance app: lock first, then its handlers, then the window.
    const lock = app.indexOf('app.requestSingleInstanceLock', (d) => d.granted === true);
    const secondInstance = app.indexOf('app.on', (d) => d.event === 'second-instance');
    const openUrl = app.indexOf('app.on', (d) => d.event === 'open-url');
    const protocolClient = app.indexOf('app.setAsDefaultProtocolClient');
    const appProtocol = app.indexOf('protocol.handle', (d) => d.scheme === 'app');
    const window = app.indexOf('BrowserWindow.new');
    expect(lock).toBeGreaterThan(-1);
    expect(lock).toBeLessThan(secondInstance);
    expect(secondInstance).toBeLessThan(window);
    expect(openUrl).toBeGreaterThan(lock);
    expect(app.of('app.setAsDefaultProtocolClient')).toEqual([{ scheme: 'diskonradar' }]);
    expect(protocolClient).toBeLessThan(window);
    expect(appProtocol).toBeLessThan(window);
    expect(app.indexOf('session.setPermissionRequestHandler')).toBeLessThan(window);

    // The window: isolated, sandboxed, no Node; where it was left (on the monitor that exists).
    const [options] = app.of('BrowserWindow.new');
    expect(options).toMatchObject({
      x: 1600,
      y: 100,
      width: 1800,
      height: 1000,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
      },
    });
    // Its web contents are guarded: no navigation away, no new windows.
    expect(app.indexOf('webContents.on', (d) => d.event === 'will-navigate')).toBeGreaterThan(-1);
    expect(app.indexOf('webContents.setWindowOpenHandler')).toBeGreaterThan(-1);
    // The deep link of the start wins over the remembered screen.
    expect(app.of('window.loadURL')).toEqual([
      { url: 'app://admin/index.html#/products?links=broken' },
    ]);
    // The CSP comes with every app:// response.
    const page = (await app.command('request', { url: 'app://admin/index.html' })) as {
      status: number;
      contentSecurityPolicy: string;
    };
    expect(page.status).toBe(200);
    expect(page.contentSecurityPolicy).toContain("default-src 'none'");
    expect(page.contentSecurityPolicy).toContain("script-src 'self'");
    expect(page.contentSecurityPolicy).toContain("connect-src 'self'");

    // Menu and tray.
    const [menu] = app.of('Menu.setApplicationMenu');
    expect(menu?.labels).toEqual(expect.arrayContaining(['Berkas', 'Buka', 'Bantuan']));
    expect(app.of('tray.setToolTip')[0]).toEqual({ text: 'DiskonRadar · Disconnected' });
    expect(app.of('tray.setContextMenu')[0]?.items).toEqual(
      expect.arrayContaining(['Analitik › Realtime', 'Produk › Link rusak']),
    );

    // The update check at start reads the generic feed under the server address.
    await vi.waitFor(() =>
      expect(feedRequests.some((url) => url.startsWith('/desktop/updates/latest-linux.yml'))).toBe(
        true,
      ),
    );
    expect(app.of('net.request')[0]?.url).toMatch(
      new RegExp(`^${serverUrl.replace(/[.]/g, '\\.')}/desktop/updates/latest-linux\\.yml`),
    );
    // Nothing to update, and nobody asked: nothing is shown.
    expect(app.of('dialog.showMessageBox')).toEqual([]);
    // "Periksa pembaruan" tells the outcome, in Indonesian.
    await app.command('click-menu', { key: 'Periksa pembaruan' });
    await app.until('dialog.showMessageBox');
    expect(app.of('dialog.showMessageBox')[0]).toMatchObject({
      message: 'DiskonRadar sudah versi terbaru',
      detail: 'Versi 0.1.0 terpasang.',
    });
  });

  it('opens the screen a tray entry, a notification, a second start or a link names', async () => {
    const app = started[0]!;
    await app.command('click-tray', { key: 'broken-links' });
    expect(app.navigations()).toEqual(['/products?links=broken']);

    // Signed in: the live socket opens and a visitor spike raises a notification.
    await app.command('ipc-send', {
      channel: 'session-changed',
      payload: true,
      senderUrl: 'app://admin/index.html',
    });
    await app.until('Notification.show');
    expect(app.of('Notification.show')[0]).toMatchObject({ title: 'Lonjakan pengunjung' });
    await app.until('tray.setContextMenu', (d) =>
      (d.items as string[]).includes('Peringatan: Lonjakan pengunjung'),
    );
    await app.command('click-notification', { index: 0 });
    expect(app.navigations().at(-1)).toBe('/analytics?tab=realtime');

    // A second start brings the minimised window back and opens its link.
    await app.command('minimize');
    const before = app.calls.length;
    await app.command('second-instance', {
      argv: ['/opt/DiskonRadar/diskonradar-admin', 'diskonradar://admin/audit'],
    });
    const after = app.calls.slice(before).map((call) => call.kind);
    expect(after).toEqual(
      expect.arrayContaining(['window.restore', 'window.show', 'window.focus', 'webContents.send']),
    );
    expect(app.navigations().at(-1)).toBe('/audit');

    // A link that is not an admin screen only brings the window up.
    const count = app.navigations().length;
    await app.command('second-instance', { argv: ['x', 'diskonradar://admin/../../etc/passwd'] });
    await app.command('open-url', { url: 'diskonradar://evil.example/products' });
    expect(app.navigations()).toHaveLength(count);
    await app.command('open-url', { url: 'diskonradar://admin/dashboard' });
    expect(app.navigations().at(-1)).toBe('/dashboard');

    // Signing in also read the link health (the baseline, no alert). The renderer reports the
    // session again (as on a reload): the next reading has more broken links and alerts.
    await vi.waitFor(() => expect(linkHealthReads).toBeGreaterThanOrEqual(1), {
      timeout: 15_000,
      interval: 20,
    });
    expect(app.indexOf('Notification.show', (detail) => detail.title === 'Tautan rusak')).toBe(-1);
    const isBrokenLinks = (detail: Record<string, unknown>) =>
      detail.body === '2 tautan rusak baru (5 total)';
    await vi.waitFor(
      async () => {
        if (app.indexOf('Notification.show', isBrokenLinks) !== -1) return;
        await app.command('ipc-send', {
          channel: 'session-changed',
          payload: true,
          senderUrl: 'app://admin/index.html',
        });
        throw new Error(`no broken-link alert yet\n${app.output.join('')}`);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(app.of('Notification.show').filter(isBrokenLinks)).toHaveLength(1);
    await app.command('click-notification', {
      index: app.of('Notification.show').findIndex(isBrokenLinks),
    });
    expect(app.navigations().at(-1)).toBe('/products?links=broken');
  });

  it('remembers size, place and screen on close; a screen that is gone centres the window', async () => {
    const app = started[0]!;
    await app.command('navigate-in-page', { url: 'app://admin/index.html#/content' });
    await app.command('set-bounds', { bounds: { x: 1700, y: 120, width: 1500, height: 900 } });
    expect(await app.command('close-window')).toEqual({ prevented: true });
    expect(app.of('window.hide')).toHaveLength(1);
    const file = path.join(userData, 'window-state.json');
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        bounds: { x: 1700, y: 120, width: 1500, height: 900 },
        maximized: false,
        route: '/content',
      }),
    );
    await app.command('quit');
    await app.exited;

    // The monitor was unplugged: the window opens centred on the laptop, on the same screen.
    const again = start({ displays: [laptop] });
    await again.until('window.loadURL');
    expect(again.of('BrowserWindow.new')[0]).toMatchObject({
      x: 80,
      y: 35,
      width: 1280,
      height: 800,
    });
    expect(again.of('window.loadURL')).toEqual([{ url: 'app://admin/index.html#/content' }]);
    await again.command('quit');
    await again.exited;
  });

  it('quits at once when another instance holds the lock', async () => {
    const second = start({ lock: 'taken', args: ['diskonradar://admin/audit'] });
    expect(await second.exited).toBe(0);
    expect(second.calls.map((call) => call.kind)).toContain('app.quit');
    expect(second.of('BrowserWindow.new')).toEqual([]);
    expect(second.of('Tray.new')).toEqual([]);
  });
});
