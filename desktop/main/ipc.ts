// IPC handlers: one kebab-case channel per request; each checks that the sender is a frame of
// the app itself (app://admin) and parses its payload with zod before the handler runs.
import { z } from 'zod';
import type {
  AlertSettings,
  DesktopConnection,
  RealtimeSnapshot,
  ServerUrlResult,
} from '@shared/desktop-bridge';
import { alertSettingsSchema } from '@shared/desktop-settings';
import { IPC } from '../common/ipc-channels';
import { isTrustedAppUrl } from './security';

export interface IpcHandlers {
  getConnection(): Promise<DesktopConnection | null>;
  setServerUrl(input: string): Promise<ServerUrlResult>;
  getAlertSettings(): Promise<AlertSettings>;
  setAlertSettings(settings: AlertSettings): Promise<AlertSettings>;
  getRealtime(): RealtimeSnapshot;
  sessionChanged(signedIn: boolean): void;
  openExternal(url: string): Promise<boolean>;
}

/** What an IPC event tells about its sender (Electron's IpcMainEvent, narrowed). */
export interface IpcSenderEvent {
  senderFrame?: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => void): void;
}

const noPayload = z.undefined();

export const IPC_PAYLOADS = {
  [IPC.getConnection]: noPayload,
  [IPC.setServerUrl]: z.string().max(2048),
  [IPC.getAlertSettings]: noPayload,
  [IPC.setAlertSettings]: alertSettingsSchema,
  [IPC.getRealtime]: noPayload,
  [IPC.sessionChanged]: z.boolean(),
  [IPC.openExternal]: z.string().max(4096),
} as const;

export class IpcRejected extends Error {
  override readonly name = 'IpcRejected';
}

export function isTrustedSender(event: IpcSenderEvent): boolean {
  return isTrustedAppUrl(event.senderFrame?.url);
}

type Channel = keyof typeof IPC_PAYLOADS;
type PayloadOf<C extends Channel> = z.output<(typeof IPC_PAYLOADS)[C]>;

/** The payload of a trusted sender, parsed; throws IpcRejected for anything else. */
export function checkIpcMessage<C extends Channel>(
  channel: C,
  event: IpcSenderEvent,
  payload: unknown,
): PayloadOf<C> {
  if (!isTrustedSender(event)) throw new IpcRejected(`${channel}: untrusted sender`);
  const parsed = IPC_PAYLOADS[channel].safeParse(payload);
  if (!parsed.success) throw new IpcRejected(`${channel}: invalid payload`);
  // The schema picked by `channel` produced it, so it is that channel's payload.
  return parsed.data as PayloadOf<C>;
}

export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: IpcHandlers,
  log: (line: string) => void = () => undefined,
): void {
  const handle = <C extends Channel>(channel: C, run: (payload: PayloadOf<C>) => unknown) => {
    ipcMain.handle(channel, (event, payload) => run(checkIpcMessage(channel, event, payload)));
  };
  handle(IPC.getConnection, () => handlers.getConnection());
  handle(IPC.setServerUrl, (input) => handlers.setServerUrl(input));
  handle(IPC.getAlertSettings, () => handlers.getAlertSettings());
  handle(IPC.setAlertSettings, (settings) => handlers.setAlertSettings(settings));
  handle(IPC.getRealtime, () => handlers.getRealtime());
  handle(IPC.openExternal, (url) => handlers.openExternal(url));

  // A one-way message: a rejected one is logged and dropped.
  ipcMain.on(IPC.sessionChanged, (event, payload) => {
    try {
      handlers.sessionChanged(checkIpcMessage(IPC.sessionChanged, event, payload));
    } catch (error) {
      log(String(error));
    }
  });
}
