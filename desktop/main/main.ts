// Wiring only: every decision lives in the small modules beside this file and in ../common,
// which are tested without Electron. This file hands them Electron's objects.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  protocol,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
// electron-updater is CommonJS; its autoUpdater is created on first access (in start()).
import electronUpdater from 'electron-updater';
import { z } from 'zod';
import type { DesktopRoute, RealtimeSnapshot } from '@shared/desktop-bridge';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink } from '../common/admin-path';
import { AlertMonitor } from '../common/alert-monitor';
import { BrokenLinkWatch } from '../common/broken-link-watch';
import { FeedAlertWatch } from '../common/feed-alert-watch';
import { openExternalLink } from '../common/external-links';
import { IPC } from '../common/ipc-channels';
import { NotificationManager, type NotificationApi } from '../common/notification-manager';
import { isQuietTime } from '../common/quiet-hours';
import { LiveConnection } from '../common/realtime-client';
import { checkServer } from '../common/server-check';
import { socketUrlFor } from '../common/server-url';
import { AlertSettingsStore } from './alert-settings-store';
import { CookieJar } from './cookie-jar';
import { registerIpcHandlers } from './ipc';
import { readJsonFile, writeJsonFile } from './json-file';
import { buildMenuTemplate } from './menu-template';
import { openNodeSocket } from './node-socket';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  createAppProtocolHandler,
  devContentSecurityPolicy,
} from './protocol';
import { denyAllPermissions, guardWebContents, securePreferences } from './security';
import { ServerProxy } from './server-proxy';
import { ServerUrlStore } from './server-url-store';
import { TrayService } from './tray-service';
import { UpdateService, type UpdaterLike } from './updater';
import {
  MIN_WINDOW_SIZE,
  restoreBounds,
  routeFromAppUrl,
  WindowStateStore,
  type WindowState,
} from './window-state';

const APP_NAME = 'DiskonRadar';
const here = path.dirname(fileURLToPath(import.meta.url));
const rendererRoot = path.join(here, '../renderer');
const preloadPath = path.join(here, '../preload/index.cjs');
/** Set by `electron-vite dev` (npm run desktop:dev); packaged apps always serve out/renderer. */
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const iconPath = app.isPackaged
  ? path.join(process.resourcesPath, 'icon.png')
  : path.join(here, '../../resources/icon.png');

const sessionFileSchema = z.object({
  cookies: z.array(
    z.object({ name: z.string(), value: z.string(), expiresAt: z.number().nullable() }),
  ),
});

// Must run before the app is ready: app:// behaves like https (secure context, fetch, CORS).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
]);

const log = (line: string) => console.log(`[desktop] ${line}`);
let mainWindow: BrowserWindow | null = null;
let quitting = false;
let windowState: WindowStateStore | null = null;
/** A screen asked for before the window exists (a deep link at start): opened with it. */
let pendingRoute: DesktopRoute | null = deepLinkFromArgv(process.argv);

function sendToWindow(channel: string, payload: unknown): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload);
}

