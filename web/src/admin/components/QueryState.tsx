import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconInfo } from './admin-icons';

/** The 'Memuat...' line of the admin lists. */
export function LoadingState({ text = 'Memuat...' }: { text?: string }) {
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

/** The parts of a query the states read; any TanStack query fits. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * The loading, error and empty states of an admin list, in that order. They stand beside the
 * list rather than around it, so a list already loaded stays on screen under a failed refetch.
 */
export function ListQueryStates({
  query,
  errorTitle,
  empty,
  emptyText,
  retry = true,
}: {
  query: ListQuery;
  errorTitle: string;
  /** Whether the loaded list shows nothing (after any filter of the screen's own). */
  empty: boolean;
  emptyText: ReactNode;
  retry?: boolean;
}) {
  return (
    <>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState
          title={errorTitle}
          error={query.error}
          onRetry={retry ? () => void query.refetch() : undefined}
        />
      )}
      {query.isSuccess && empty && <EmptyState>{emptyText}</EmptyState>}
    </>
  );
}
