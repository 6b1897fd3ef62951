import { describe, expect, it } from 'vitest';
import {
  denyAllPermissions,
  guardWebContents,
  isTrustedAppUrl,
  securePreferences,
  type GuardedWebContents,
} from './security';

type NavigationListener = (event: { preventDefault(): void }, url: string) => void;

function fakeContents() {
  const listeners = new Map<string, NavigationListener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: GuardedWebContents = {
    on: (event: string, listener: NavigationListener) => listeners.set(event, listener),
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const emit = (event: string, url = '') => {
    let prevented = false;
    listeners.get(event)?.({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  return { contents, emit, open: (url: string) => openHandler?.({ url }) };
}

describe('window security', () => {
  it('turns on isolation and the sandbox and keeps Node out of the renderer', () => {
    expect(securePreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('trusts only the app origin', () => {
    expect(isTrustedAppUrl('app://admin/index.html#/products')).toBe(true);
    expect(isTrustedAppUrl('app://admin.evil.example/')).toBe(false);
    expect(isTrustedAppUrl('https://admin/')).toBe(false);
    expect(isTrustedAppUrl('file:///index.html')).toBe(false);
    expect(isTrustedAppUrl(undefined)).toBe(false);
  });

  it('denies navigation away and new windows, sending http(s) links to the system browser', () => {
    const opened: string[] = [];
    const { contents, emit, open } = fakeContents();
    guardWebContents(contents, (url) => opened.push(url));
    expect(emit('will-navigate', 'app://admin/index.html#/analytics')).toBe(false);
    expect(emit('will-navigate', 'https://shopee.co.id/product/1')).toBe(true);
    expect(emit('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(emit('will-attach-webview')).toBe(true);
    expect(open('https://tokopedia.com/x')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('smb://share/file')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://shopee.co.id/product/1', 'https://tokopedia.com/x']);
  });

  it('grants no permission requests or checks', () => {
    const handlers: {
      request?: (
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
      ) => void;
      check?: () => boolean;
    } = {};
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => {
        handlers.request = handler;
      },
      setPermissionCheckHandler: (handler) => {
        handlers.check = handler;
      },
    });
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      handlers.request?.(null, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false]);
    expect(handlers.check?.()).toBe(false);
  });
});
