import { describe, expect, it } from 'vitest';
import type { AlertSettings, DesktopAlert, RealtimeSnapshot } from '@shared/desktop-bridge';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import type { RealtimeStats } from '@shared/types';
import { AlertMonitor, type MonitorClock } from './alert-monitor';
import { NotificationManager, type NotificationApi } from './notification-manager';

const alert: DesktopAlert = {
  kind: 'visitor_spike',
  title: 'Lonjakan pengunjung',
  body: '12 pengunjung aktif',
  at: 0,
  route: '/analytics',
};

function fakeApi(supported = true) {
  const shown: { title: string; body: string; click(): void }[] = [];
  const api: NotificationApi = {
    isSupported: () => supported,
    create: (options) => {
      let clickListener = () => undefined as void;
      const entry = { ...options, click: () => clickListener() };
      return {
        onClick: (listener) => {
          clickListener = listener;
        },
        onClose: () => undefined,
        show: () => shown.push(entry),
      };
    },
  };
  return { api, shown };
}

describe('NotificationManager', () => {
  it('shows the alert and opens its screen when clicked', () => {
    const { api, shown } = fakeApi();
    const opened: string[] = [];
    const manager = new NotificationManager(api, {
      isEnabled: () => true,
      onClick: (clicked) => opened.push(clicked.route),
    });
    expect(manager.notify(alert)).toEqual({ shown: true, reason: 'shown' });
    expect(shown.map((entry) => [entry.title, entry.body])).toEqual([
      ['Lonjakan pengunjung', '12 pengunjung aktif'],
    ]);
    expect(manager.openCount).toBe(1);
    shown[0]?.click();
    expect(opened).toEqual(['/analytics']);
    expect(manager.openCount).toBe(0);
  });

  it('shows nothing inside quiet hours and says so', () => {
    const { api, shown } = fakeApi();
    let quiet = true;
    const manager = new NotificationManager(api, {
      isEnabled: () => true,
      isQuietTime: () => quiet,
      onClick: () => {},
    });
    expect(manager.notify(alert)).toEqual({ shown: false, reason: 'quiet-hours' });
    expect(shown).toHaveLength(0);
    quiet = false;
    expect(manager.notify(alert)).toEqual({ shown: true, reason: 'shown' });
  });

  it('says why it stayed silent: switched off, unsupported, quiet period', () => {
    const off = new NotificationManager(fakeApi().api, {
      isEnabled: () => false,
      onClick: () => {},
    });
    expect(off.notify(alert)).toEqual({ shown: false, reason: 'disabled' });
    const unsupported = new NotificationManager(fakeApi(false).api, {
      isEnabled: () => true,
      onClick: () => {},
    });
    expect(unsupported.notify(alert)).toEqual({ shown: false, reason: 'unsupported' });
    const { api, shown } = fakeApi();
    const quiet = new NotificationManager(api, { isEnabled: () => true, onClick: () => {} });
    expect(quiet.handle({ notify: false, reason: 'quiet period: 2 menit ago', alert })).toEqual({
      shown: false,
      reason: 'quiet-period',
      detail: 'quiet period: 2 menit ago',
    });
    expect(shown).toEqual([]);
  });
});

describe('AlertMonitor', () => {
  function manualClock(start: number) {
    let now = start;
    let tick: (() => void) | null = null;
    const clock: MonitorClock = {
      now: () => now,
      setInterval: (callback) => {
        tick = callback;
        return 1;
      },
      clearInterval: () => {
        tick = null;
      },
    };
    return {
      clock,
      advance(ms: number) {
        now += ms;
        tick?.();
      },
      set(ms: number) {
        now = ms;
      },
    };
  }

  const stats = (currentVisitors: number): RealtimeStats => ({
    currentVisitors,
    todayVisitors: currentVisitors,
    pageViewsLastHour: 0,
    ctaClicksLastHour: 0,
    searchesLastHour: 0,
    topCountries: [],
    topPages: [],
  });

  function setup(settings: AlertSettings = DEFAULT_ALERT_SETTINGS) {
    const time = manualClock(1_000_000);
    const kinds: string[] = [];
    const monitor = new AlertMonitor({
      getSettings: () => settings,
      onDecision: (decision) => kinds.push(`${decision.kind}:${decision.notify}`),
      clock: time.clock,
    });
    return { monitor, time, kinds };
  }

  it('feeds snapshots to the rules: new figures count once, a repeated snapshot does not', () => {
    const { monitor, time, kinds } = setup();
    const quiet: RealtimeSnapshot = { status: 'Live', stats: stats(1) };
    monitor.observe(quiet);
    time.set(1_060_000);
    const busy: RealtimeSnapshot = { status: 'Live', stats: stats(30) };
    monitor.observe(busy);
    monitor.observe(busy);
    expect(kinds).toEqual(['visitor_spike:true']);
  });

  it('notices a lost connection from its clock ticks, and the way back', () => {
    const { monitor, time, kinds } = setup();
    monitor.start();
    monitor.observe({ status: 'Live', stats: null });
    monitor.observe({ status: 'Disconnected', stats: null });
    for (let i = 0; i < 7; i += 1) time.advance(10_000);
    expect(kinds).toEqual(['connection_lost:true']);
    monitor.observe({ status: 'Live', stats: null });
    expect(kinds).toEqual(['connection_lost:true', 'connection_restored:true']);
    monitor.stop();
  });

  it('forgets the history of a signed-out session', () => {
    const { monitor, time, kinds } = setup();
    monitor.observe({ status: 'Live', stats: stats(1) });
    monitor.reset();
    time.set(1_060_000);
    monitor.observe({ status: 'Live', stats: stats(30) });
    expect(kinds).toEqual([]);
  });
});
