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
  session,
  shell,
  Tray,
} from 'electron';
import { z } from 'zod';
import type { DesktopRoute, RealtimeSnapshot } from '@shared/desktop-bridge';
import { AlertMonitor } from '../common/alert-monitor';
import { openExternalLink } from '../common/external-links';
import { IPC } from '../common/ipc-channels';
import { NotificationManager, type NotificationApi } from '../common/notification-manager';
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
  APP_SCHEME,
  createAppProtocolHandler,
  devContentSecurityPolicy,
} from './protocol';
import { denyAllPermissions, guardWebContents, securePreferences } from './security';
import { ServerProxy } from './server-proxy';
import { ServerUrlStore } from './server-url-store';
import { TrayService } from './tray-service';

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

function sendToWindow(channel: string, payload: unknown): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload);
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title: APP_NAME,
    icon: iconPath,
    show: false,
    webPreferences: securePreferences(preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  // Closing the window keeps the app, its live connection and its alerts in the tray.
  window.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    window.hide();
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function showScreen(route: DesktopRoute): void {
  showWindow();
  sendToWindow(IPC.navigate, route);
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
    { openWindow: showWindow, quit },
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
    onClick: (alert) => showScreen(alert.route),
  });
  const monitor = new AlertMonitor({
    getSettings: () => alertSettings.settings,
    onDecision: (decision) => {
      const result = notifications.handle(decision);
      log(`alert ${decision.kind}: ${decision.reason} -> ${result.reason}`);
      if (decision.notify) sendToWindow(IPC.alertRaised, decision.alert);
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
        } else {
          live.disconnect();
          monitor.reset();
        }
      },
      openExternal,
    },
    log,
  );

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
          quit,
        },
        { platform: process.platform, appName: APP_NAME },
      ),
    ),
  );

  mainWindow = createWindow();
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
    monitor.stop();
    live.disconnect();
    tray.destroy();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.setName(APP_NAME);
  start().catch((error: unknown) => {
    console.error(error);
    app.exit(1);
  });
}
