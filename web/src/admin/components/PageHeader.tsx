import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconArrowLeft } from './admin-icons';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Back button to the dashboard, in the screen's language. */
  backLabel?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, backLabel, actions }: PageHeaderProps) {
  return (
    <Stack gap="sm" mb="lg">
      {backLabel && (
        <div>
          <Button
            component={Link}
            to="/dashboard"
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
            px={4}
          >
            {backLabel}
          </Button>
        </div>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
