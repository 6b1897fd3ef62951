// The browser version of the desktop bridge: the same contract as the Electron preload, kept
// by the page itself. The server URL and alert settings live in localStorage, the live
// connection is the page's own WebSocket, alerts are decided by the same pure rules and shown
// with the web Notification API. It serves the renderer in a plain browser (the e2e tests).
import type {
  AlertSettings,
  DesktopAlert,
  DesktopBridge,
  DesktopConnection,
  DesktopRoute,
  RealtimeSnapshot,
  ServerUrlResult,
  Unsubscribe,
} from '@shared/desktop-bridge';
import { alertSettingsSchema, DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
// Pure main-process modules: no Electron in them, so the browser runs the very same rules.
import { AlertMonitor } from '../../common/alert-monitor';
import { isSafeExternalUrl } from '../../common/external-links';
import { NotificationManager, type NotificationApi } from '../../common/notification-manager';
import { isQuietTime } from '../../common/quiet-hours';
import {
  LiveConnection,
  socketLike,
  type SocketFactory,
  type SocketLike,
} from '../../common/realtime-client';
import { checkServer } from '../../common/server-check';
import { parseServerUrl, socketUrlFor } from '../../common/server-url';

/**
 * In a plain browser nothing plays the Electron menu, tray or notification click; the e2e
 * tests dispatch this event on window (detail: an admin path) to ask for a screen the same way.
 */
export const NAVIGATE_EVENT = 'diskonradar:navigate';

const SERVER_URL_KEY = 'diskonradar.desktop.serverUrl';
const ALERT_SETTINGS_KEY = 'diskonradar.desktop.alertSettings';

export interface BrowserBridgeDependencies {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: typeof fetch;
  createSocket: SocketFactory;
  notifications: NotificationApi;
  openWindow(url: string): void;
  /** Where NAVIGATE_EVENT arrives (window); none in unit tests. */
  navigateEvents?: EventTarget;
}

export class BrowserBridge implements DesktopBridge {
  readonly kind = 'browser';
  private readonly live: LiveConnection;
  private readonly monitor: AlertMonitor;
  private readonly notifier: NotificationManager;
  private readonly alertListeners = new Set<(alert: DesktopAlert) => void>();
  private readonly navigateListeners = new Set<(route: DesktopRoute) => void>();
  private settings: AlertSettings;

  constructor(private readonly deps: BrowserBridgeDependencies) {
    this.settings = this.readSettings();
    this.live = new LiveConnection({ createSocket: deps.createSocket });
    this.notifier = new NotificationManager(deps.notifications, {
      isEnabled: () => this.settings.notificationsEnabled,
      isQuietTime: () => isQuietTime(this.settings, new Date()),
      onClick: (alert) => this.emitNavigate(alert.route),
    });
    this.monitor = new AlertMonitor({
      getSettings: () => this.settings,
      onDecision: (decision) => {
        try {
          this.notifier.handle(decision);
        } catch (error) {
          // A browser that refuses to notify still shows the alert in the status bar.
          console.error('Notification failed', error);
        }
        if (!decision.notify) return;
        for (const listener of this.alertListeners) listener(decision.alert);
      },
    });
    this.live.subscribe((snapshot) => this.monitor.observe(snapshot));
    this.monitor.start();
    deps.navigateEvents?.addEventListener(NAVIGATE_EVENT, (event) => {
      const route: unknown = (event as CustomEvent<unknown>).detail;
      if (typeof route === 'string' && route.startsWith('/')) {
        this.emitNavigate(route as DesktopRoute);
      }
    });
  }

  private serverUrl(): string | null {
    const stored = parseServerUrl(this.deps.storage.getItem(SERVER_URL_KEY));
    return stored.ok ? stored.serverUrl : null;
  }

  private readSettings(): AlertSettings {
    try {
      const raw = this.deps.storage.getItem(ALERT_SETTINGS_KEY);
      const parsed = alertSettingsSchema.safeParse(raw ? JSON.parse(raw) : null);
      return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
    } catch {
      return DEFAULT_ALERT_SETTINGS;
    }
  }

  async getConnection(): Promise<DesktopConnection | null> {
    const serverUrl = this.serverUrl();
    // The page calls the server directly, across origins (the server lists this origin in
    // DESKTOP_ORIGINS and answers with CORS credentials).
    return serverUrl ? { serverUrl, apiBaseUrl: serverUrl } : null;
  }

  async setServerUrl(input: string): Promise<ServerUrlResult> {
    const result = await checkServer(input, this.deps.fetch);
    if (!result.ok) return result;
    if (result.serverUrl !== this.serverUrl()) {
      this.live.disconnect();
      this.monitor.reset();
    }
    this.deps.storage.setItem(SERVER_URL_KEY, result.serverUrl);
    return result;
  }

  async getAlertSettings(): Promise<AlertSettings> {
    return this.settings;
  }

  async setAlertSettings(settings: AlertSettings): Promise<AlertSettings> {
    this.settings = alertSettingsSchema.parse(settings);
    this.deps.storage.setItem(ALERT_SETTINGS_KEY, JSON.stringify(this.settings));
    return this.settings;
  }

  sessionChanged(signedIn: boolean): void {
    const serverUrl = this.serverUrl();
    if (signedIn && serverUrl) {
      if (!this.live.wanted) this.live.connect(socketUrlFor(serverUrl));
      return;
    }
    this.live.disconnect();
    this.monitor.reset();
  }

  onRealtime(listener: (snapshot: RealtimeSnapshot) => void): Unsubscribe {
    return this.live.subscribe(listener);
  }

  onAlert(listener: (alert: DesktopAlert) => void): Unsubscribe {
    this.alertListeners.add(listener);
    return () => this.alertListeners.delete(listener);
  }

  onNavigate(listener: (route: DesktopRoute) => void): Unsubscribe {
    this.navigateListeners.add(listener);
    return () => this.navigateListeners.delete(listener);
  }

  async openExternal(url: string): Promise<boolean> {
    if (!isSafeExternalUrl(url)) return false;
    this.deps.openWindow(url);
    return true;
  }

  private emitNavigate(route: DesktopRoute): void {
    for (const listener of this.navigateListeners) listener(route);
  }
}

/** The web Notification API, used once the page was allowed to notify. */
export const webNotifications: NotificationApi = {
  isSupported: () => typeof Notification !== 'undefined' && Notification.permission === 'granted',
  create: ({ title, body }) => {
    const notification = new Notification(title, { body });
    return {
      onClick: (listener) => {
        notification.onclick = () => {
          window.focus();
          listener();
        };
      },
      onClose: (listener) => {
        notification.onclose = listener;
      },
      // A web notification shows as soon as it is constructed.
      show: () => undefined,
    };
  },
};

/** The page's WebSocket in the SocketLike shape LiveConnection drives. */
function openBrowserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket = socketLike((code, reason) => ws.close(code, reason));
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event: MessageEvent) => socket.onmessage?.({ data: event.data });
  ws.onerror = (event) => socket.onerror?.(event);
  ws.onclose = (event) => socket.onclose?.(event);
  return socket;
}

export function createBrowserBridge(): BrowserBridge {
  return new BrowserBridge({
    storage: window.localStorage,
    fetch: (input, init) => window.fetch(input, init),
    createSocket: openBrowserSocket,
    notifications: webNotifications,
    openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    navigateEvents: window,
  });
}
