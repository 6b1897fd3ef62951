import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { IPC } from '../common/ipc-channels';
import { IpcRejected, registerIpcHandlers, type IpcHandlers, type IpcSenderEvent } from './ipc';

type Listener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

function setup() {
  const handled = new Map<string, Listener>();
  const received = new Map<string, Listener>();
  const calls: unknown[][] = [];
  const handlers: IpcHandlers = {
    getConnection: async () => ({ serverUrl: 'https://a.example', apiBaseUrl: '' }),
    setServerUrl: async (input) => {
      calls.push(['setServerUrl', input]);
      return { ok: true, serverUrl: input };
    },
    getAlertSettings: async () => DEFAULT_ALERT_SETTINGS,
    setAlertSettings: async (settings) => {
      calls.push(['setAlertSettings', settings]);
      return settings;
    },
    getRealtime: () => ({ status: 'Disconnected', stats: null }),
    sessionChanged: (signedIn) => {
      calls.push(['sessionChanged', signedIn]);
    },
    openExternal: async (url) => {
      calls.push(['openExternal', url]);
      return true;
    },
  };
  const logs: string[] = [];
  registerIpcHandlers(
    {
      handle: (channel, listener) => handled.set(channel, listener),
      on: (channel, listener) => received.set(channel, listener),
    },
    handlers,
    (line) => logs.push(line),
  );
  const invoke = (channel: string, event: IpcSenderEvent, payload?: unknown) => {
    const listener = handled.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return Promise.resolve().then(() => listener(event, payload));
  };
  const send = (channel: string, event: IpcSenderEvent, payload?: unknown) =>
    received.get(channel)?.(event, payload);
  return { handled, invoke, send, calls, logs };
}

const app: IpcSenderEvent = { senderFrame: { url: 'app://admin/index.html#/dashboard' } };

describe('registerIpcHandlers', () => {
  it('registers one kebab-case channel per request', () => {
    const { handled } = setup();
    expect([...handled.keys()].sort()).toEqual(
      [
        'get-alert-settings',
        'get-connection',
        'get-realtime',
        'open-external',
        'set-alert-settings',
        'set-server-url',
      ].sort(),
    );
  });

  it('answers the app’s own frames with parsed payloads', async () => {
    const { invoke, send, calls } = setup();
    await expect(invoke(IPC.getConnection, app)).resolves.toEqual({
      serverUrl: 'https://a.example',
      apiBaseUrl: '',
    });
    await invoke(IPC.setServerUrl, app, 'https://b.example');
    await invoke(IPC.setAlertSettings, app, { ...DEFAULT_ALERT_SETTINGS, quietMinutes: 3 });
    send(IPC.sessionChanged, app, true);
    expect(calls).toEqual([
      ['setServerUrl', 'https://b.example'],
      ['setAlertSettings', { ...DEFAULT_ALERT_SETTINGS, quietMinutes: 3 }],
      ['sessionChanged', true],
    ]);
  });

  it('rejects senders that are not app://admin frames', async () => {
    const { invoke, send, calls, logs } = setup();
    for (const event of [
      { senderFrame: { url: 'https://evil.example/' } },
      { senderFrame: { url: 'file:///tmp/index.html' } },
      { senderFrame: { url: 'app://other/index.html' } },
      { senderFrame: null },
      {},
    ]) {
      await expect(invoke(IPC.setServerUrl, event, 'https://b.example')).rejects.toBeInstanceOf(
        IpcRejected,
      );
    }
    send(IPC.sessionChanged, { senderFrame: { url: 'https://evil.example/' } }, true);
    expect(calls).toEqual([]);
    expect(logs).toEqual(['IpcRejected: session-changed: untrusted sender']);
  });

  it('rejects payloads of the wrong shape before any handler runs', async () => {
    const { invoke, send, calls } = setup();
    await expect(invoke(IPC.setServerUrl, app, { url: 'x' })).rejects.toThrow(
      'set-server-url: invalid payload',
    );
    await expect(invoke(IPC.setServerUrl, app, 'x'.repeat(3000))).rejects.toThrow(IpcRejected);
    await expect(
      invoke(IPC.setAlertSettings, app, { ...DEFAULT_ALERT_SETTINGS, spikeFactor: -1 }),
    ).rejects.toThrow('set-alert-settings: invalid payload');
    await expect(
      invoke(IPC.setAlertSettings, app, { ...DEFAULT_ALERT_SETTINGS, __proto__: null, extra: 1 }),
    ).rejects.toThrow(IpcRejected);
    await expect(invoke(IPC.getConnection, app, 'unexpected')).rejects.toThrow(IpcRejected);
    await expect(invoke(IPC.openExternal, app, 42)).rejects.toThrow(IpcRejected);
    send(IPC.sessionChanged, app, 'yes');
    expect(calls).toEqual([]);
  });
});
