import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import type { StatsResponse } from '@shared/types';
import { IconInfo } from '../../components/admin-icons';
import classes from '../DashboardPage.module.css';

/** A feed with an alert as GET /api/admin/stats lists it (feeds-engine's `feedAlerts`). */
export interface FeedAlertItem {
  feedId: string;
  name: string;
  alert: string;
}

/** The stats with the feed alerts: their number, or the list of them. */
type StatsWithFeedAlerts = StatsResponse & { feedAlerts?: number | FeedAlertItem[] };

/** How many feeds have an alert, and which ones when the stats name them. */
export function feedAlertsOf(stats: StatsResponse | undefined): {
  count: number;
  items: FeedAlertItem[];
} {
  const value = (stats as StatsWithFeedAlerts | undefined)?.feedAlerts;
  if (Array.isArray(value)) return { count: value.length, items: value };
  return { count: typeof value === 'number' ? value : 0, items: [] };
}

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
