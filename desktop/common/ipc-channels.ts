// Kebab-case IPC channel names shared by the preload and the main process. One channel per
// request, never a catch-all.
export const IPC = {
  getConnection: 'get-connection',
  setServerUrl: 'set-server-url',
  getAlertSettings: 'get-alert-settings',
  setAlertSettings: 'set-alert-settings',
  getRealtime: 'get-realtime',
  sessionChanged: 'session-changed',
  openExternal: 'open-external',
  /** main -> renderer pushes */
  realtimeUpdate: 'realtime-update',
  alertRaised: 'alert-raised',
  navigate: 'navigate',
} as const;
