import { useEffect, useMemo, useState } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import {
  SETTINGS_ROUTE,
  type DesktopAlert,
  type DesktopBridge,
  type DesktopConnection,
  type DesktopRoute,
  type RealtimeSnapshot,
} from '@shared/desktop-bridge';
import { AdminApp } from '../../../web/src/admin/AdminApp';
import type { RealtimeSource } from '../../../web/src/admin/realtime/RealtimeSourceContext';
import { adminTheme } from '../../../web/src/admin/theme';
import { FirstRunScreen } from './FirstRunScreen';
import { observeSession } from './session-signal';
import { SettingsDialog } from './SettingsDialog';
import { StatusBar } from './StatusBar';

const RECENT_ALERTS = 20;

function useRealtimeSnapshot(bridge: DesktopBridge): RealtimeSnapshot {
  const [snapshot, setSnapshot] = useState<RealtimeSnapshot>({
    status: 'Disconnected',
    stats: null,
  });
  useEffect(() => bridge.onRealtime(setSnapshot), [bridge]);
  return snapshot;
}

/**
 * The desktop renderer: first run asks for the server; then the web admin screens (the same
 * AdminApp as /admin, in a hash router) with the desktop's status bar and Settings dialog.
 */
export function DesktopApp({ bridge }: { bridge: DesktopBridge }) {
  const [connection, setConnection] = useState<DesktopConnection | null | undefined>(undefined);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [alerts, setAlerts] = useState<DesktopAlert[]>([]);
  const snapshot = useRealtimeSnapshot(bridge);

  useEffect(() => {
    void bridge.getConnection().then(setConnection);
  }, [bridge]);

  useEffect(
    () =>
      bridge.onNavigate((route: DesktopRoute) => {
        if (route === SETTINGS_ROUTE) {
          setSettingsOpen(true);
          return;
        }
        setSettingsOpen(false);
        window.location.hash = `#${route}`;
      }),
    [bridge],
  );

  useEffect(
    () => bridge.onAlert((alert) => setAlerts((list) => [alert, ...list].slice(0, RECENT_ALERTS))),
    [bridge],
  );

  const adminFetch = useMemo(
    () =>
      observeSession(
        (input, init) => window.fetch(input, init),
        (signedIn) => bridge.sessionChanged(signedIn),
      ),
    [bridge],
  );
  const realtimeSource = useMemo<RealtimeSource>(
    () => ({ subscribe: (listener) => bridge.onRealtime(listener) }),
    [bridge],
  );

  const serverSaved = () => {
    setSettingsOpen(false);
    void bridge.getConnection().then(setConnection);
  };

  if (connection === undefined) {
    return (
      <MantineProvider theme={adminTheme}>
        <Center mih="100dvh">
          <Loader aria-label="Memuat" />
        </Center>
      </MantineProvider>
    );
  }

  if (connection === null) {
    return (
      <MantineProvider theme={adminTheme}>
        <FirstRunScreen bridge={bridge} onSaved={serverSaved} />
      </MantineProvider>
    );
  }

  return (
    <>
      <AdminApp
        key={connection.serverUrl}
        apiBaseUrl={connection.apiBaseUrl}
        basename=""
        routerKind="hash"
        fetch={adminFetch}
        realtimeSource={realtimeSource}
        siteUrl={connection.serverUrl}
      />
      <MantineProvider theme={adminTheme}>
        <StatusBar
          snapshot={snapshot}
          serverUrl={connection.serverUrl}
          latestAlert={alerts[0] ?? null}
          onOpenAlert={(alert) => {
            window.location.hash = `#${alert.route}`;
          }}
          onOpenSite={() => void bridge.openExternal(connection.serverUrl)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <SettingsDialog
          bridge={bridge}
          opened={settingsOpen}
          serverUrl={connection.serverUrl}
          alerts={alerts}
          onClose={() => setSettingsOpen(false)}
          onServerSaved={serverSaved}
        />
      </MantineProvider>
    </>
  );
}
