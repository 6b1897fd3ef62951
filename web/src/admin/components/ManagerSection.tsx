import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from './admin-icons';
import { ListQueryStates, type ListQuery } from './QueryState';

/** The parts of a list query the section reads; any TanStack list query fits. */
export interface ManagerListQuery extends ListQuery {
  data: readonly unknown[] | undefined;
}

/** The title and dimmed description that head each content section. */
export function SectionHeading({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  );
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
  /** Above the list and its states, e.g. a search box. */
  toolbar?: ReactNode;
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
  toolbar,
  children,
}: ManagerSectionProps) {
  return (
    <Stack>
      <Group justify="space-between">
        {title === undefined ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : (
          <SectionHeading title={title} description={description} />
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {toolbar}
      <ListQueryStates
        query={query}
        errorTitle={loadErrorTitle}
        empty={query.data?.length === 0}
        emptyText={emptyText}
      />
      {children}
    </Stack>
  );
}
