import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconInfo } from './admin-icons';

/** The 'Loading...' line of the admin lists. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert" icon={<IconInfo />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Coba lagi
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}
