import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import type { DesktopAlert, RealtimeSnapshot } from '@shared/desktop-bridge';
import { formatNumber } from '@shared/rules/format';
import classes from './StatusBar.module.css';

/** The desktop app's own line under the admin screens: live state, server, latest alert. */
export function StatusBar({
  snapshot,
  serverUrl,
  latestAlert,
  onOpenAlert,
  onOpenSite,
  onOpenSettings,
}: {
  snapshot: RealtimeSnapshot;
  serverUrl: string;
  latestAlert: DesktopAlert | null;
  onOpenAlert(alert: DesktopAlert): void;
  onOpenSite(): void;
  onOpenSettings(): void;
}) {
  const live = snapshot.status === 'Live';
  const visitors = snapshot.stats?.currentVisitors;
  return (
    <footer className={classes.bar} aria-label="Status aplikasi">
      <Group gap="sm" wrap="nowrap" className={classes.section}>
        <Badge
          variant="dot"
          color={live ? 'teal' : 'red'}
          data-testid="desktop-live-status"
          role="status"
          className={classes.nowrap}
        >
          {snapshot.status}
        </Badge>
        {live && visitors !== undefined && (
          <Text size="xs" data-testid="desktop-visitors" className={classes.nowrap}>
            {formatNumber(visitors)} pengunjung aktif
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate title={serverUrl} className={classes.server}>
          {serverUrl}
        </Text>
      </Group>
      <div className={classes.alert} aria-live="polite">
        {latestAlert && (
          <UnstyledButton
            onClick={() => onOpenAlert(latestAlert)}
            data-testid="desktop-latest-alert"
            className={classes.alertButton}
          >
            <Text size="xs" truncate>
              <strong>{latestAlert.title}</strong> · {latestAlert.body}
            </Text>
          </UnstyledButton>
        )}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.nowrap}>
        <Button size="compact-xs" variant="subtle" onClick={onOpenSite}>
          Buka situs
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={onOpenSettings}>
          Pengaturan
        </Button>
      </Group>
    </footer>
  );
}
