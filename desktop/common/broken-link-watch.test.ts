import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN_LINKS_ROUTE, type AlertSettings, type DesktopAlert } from '@shared/desktop-bridge';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { CookieJar } from '../main/cookie-jar';
import { ServerProxy } from '../main/server-proxy';
import type { MonitorClock } from './alert-monitor';
import { BrokenLinkWatch, LINK_HEALTH_PATH } from './broken-link-watch';
import { NotificationManager, type NotificationApi } from './notification-manager';

const summary = (broken: number) =>
  Response.json({ total: 40, checked: 40, broken, lastCheckedAt: '2026-11-25T10:00:00.000Z' });

/** A server whose broken-link count the test sets; each entry answers one reading. */
function scriptedServer(answers: (() => Response | Promise<Response>)[]) {
  const paths: string[] = [];
  const fetchServer = (path: string) => {
    paths.push(path);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return Promise.resolve(next());
  };
  return { fetchServer, paths };
}

function manualClock(now = 1_000) {
  const timers: { callback: () => void; ms: number }[] = [];
  const clock: MonitorClock = {
    now: () => now,
    setInterval: (callback, ms) => {
      const timer = { callback, ms };
      timers.push(timer);
      return timer;
    },
    clearInterval: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  return { clock, timers };
}

function watchWith(
  answers: (() => Response | Promise<Response>)[],
  settings: Partial<AlertSettings> = {},
) {
  const server = scriptedServer(answers);
  const alerts: DesktopAlert[] = [];
  const current = { settings: { ...DEFAULT_ALERT_SETTINGS, ...settings } };
  const { clock, timers } = manualClock();
  const watch = new BrokenLinkWatch({
    fetchServer: server.fetchServer,
    getSettings: () => current.settings,
    onAlert: (alert) => alerts.push(alert),
    clock,
  });
  return { watch, alerts, current, timers, paths: server.paths };
}

describe('BrokenLinkWatch', () => {
  it('takes the first reading as the baseline and alerts once when the count rises', async () => {
    const { watch, alerts, paths } = watchWith([() => summary(9), () => summary(12)]);
    await watch.start();
    expect(alerts).toEqual([]);
    expect(watch.baseline).toBe(9);
    await watch.check();
    expect(paths).toEqual([LINK_HEALTH_PATH, LINK_HEALTH_PATH]);
    expect(alerts).toEqual([
      {
        kind: 'broken_links',
        title: 'Tautan rusak',
        body: '3 tautan rusak baru (12 total)',
        at: 1_000,
        route: BROKEN_LINKS_ROUTE,
      },
    ]);
    expect(BROKEN_LINKS_ROUTE).toBe('/products?links=broken');
  });

  it('stays silent when the count stays the same or falls, and measures a rise from the last reading', async () => {
    const { watch, alerts } = watchWith([
      () => summary(5),
      () => summary(5),
      () => summary(2),
      () => summary(4),
    ]);
    await watch.start();
    await watch.check();
    await watch.check();
    expect(alerts).toEqual([]);
    await watch.check();
    expect(alerts.map((alert) => alert.body)).toEqual(['2 tautan rusak baru (4 total)']);
  });

  it('reads again every ten minutes while started and not after stop', async () => {
    const { watch, timers, paths } = watchWith([() => summary(1), () => summary(1)]);
    await watch.start();
    expect(timers.map((timer) => timer.ms)).toEqual([10 * 60_000]);
    timers[0]?.callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paths).toHaveLength(2);
    watch.stop();
    expect(timers).toEqual([]);
    expect(watch.baseline).toBeNull();
  });

  it('is silent on errors, 401 and offline, and keeps the baseline for the next reading', async () => {
    const { watch, alerts } = watchWith([
      () => summary(3),
      () => Response.json({ message: 'Sesi berakhir' }, { status: 401 }),
      () => Promise.reject(new TypeError('fetch failed')),
      () => new Response('<html>proxy</html>', { status: 200 }),
      () => Response.json({ broken: 'banyak' }),
      () => summary(4),
    ]);
    await watch.start();
    for (let reading = 0; reading < 4; reading += 1) await watch.check();
    expect(alerts).toEqual([]);
    expect(watch.baseline).toBe(3);
    await watch.check();
    expect(alerts.map((alert) => alert.body)).toEqual(['1 tautan rusak baru (4 total)']);
  });

  it('takes no baseline and reads nothing while the broken-link alert is off', async () => {
    const { watch, alerts, current, paths } = watchWith([() => summary(2), () => summary(6)], {
      brokenLinksEnabled: false,
    });
    await watch.start();
    expect(paths).toEqual([]);
    current.settings = { ...current.settings, brokenLinksEnabled: true };
    await watch.check();
    expect(alerts).toEqual([]);
    await watch.check();
    expect(alerts).toHaveLength(1);
  });

  it('drops a reading that was under way when the session ended', async () => {
    let release: (response: Response) => void = () => undefined;
    const { watch, alerts } = watchWith([
      () => summary(1),
      () => new Promise<Response>((resolve) => (release = resolve)),
      () => summary(7),
    ]);
    await watch.start();
    const pending = watch.check();
    watch.stop();
    release(summary(50));
    await pending;
    expect(watch.baseline).toBeNull();
    await watch.start();
    expect(watch.baseline).toBe(7);
    expect(alerts).toEqual([]);
  });

  it('reaches the tray but not the screen in quiet hours or with notifications off', async () => {
    const shown: string[] = [];
    const api: NotificationApi = {
      isSupported: () => true,
      create: ({ body }) => ({
        onClick: () => undefined,
        onClose: () => undefined,
        show: () => shown.push(body),
      }),
    };
    const tray: string[] = [];
    const run = async (settings: Partial<AlertSettings>, quiet: boolean) => {
      const { watch, alerts } = watchWith([() => summary(0), () => summary(2)], settings);
      const notifications = new NotificationManager(api, {
        isEnabled: () => ({ ...DEFAULT_ALERT_SETTINGS, ...settings }).notificationsEnabled,
        isQuietTime: () => quiet,
        onClick: () => undefined,
      });
      await watch.start();
      await watch.check();
      return alerts.map((alert) => {
        tray.push(alert.route);
        return notifications.notify(alert).reason;
      });
    };
    expect(await run({}, true)).toEqual(['quiet-hours']);
    expect(await run({ notificationsEnabled: false }, false)).toEqual(['disabled']);
    expect(shown).toEqual([]);
    expect(await run({}, false)).toEqual(['shown']);
    expect(shown).toEqual(['2 tautan rusak baru (2 total)']);
    expect(tray).toEqual([BROKEN_LINKS_ROUTE, BROKEN_LINKS_ROUTE, BROKEN_LINKS_ROUTE]);
  });
});

