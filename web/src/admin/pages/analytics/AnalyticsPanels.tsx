// The building blocks every analytics tab draws with: a figure, a titled panel, and a ranked
// list with bars.
import type { ReactNode } from 'react';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import { EmptyState } from '../../components/QueryState';
import { StatCard } from '../../components/StatCard';
import classes from './AnalyticsPanels.module.css';

export function Figure(props: { label: string; value: string; hint?: string }) {
  return <StatCard {...props} testId="figure-value" />;
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * Ranked list: each name on its own line (two lines at most, then the full name on hover) with
 * its exact figure at the right and a bar below, so long names stay readable on a phone
 * instead of running over the figures.
 */
export function Ranking({
  items,
  barsLabel,
  valueLabel,
  empty,
}: {
  items: { name: string; value: number }[];
  barsLabel: string;
  valueLabel: string;
  empty: string;
}) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <div>
      <Group justify="space-between" mb={6} aria-hidden>
        <Text size="xs" fw={600} c="dimmed">
          {barsLabel}
        </Text>
        <Text size="xs" fw={600} c="dimmed">
          {valueLabel}
        </Text>
      </Group>
      <Stack gap="sm" component="ol" className={classes.ranking}>
        {items.map((item) => {
          const name = item.name || '(tidak diketahui)';
          return (
            <li key={name} aria-label={`${name}: ${formatNumber(item.value)} ${valueLabel}`}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text size="sm" lineClamp={2} title={name} miw={0}>
                  {name}
                </Text>
                <Text size="sm" fw={600}>
                  {formatNumber(item.value)}
                </Text>
              </Group>
              <Progress
                value={(item.value / max) * 100}
                size="sm"
                color="brand"
                mt={4}
                aria-hidden
              />
            </li>
          );
        })}
      </Stack>
    </div>
  );
}

export const pageRow = (page: { path: string; views: number }) => ({
  name: page.path,
  value: page.views,
});

export function RankingPanel({
  title,
  ...ranking
}: { title: string } & Parameters<typeof Ranking>[0]) {
  return (
    <Panel title={title}>
      <Ranking {...ranking} />
    </Panel>
  );
}
