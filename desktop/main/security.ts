// The window's safety rules, from Electron's security checklist: isolated, sandboxed renderer
// without Node; no navigation away from the app, no new windows, no webviews, no permissions.
// Electron objects come in as narrow interfaces so the rules are tested without Electron.
import type { WebPreferences } from 'electron';
import { isSafeExternalUrl } from '../common/external-links';
import { APP_ORIGIN } from './protocol';

export function securePreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
  };
}

/** Only the app's own pages may be shown in the window. */
export function isTrustedAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

interface PreventableEvent {
  preventDefault(): void;
}

export interface GuardedWebContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardedSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/** Applied to every web contents the app creates. */
export function guardWebContents(
  contents: GuardedWebContents,
  openExternal: (url: string) => void,
): void {
  const stayInApp = (event: PreventableEvent, url: string) => {
    if (isTrustedAppUrl(url)) return;
    event.preventDefault();
    if (isSafeExternalUrl(url)) openExternal(url);
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** The admin screens need no camera, location, notifications or anything else. */
export function denyAllPermissions(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
