import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from './admin-icons';
import { EmptyState, ErrorState, LoadingState } from './QueryState';

/** The parts of a list query the section reads; any TanStack list query fits. */
export interface ManagerListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  data: readonly unknown[] | undefined;
  refetch(): unknown;
}

export interface ManagerSectionProps {
  /** Without a title the description stands alone (e.g. a gallery inside a titled page). */
  title?: string;
  description: ReactNode;
  addLabel: string;
  onAdd(): void;
  query: ManagerListQuery;
  loadErrorTitle: string;
  emptyText: ReactNode;
  /** Rendered after the query states whatever the state, so each list keeps its own wrapper. */
  children: ReactNode;
}

/** Header with an add button, then the loading / error / empty states of an admin list. */
export function ManagerSection({
  title,
  description,
  addLabel,
  onAdd,
  query,
  loadErrorTitle,
  emptyText,
  children,
}: ManagerSectionProps) {
  const text = (
    <Text size="sm" c="dimmed">
      {description}
    </Text>
  );
  return (
    <Stack>
      <Group justify="space-between">
        {title === undefined ? (
          text
        ) : (
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            {text}
          </div>
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState
          title={loadErrorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && query.data?.length === 0 && <EmptyState>{emptyText}</EmptyState>}
      {children}
    </Stack>
  );
}
