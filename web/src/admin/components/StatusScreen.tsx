import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-page status line used by the auth flow ('Checking authentication...', ...). */
export function StatusScreen({ text }: { text: string }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
