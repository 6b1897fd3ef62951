import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { DesktopBridge } from '@shared/desktop-bridge';
import { ServerUrlForm } from './ServerUrlForm';

/** First run: nothing works before the app knows which server it administers. */
export function FirstRunScreen({
  bridge,
  onSaved,
}: {
  bridge: DesktopBridge;
  onSaved(serverUrl: string): void;
}) {
  return (
    <Center mih="100dvh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480} component="main">
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            Selamat datang di DiskonRadar Admin
          </Title>
          <Text c="dimmed">
            Masukkan alamat server DiskonRadar yang ingin Anda kelola. Aplikasi memeriksa alamatnya
            sebelum menyimpannya.
          </Text>
        </Stack>
        <ServerUrlForm
          bridge={bridge}
          initialUrl=""
          submitLabel="Simpan dan sambungkan"
          onSaved={onSaved}
        />
      </Paper>
    </Center>
  );
}
