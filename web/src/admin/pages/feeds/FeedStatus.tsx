import { Badge, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import { FEED_RUN_STATUS_LABELS, type FeedRunStatus } from '@shared/schemas/feed';
import type { FeedRun } from '@shared/types';

const STATUS_COLORS: Record<FeedRunStatus, string> = {
  running: 'blue',
  done: 'teal',
  failed: 'red',
  canceled: 'gray',
};

/** A run's status as a badge ('Selesai', 'Gagal'...); 'tidak berubah (304)' beside it. */
export function RunStatusBadge({ run }: { run: FeedRun }) {
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[run.status]}
      data-testid="feed-run-status"
      style={{ minWidth: 'max-content' }}
    >
      {FEED_RUN_STATUS_LABELS[run.status]}
    </Badge>
  );
}

/** The counts of a run in one line: '120 baris · 3 baru · 40 diperbarui · 1 gagal'. */
export function runSummary(run: FeedRun): string {
  if (run.notModified) return 'tidak berubah (304)';
  const parts = [`${formatNumber(run.rows)} baris`];
  if (run.created) parts.push(`${formatNumber(run.created)} baru`);
  if (run.updated) parts.push(`${formatNumber(run.updated)} diperbarui`);
  if (run.unchanged) parts.push(`${formatNumber(run.unchanged)} tetap`);
  if (run.outOfStock) parts.push(`${formatNumber(run.outOfStock)} habis`);
  if (run.deactivated) parts.push(`${formatNumber(run.deactivated)} dinonaktifkan`);
  if (run.failed) parts.push(`${formatNumber(run.failed)} gagal`);
  return parts.join(' · ');
}

export function RunSummary({ run }: { run: FeedRun | null }) {
  if (!run) {
    return (
      <Text size="sm" c="dimmed">
        Belum pernah berjalan
      </Text>
    );
  }
  return (
    <div>
      <RunStatusBadge run={run} />
      <Text size="xs" c="dimmed" mt={2} data-testid="feed-run-summary">
        {runSummary(run)}
      </Text>
    </div>
  );
}