/** The window where staff left it (docs/architecture.md, "The desktop app"). */
function createWindow(): BrowserWindow {
  const saved = windowState?.state ?? null;
  const bounds = restoreBounds(
    saved?.bounds ?? null,
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const window = new BrowserWindow({
    ...bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: APP_NAME,
    icon: iconPath,
    show: false,
    webPreferences: securePreferences(preloadPath),
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  const current = (): WindowState => ({
    bounds: window.getNormalBounds(),
    maximized: window.isMaximized(),
    route: windowState?.state?.route ?? null,
  });
  const remember = (change: Partial<WindowState>) => windowState?.update(change, current());
  const rememberBounds = () => {
    if (!window.isMinimized() && !window.isFullScreen())
      remember({ bounds: window.getNormalBounds() });
  };
  window.on('resize', rememberBounds);
  window.on('move', rememberBounds);
  window.on('maximize', () => remember({ maximized: true }));
  window.on('unmaximize', () => remember({ maximized: false }));
  // The hash router changes only the fragment: the admin screen is read from there.
  window.webContents.on('did-navigate-in-page', (_event, url) => {
    const route = routeFromAppUrl(url, APP_ORIGIN);
    if (route) remember({ route });
  });
  // Closing the window keeps the app, its live connection and its alerts in the tray.
  window.on('close', (event) => {
    remember({ maximized: window.isMaximized() });
    void windowState?.flush();
    if (quitting) return;
    event.preventDefault();
    window.hide();
  });

  const route = pendingRoute ?? saved?.route ?? null;
  pendingRoute = null;
  void window.loadURL(route && route !== '/settings' ? `${APP_ENTRY_URL}#${route}` : APP_ENTRY_URL);
  if (route === '/settings')
    window.webContents.once('did-finish-load', () => sendToWindow(IPC.navigate, route));
  return window;
}

function showWindow(): void {
  if (!app.isReady()) return;
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** Menu, tray, notification or deep link: bring the window up on that screen. */
function showScreen(route: DesktopRoute): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    pendingRoute = route;
    showWindow();
    return;
  }
  showWindow();
  sendToWindow(IPC.navigate, route);
}

/** A diskonradar:// link from the system; anything but an admin screen is refused. */
function openDeepLink(link: string): void {
  const route = parseDeepLink(link);
  log(route ? `deep link -> ${route}` : 'deep link refused');
  if (route) showScreen(route);
  else showWindow();
}

function quit(): void {
  quitting = true;
  app.quit();
}

const openExternal = (url: string) => openExternalLink(url, (safe) => shell.openExternal(safe));

async function start(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  const serverUrls = new ServerUrlStore(userData);
  const alertSettings = new AlertSettingsStore(userData);
  await alertSettings.load();
  let serverUrl = await serverUrls.load();
  windowState = new WindowStateStore(userData, { log });
  await windowState.load();

  const sessionFile = path.join(userData, 'session.json');
  const jar = new CookieJar((cookies) => {
    writeJsonFile(sessionFile, { cookies }).catch((error) => log(String(error)));
  });
  jar.restore((await readJsonFile(sessionFile, sessionFileSchema))?.cookies ?? []);

  const proxy = new ServerProxy({ getServerUrl: () => serverUrl, jar, fetch });
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererRoot,
      forwardToServer: (request) => proxy.forward(request),
      ...(devServerUrl
        ? { devServerUrl, contentSecurityPolicy: devContentSecurityPolicy(devServerUrl) }
        : {}),
    }),
  );
  denyAllPermissions(session.defaultSession);
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, (url) => void openExternal(url)),
  );

  const trayIcon = nativeImage.createFromPath(iconPath).resize({ width: 16, height: 16 });
  const tray = new TrayService(
    {
      createTray: (icon) => new Tray(icon),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      icon: trayIcon,
    },
    { openWindow: showWindow, openRoute: showScreen, quit },
  );
  tray.render();

  const notificationApi: NotificationApi = {
    isSupported: () => Notification.isSupported(),
    create: ({ title, body }) => {
      const notification = new Notification({ title, body, icon: iconPath });
      return {
        onClick: (listener) => notification.on('click', listener),
        onClose: (listener) => notification.on('close', listener),
        show: () => notification.show(),
      };
    },
  };
  const notifications = new NotificationManager(notificationApi, {
    isEnabled: () => alertSettings.settings.notificationsEnabled,
    isQuietTime: () => isQuietTime(alertSettings.settings, new Date()),
    onClick: (alert) => showScreen(alert.route),
  });
  const monitor = new AlertMonitor({
    getSettings: () => alertSettings.settings,
    onDecision: (decision) => {
      const result = notifications.handle(decision);
      log(`alert ${decision.kind}: ${decision.reason} -> ${result.reason}`);
      if (!decision.notify) return;
      tray.update({ latestAlert: { title: decision.alert.title, route: decision.alert.route } });
      sendToWindow(IPC.alertRaised, decision.alert);
    },
  });

  // Read through the proxy, so it carries the same session cookie as the admin screens.
  const brokenLinks = new BrokenLinkWatch({
    fetchServer: (serverPath) => proxy.forward(new Request(`${APP_ORIGIN}${serverPath}`)),
    getSettings: () => alertSettings.settings,
    onAlert: (alert) => {
      const result = notifications.notify(alert);
      log(`alert ${alert.kind}: ${alert.body} -> ${result.reason}`);
      tray.update({ latestAlert: { title: alert.title, route: alert.route } });
      sendToWindow(IPC.alertRaised, alert);
    },
  });
  // Feeds that failed or are late: the same path to the notification, the tray and the window.
  const feedAlerts = new FeedAlertWatch({
    fetchServer: (serverPath) => proxy.forward(new Request(`${APP_ORIGIN}${serverPath}`)),
    getSettings: () => alertSettings.settings,
    onAlert: (alert) => {
      const result = notifications.notify(alert);
      log(`alert ${alert.kind}: ${alert.body} -> ${result.reason}`);
      tray.update({ latestAlert: { title: alert.title, route: alert.route } });
      sendToWindow(IPC.alertRaised, alert);
    },
  });

  const live = new LiveConnection({
    createSocket: (url) => {
      const cookie = jar.header();
      return openNodeSocket(url, cookie ? { Cookie: cookie } : {});
    },
    log,
  });
  live.subscribe((snapshot: RealtimeSnapshot) => {
    monitor.observe(snapshot);
    tray.update({ status: snapshot.status, visitors: snapshot.stats?.currentVisitors ?? null });
    sendToWindow(IPC.realtimeUpdate, snapshot);
  });
  monitor.start();

  registerIpcHandlers(
    ipcMain,
    {
      getConnection: async () => (serverUrl ? { serverUrl, apiBaseUrl: '' } : null),
      setServerUrl: async (input) => {
        const result = await checkServer(input, fetch);
        if (!result.ok) return result;
        if (result.serverUrl !== serverUrl) {
          // Another server: its session and its traffic history start from nothing.
          live.disconnect();
          monitor.reset();
          brokenLinks.stop();
          feedAlerts.stop();
          jar.clear();
        }
        serverUrl = await serverUrls.save(result.serverUrl);
        return result;
      },
      getAlertSettings: async () => alertSettings.settings,
      setAlertSettings: (settings) => alertSettings.save(settings),
      getRealtime: () => live.snapshot,
      sessionChanged: (signedIn) => {
        if (signedIn && serverUrl) {
          if (!live.wanted) live.connect(socketUrlFor(serverUrl));
          void brokenLinks.start();
          void feedAlerts.start();
        } else {
          live.disconnect();
          monitor.reset();
          brokenLinks.stop();
          feedAlerts.stop();
        }
      },
      openExternal,
    },
    log,
  );

  const updates = new UpdateService(electronUpdater.autoUpdater as unknown as UpdaterLike, {
    getServerUrl: () => serverUrl,
    currentVersion: app.getVersion(),
    log,
    prompts: {
      inform: (message, detail) =>
        void dialog.showMessageBox({
          type: 'info',
          title: APP_NAME,
          message,
          detail,
          buttons: ['OK'],
        }),
      offerRestart: async (version) => {
        const { response } = await dialog.showMessageBox({
          type: 'info',
          title: APP_NAME,
          message: 'Pembaruan DiskonRadar siap dipasang',
          detail: `Versi ${version} sudah diunduh dan dipasang saat DiskonRadar dimulai ulang.`,
          buttons: ['Mulai ulang untuk memperbarui', 'Nanti'],
          defaultId: 0,
          cancelId: 1,
        });
        return response === 0;
      },
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        {
          navigate: showScreen,
          reload: () => mainWindow?.webContents.reload(),
          showAbout: () =>
            void dialog.showMessageBox({
              type: 'info',
              title: `Tentang ${APP_NAME}`,
              message: `${APP_NAME} ${app.getVersion()}`,
              detail: 'Aplikasi admin DiskonRadar dengan peringatan lalu lintas langsung.',
            }),
          checkForUpdates: () => void updates.check(true),
          quit,
        },
        { platform: process.platform, appName: APP_NAME },
      ),
    ),
  );

  mainWindow = createWindow();
  updates.start();
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
    void windowState?.flush();
    monitor.stop();
    brokenLinks.stop();
    feedAlerts.stop();
    live.disconnect();
    tray.destroy();
  });
}

/**
 * diskonradar:// links open this app. Started from a checkout (electron .), the OS must start
 * Electron with the app's folder as well.
 */
function registerDeepLinks(): void {
  const registered = process.defaultApp
    ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [
        path.resolve(process.argv[1] ?? '.'),
      ])
    : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (!registered) log(`${DEEP_LINK_SCHEME}:// could not be registered`);
}

// One instance: a second start hands its deep link to this one and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    const route = deepLinkFromArgv(argv);
    if (route) showScreen(route);
    else showWindow();
  });
  // macOS hands links over as an event, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (app.isReady()) openDeepLink(url);
    else pendingRoute = parseDeepLink(url) ?? pendingRoute;
  });
  app.setName(APP_NAME);
  registerDeepLinks();
  start().catch((error: unknown) => {
    console.error(error);
    app.exit(1);
  });
}
