import { useState } from 'react';
import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import type { DesktopAlert, DesktopBridge } from '@shared/desktop-bridge';
import { formatDateTime } from '@shared/rules/format';
import { AlertSettingsForm } from './AlertSettingsForm';
import { ServerUrlForm } from './ServerUrlForm';

function NotificationPermission() {
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  if (permission === 'granted') return null;
  if (permission === 'unsupported' || permission === 'denied') {
    return (
      <Text size="sm" c="dimmed">
        Browser ini tidak mengizinkan notifikasi; peringatan tetap tampil di bilah status.
      </Text>
    );
  }
  return (
    <Button
      variant="light"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Izinkan notifikasi
    </Button>
  );
}

export function SettingsDialog({
  bridge,
  opened,
  serverUrl,
  alerts,
  onClose,
  onServerSaved,
}: {
  bridge: DesktopBridge;
  opened: boolean;
  serverUrl: string;
  alerts: DesktopAlert[];
  onClose(): void;
  onServerSaved(serverUrl: string): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pengaturan"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup pengaturan' }}
    >
      <Stack gap="lg">
        <section aria-labelledby="settings-server">
          <Title order={2} size="h4" id="settings-server" mb="xs">
            Server
          </Title>
          <ServerUrlForm
            key={serverUrl}
            bridge={bridge}
            initialUrl={serverUrl}
            submitLabel="Simpan server"
            onSaved={onServerSaved}
          />
        </section>
        <Divider />
        <section aria-labelledby="settings-alerts">
          <Title order={2} size="h4" id="settings-alerts" mb="xs">
            Peringatan lalu lintas
          </Title>
          <Stack gap="sm">
            {bridge.kind === 'browser' && <NotificationPermission />}
            <AlertSettingsForm bridge={bridge} />
          </Stack>
        </section>
        <Divider />
        <section aria-labelledby="settings-recent">
          <Title order={2} size="h4" id="settings-recent" mb="xs">
            Peringatan terakhir
          </Title>
          {alerts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Belum ada peringatan sejak aplikasi dibuka.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {alerts.map((alert) => (
                <li key={`${alert.kind}-${alert.at}`}>
                  <Text size="sm" fw={600}>
                    {alert.title}
                  </Text>
                  <Text size="sm">{alert.body}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(alert.at)}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </Modal>
  );
}
