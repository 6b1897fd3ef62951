import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FEEDS_ROUTE, type AlertSettings, type DesktopAlert } from '@shared/desktop-bridge';
import { alertSettingsSchema, DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { CookieJar } from '../main/cookie-jar';
import { ServerProxy } from '../main/server-proxy';
import type { MonitorClock } from './alert-monitor';
import { parseAdminPath, parseDeepLink } from './admin-path';
import { FEEDS_PATH, FeedAlertWatch } from './feed-alert-watch';
import { NotificationManager, type NotificationApi } from './notification-manager';

type Row = { id: string; name: string; alert: string | null };

const FAILED = 'Run terakhir gagal: server feed menjawab 500';
const LATE = 'Tidak berjalan sejak 2 jam';

/** The feed list as GET /api/admin/feeds answers it (only the fields the watch reads matter). */
const feeds = (...rows: Row[]) =>
  Response.json(
    rows.map((row) => ({ ...row, url: 'https://feeds.example.com/a.csv', enabled: true })),
  );

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

function manualClock(now = 5_000) {
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
  const watch = new FeedAlertWatch({
    fetchServer: server.fetchServer,
    getSettings: () => current.settings,
    onAlert: (alert) => alerts.push(alert),
    clock,
  });
  return { watch, alerts, current, timers, paths: server.paths };
}

const ok = (id: string, name = `Feed ${id}`): Row => ({ id, name, alert: null });
const bad = (id: string, alert = FAILED, name = `Feed ${id}`): Row => ({ id, name, alert });

describe('FeedAlertWatch', () => {
  it('takes the first reading as the baseline and alerts once for a feed that turns bad', async () => {
    const { watch, alerts, paths } = watchWith([
      () => feeds(ok('f1'), bad('f2')),
      () => feeds(bad('f1', FAILED, 'Shopee Elektronik'), bad('f2')),
      () => feeds(bad('f1', FAILED, 'Shopee Elektronik'), bad('f2')),
    ]);
    await watch.start();
    expect(alerts).toEqual([]);
    expect(watch.baseline).toEqual(['f2']);
    await watch.check();
    await watch.check();
    expect(paths).toEqual([FEEDS_PATH, FEEDS_PATH, FEEDS_PATH]);
    expect(alerts).toEqual([
      {
        kind: 'feed_alert',
        title: 'Feed bermasalah',
        body: `Shopee Elektronik: ${FAILED}`,
        at: 5_000,
        route: '/feeds/f1',
      },
    ]);
  });

  it('alerts again when a feed’s alert changes or comes back, and names several at once', async () => {
    const { watch, alerts } = watchWith([
      () => feeds(bad('f1'), ok('f2'), ok('f3')),
      () => feeds(bad('f1', LATE), ok('f2'), ok('f3')),
      () => feeds(ok('f1'), ok('f2'), ok('f3')),
      () => feeds(bad('f1', LATE, 'Tokopedia'), bad('f2', FAILED, 'Lazada'), ok('f3')),
    ]);
    await watch.start();
    await watch.check();
    await watch.check();
    await watch.check();
    expect(alerts.map((alert) => [alert.body, alert.route])).toEqual([
      [`Feed f1: ${LATE}`, '/feeds/f1'],
      ['2 feed bermasalah: Tokopedia, Lazada', FEEDS_ROUTE],
    ]);
  });

  it('opens routes the app accepts: a deep link to the feed, or the list for an odd id', async () => {
    const { watch, alerts } = watchWith([() => feeds(), () => feeds(bad('../x'))]);
    await watch.start();
    await watch.check();
    expect(alerts.map((alert) => alert.route)).toEqual([FEEDS_ROUTE]);
    expect(parseAdminPath('/feeds/f1')).toBe('/feeds/f1');
    expect(parseDeepLink('diskonradar://admin/feeds')).toBe('/feeds');
  });

  it('reads again every five minutes while started and not after stop', async () => {
    const { watch, timers, paths } = watchWith([() => feeds(), () => feeds()]);
    await watch.start();
    expect(timers.map((timer) => timer.ms)).toEqual([5 * 60_000]);
    timers[0]?.callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paths).toHaveLength(2);
    watch.stop();
    expect(timers).toEqual([]);
    expect(watch.baseline).toBeNull();
  });

  it('is silent on errors, 401 and offline, and keeps the baseline for the next reading', async () => {
    const { watch, alerts } = watchWith([
      () => feeds(ok('f1')),
      () => Response.json({ message: 'Sesi berakhir' }, { status: 401 }),
      () => Promise.reject(new TypeError('fetch failed')),
      () => new Response('<html>proxy</html>', { status: 200 }),
      () => Response.json([{ id: 'f1', alert: 3 }]),
      () => feeds(bad('f1')),
    ]);
    await watch.start();
    for (let reading = 0; reading < 4; reading += 1) await watch.check();
    expect(alerts).toEqual([]);
    expect(watch.baseline).toEqual([]);
    await watch.check();
    expect(alerts.map((alert) => alert.body)).toEqual([`Feed f1: ${FAILED}`]);
  });

  it('takes no baseline and reads nothing while the feed alert is off', async () => {
    const { watch, alerts, current, paths } = watchWith(
      [() => feeds(bad('f1')), () => feeds(bad('f1'), bad('f2'))],
      { feedAlertsEnabled: false },
    );
    await watch.start();
    expect(paths).toEqual([]);
    current.settings = { ...current.settings, feedAlertsEnabled: true };
    await watch.check();
    expect(alerts).toEqual([]);
    await watch.check();
    expect(alerts.map((alert) => alert.route)).toEqual(['/feeds/f2']);
  });

  it('keeps the setting on for settings files written before it existed', () => {
    const { feedAlertsEnabled: _added, ...older } = DEFAULT_ALERT_SETTINGS;
    expect(alertSettingsSchema.parse(older).feedAlertsEnabled).toBe(true);
    expect(
      alertSettingsSchema.safeParse({ ...DEFAULT_ALERT_SETTINGS, feedAlertsEnabled: 'ya' }).success,
    ).toBe(false);
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
      const { watch, alerts } = watchWith(
        [() => feeds(ok('f1')), () => feeds(bad('f1'))],
        settings,
      );
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
    expect(shown).toEqual([`Feed f1: ${FAILED}`]);
    expect(tray).toEqual(['/feeds/f1', '/feeds/f1', '/feeds/f1']);
  });
});

