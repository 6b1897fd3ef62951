// The one object the renderer gets (window.diskonRadar): typed by the shared DesktopBridge
// contract, each method one IPC channel. No ipcRenderer, no Node, nothing else leaks out.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  DESKTOP_BRIDGE_KEY,
  type AlertSettings,
  type DesktopAlert,
  type DesktopBridge,
  type DesktopConnection,
  type DesktopRoute,
  type RealtimeSnapshot,
  type ServerUrlResult,
} from '@shared/desktop-bridge';
import { IPC } from '../common/ipc-channels';

function listen<T>(channel: string, listener: (payload: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, payload: T) => listener(payload);
  ipcRenderer.on(channel, handler);
  return () => {
    ipcRenderer.removeListener(channel, handler);
  };
}

const bridge: DesktopBridge = {
  kind: 'electron',
  getConnection: () => ipcRenderer.invoke(IPC.getConnection) as Promise<DesktopConnection | null>,
  setServerUrl: (input) => ipcRenderer.invoke(IPC.setServerUrl, input) as Promise<ServerUrlResult>,
  getAlertSettings: () => ipcRenderer.invoke(IPC.getAlertSettings) as Promise<AlertSettings>,
  setAlertSettings: (settings) =>
    ipcRenderer.invoke(IPC.setAlertSettings, settings) as Promise<AlertSettings>,
  sessionChanged: (signedIn) => ipcRenderer.send(IPC.sessionChanged, signedIn),
  onRealtime: (listener) => {
    const stop = listen<RealtimeSnapshot>(IPC.realtimeUpdate, listener);
    void (ipcRenderer.invoke(IPC.getRealtime) as Promise<RealtimeSnapshot>).then(listener);
    return stop;
  },
  onAlert: (listener) => listen<DesktopAlert>(IPC.alertRaised, listener),
  onNavigate: (listener) => listen<DesktopRoute>(IPC.navigate, listener),
  openExternal: (url) => ipcRenderer.invoke(IPC.openExternal, url) as Promise<boolean>,
};

contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_KEY, bridge);
