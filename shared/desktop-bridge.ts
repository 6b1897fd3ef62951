// The contract of the desktop bridge: the one object the Electron preload exposes to the
// renderer (window.diskonRadar), and that the browser version in desktop/renderer implements
// too, so the screens only ever talk to this interface (Actual Budget's pattern).
// Types and constants only (the sandboxed preload bundles this file); the zod schemas are in
// shared/desktop-settings.ts. Isomorphic: no Node or DOM imports.
import type { RealtimeStats } from './types';

/** The global name the preload exposes the bridge under. */
export const DESKTOP_BRIDGE_KEY = 'diskonRadar';

/** Admin screens the menu and notifications can open, and the desktop's own Settings view. */
export const DESKTOP_ADMIN_ROUTES = [
  '/dashboard',
  '/categories',
  '/products',
  '/content',
  '/analytics',
  '/users',
  '/audit',
  '/desktop',
  '/feeds',
] as const;
export const SETTINGS_ROUTE = '/settings';
export type DesktopAdminRoute = (typeof DESKTOP_ADMIN_ROUTES)[number];
/**
 * An admin address inside the app: one of the screens above, optionally deeper and with a
 * query (`/analytics?tab=realtime`, `/products?links=broken`). Deep links and the window state
 * only ever hand over paths checked by desktop/common/admin-path.ts.
 */
export type AdminPath =
  DesktopAdminRoute | `${DesktopAdminRoute}/${string}` | `${DesktopAdminRoute}?${string}`;
export type DesktopRoute = AdminPath | typeof SETTINGS_ROUTE;

/** Where an alert about live traffic opens: Analytics, on its Real-time tab. */
export const REALTIME_ROUTE = '/analytics?tab=realtime' satisfies AdminPath;
/** Where a broken-link entry opens: Produk filtered to products with a broken link. */
export const BROKEN_LINKS_ROUTE = '/products?links=broken' satisfies AdminPath;
/** Where a feed alert about several feeds opens: Sumber Feed (one feed opens its own page). */
export const FEEDS_ROUTE = '/feeds' satisfies AdminPath;

/** Spec section 4: the analytics socket is Disconnected at start, Live once open. */
export type LiveStatus = 'Live' | 'Disconnected';

/** Thresholds and quiet periods of the live traffic alerts (validated by alertSettingsSchema). */
export interface AlertSettings {
  /** Master switch for native notifications. */
  notificationsEnabled: boolean;
  spikeEnabled: boolean;
  /** Current visitors at least this many times the rolling baseline ... */
  spikeFactor: number;
  /** ... and at least this many visitors (a jump from 1 to 3 is not a spike). */
  spikeMinVisitors: number;
  /** The baseline is the time-weighted average of the figures of this many past minutes. */
  baselineMinutes: number;
  burstEnabled: boolean;
  /** At least this many more CTA clicks ... */
  burstClicks: number;
  /** ... within this many minutes. */
  burstWindowMinutes: number;
  disconnectEnabled: boolean;
  /** The live connection counts as lost after this many minutes without it. */
  disconnectMinutes: number;
  /** After an alert, the same kind of alert stays silent for this many minutes. */
  quietMinutes: number;
  /** No native notification inside these hours (the tray still updates). */
  quietHours: QuietHours;
  /** Alert when the number of broken product links rises (desktop/common/broken-link-watch.ts). */
  brokenLinksEnabled: boolean;
  /** Alert when a product feed fails or is late (desktop/common/feed-alert-watch.ts). */
  feedAlertsEnabled: boolean;
}

/** A daily quiet window in local time, 'HH:mm' each; start after end spans midnight. */
export interface QuietHours {
  enabled: boolean;
  start: string;
  end: string;
}

export type AlertKind =
  | 'visitor_spike'
  | 'cta_burst'
  | 'click_drop'
  | 'connection_lost'
  | 'connection_restored'
  | 'broken_links'
  | 'feed_alert';

/** A live traffic alert as staff see it; clicking it opens `route`. */
export interface DesktopAlert {
  kind: AlertKind;
  title: string;
  body: string;
  /** Epoch milliseconds of the figures that raised it. */
  at: number;
  route: AdminPath;
}

/** The live connection as the tray and the analytics badge show it. */
export interface RealtimeSnapshot {
  status: LiveStatus;
  /** The last figures received, or null before the first ones. */
  stats: RealtimeStats | null;
}

export type ServerUrlResult = { ok: true; serverUrl: string } | { ok: false; message: string };

export interface DesktopConnection {
  /** The server URL staff configured. */
  serverUrl: string;
  /** What the admin screens put before '/api/...': '' when the app carries the requests. */
  apiBaseUrl: string;
}

export type Unsubscribe = () => void;

/** Everything the desktop renderer may ask of the host. Kept narrow on purpose. */
export interface DesktopBridge {
  readonly kind: 'electron' | 'browser';
  /** The configured server, or null on first run. */
  getConnection(): Promise<DesktopConnection | null>;
  /** Validates the URL, checks that a DiskonRadar API answers there, then keeps it. */
  setServerUrl(input: string): Promise<ServerUrlResult>;
  getAlertSettings(): Promise<AlertSettings>;
  setAlertSettings(settings: AlertSettings): Promise<AlertSettings>;
  /** The renderer reports sign-in and sign-out; the live connection follows the session. */
  sessionChanged(signedIn: boolean): void;
  /** Called at once with the current snapshot, then on every change. */
  onRealtime(listener: (snapshot: RealtimeSnapshot) => void): Unsubscribe;
  onAlert(listener: (alert: DesktopAlert) => void): Unsubscribe;
  /** The menu, the tray or a clicked notification asks for a screen. */
  onNavigate(listener: (route: DesktopRoute) => void): Unsubscribe;
  /** Opens an http(s) link in the system browser; false when the URL was refused. */
  openExternal(url: string): Promise<boolean>;
}