describe('FeedAlertWatch through the main process proxy', () => {
  let server: Server | null = null;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('reads the feed list over HTTP with the session cookie the app carries', async () => {
    let alert: string | null = null;
    const cookies: (string | undefined)[] = [];
    server = createServer((request, response) => {
      cookies.push(request.headers.cookie);
      const signedIn = request.headers.cookie === 'dr_session=abc';
      const found = request.url === FEEDS_PATH && signedIn;
      response.writeHead(found ? 200 : 401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(found ? [{ id: '7', name: 'Blibli', alert }] : {}));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const jar = new CookieJar(() => undefined);
    const proxy = new ServerProxy({ getServerUrl: () => `http://127.0.0.1:${port}`, jar, fetch });
    const alerts: DesktopAlert[] = [];
    const watch = new FeedAlertWatch({
      fetchServer: (path) => proxy.forward(new Request(`app://admin${path}`)),
      getSettings: () => DEFAULT_ALERT_SETTINGS,
      onAlert: (raised) => alerts.push(raised),
      clock: manualClock().clock,
    });
    await watch.check();
    expect(watch.baseline).toBeNull();
    jar.store(['dr_session=abc; Path=/; HttpOnly']);
    await watch.check();
    alert = FAILED;
    await watch.check();
    expect(cookies).toEqual([undefined, 'dr_session=abc', 'dr_session=abc']);
    expect(alerts.map((raised) => [raised.body, raised.route])).toEqual([
      [`Blibli: ${FAILED}`, '/feeds/7'],
    ]);
    watch.stop();
  });
});
