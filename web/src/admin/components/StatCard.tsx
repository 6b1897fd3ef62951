import { Card, Text } from '@mantine/core';

/** A labelled figure with an optional hint; `large` is the dashboard's size. */
export function StatCard({
  label,
  value,
  hint,
  large = false,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  large?: boolean;
  testId: string;
}) {
  return (
    <Card
      withBorder
      padding={large ? 'lg' : 'md'}
      radius="md"
      component="section"
      aria-label={label}
    >
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={large ? 32 : 28} fw={700} mt={4} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={large ? 4 : undefined}>
          {hint}
        </Text>
      )}
    </Card>
  );
}
