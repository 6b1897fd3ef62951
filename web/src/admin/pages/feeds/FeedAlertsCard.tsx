import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import type { StatsResponse } from '@shared/types';
import { feedAlertsOf } from '../../lib/feed-display';
import { IconInfo } from '../../components/admin-icons';
import classes from '../DashboardPage.module.css';

/** Dashboard card "Feed bermasalah": feeds whose last run failed or that have not run on time. */
export function FeedAlertsCard({
  stats,
  loading,
}: {
  stats: StatsResponse | undefined;
  loading: boolean;
}) {
  const { count, items } = feedAlertsOf(stats);
  const bad = count > 0;
  return (
    <UnstyledButton
      component={Link}
      to="/feeds"
      className={classes.navCard}
      aria-label={`Feed bermasalah: ${loading ? 'memuat' : formatNumber(count)}, buka Sumber Feed`}
      data-testid="feed-alerts-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color={bad ? 'red' : 'teal'}>
          <IconInfo size={22} />
        </ThemeIcon>
        <div>
          <Text fw={600}>Feed bermasalah</Text>
          <Text fz={28} fw={700} data-testid="feed-alerts-value">
            {loading ? '...' : formatNumber(count)}
          </Text>
          <Text size="sm" c="dimmed">
            {bad
              ? 'Feed yang gagal atau tidak berjalan tepat waktu. Buka Sumber Feed untuk melihatnya.'
              : 'Semua feed berjalan sesuai jadwal.'}
          </Text>
          {items.slice(0, 3).map((item) => (
            <Text key={item.feedId} size="xs" c="red.8" mt={2}>
              {item.name}: {item.alert}
            </Text>
          ))}
        </div>
      </Group>
    </UnstyledButton>
  );
}
