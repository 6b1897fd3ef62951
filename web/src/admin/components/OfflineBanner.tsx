import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { SITE_LOCALE, SITE_TIME_ZONE } from '@shared/rules/format';
import { OFFLINE_MESSAGE } from '../network/network-monitor';
import { useNetworkStatus } from '../network/NetworkContext';
import classes from './OfflineBanner.module.css';

const clock = new Intl.DateTimeFormat(SITE_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SITE_TIME_ZONE,
});

/** Seconds until `at`, re-rendered each second while there is a time to count down to. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Shown while the API cannot be reached: the screens keep what they loaded (marked as from
 * the last answer) and the app reconnects with backoff (docs/contracts.md, "Offline").
 */
export function OfflineBanner() {
  const network = useNetworkStatus();
  const seconds = useSecondsUntil(network.reachable ? null : network.nextRetryAt);
  if (network.reachable) return null;
  const stale =
    network.lastAnswerAt === null
      ? 'Belum ada data dari server.'
      : `Menampilkan data terakhir, diperbarui ${clock.format(network.lastAnswerAt)}.`;
  return (
    <div className={classes.banner} data-testid="offline-banner">
      {/* Only the message is a live region; the countdown below would repeat it every second. */}
      <Text size="sm" className={classes.text} role="alert">
        <strong>{OFFLINE_MESSAGE}</strong> {stale}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dark.6">
          {network.checking
            ? 'Menghubungkan…'
            : seconds !== null
              ? `Mencoba lagi dalam ${seconds} detik`
              : ''}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={network.retryNow}
          loading={network.checking}
        >
          Coba sekarang
        </Button>
      </Group>
    </div>
  );
}