describe('BrokenLinkWatch through the main process proxy', () => {
  let server: Server | null = null;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('reads the summary over HTTP with the session cookie the app carries', async () => {
    let broken = 4;
    const cookies: (string | undefined)[] = [];
    server = createServer((request, response) => {
      cookies.push(request.headers.cookie);
      const signedIn = request.headers.cookie === 'dr_session=abc';
      const ok = request.url === LINK_HEALTH_PATH && signedIn;
      response.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(ok ? { total: 9, checked: 9, broken, lastCheckedAt: null } : {}));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const jar = new CookieJar(() => undefined);
    const proxy = new ServerProxy({ getServerUrl: () => `http://127.0.0.1:${port}`, jar, fetch });
    const alerts: DesktopAlert[] = [];
    const watch = new BrokenLinkWatch({
      fetchServer: (path) => proxy.forward(new Request(`app://admin${path}`)),
      getSettings: () => DEFAULT_ALERT_SETTINGS,
      onAlert: (alert) => alerts.push(alert),
      clock: manualClock().clock,
    });
    await watch.check();
    expect(watch.baseline).toBeNull();
    jar.store(['dr_session=abc; Path=/; HttpOnly']);
    await watch.check();
    broken = 6;
    await watch.check();
    expect(cookies).toEqual([undefined, 'dr_session=abc', 'dr_session=abc']);
    expect(alerts.map((alert) => alert.body)).toEqual(['2 tautan rusak baru (6 total)']);
    watch.stop();
  });
});
