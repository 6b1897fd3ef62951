import { TIMINGS } from '@shared/constants';
import { formatDateTime } from '@shared/rules/format';
import { useNow } from '../lib/use-now';
import { ClockIcon } from './site-icons';

/** Date and time in id-ID (Asia/Jakarta), refreshed every second. */
export function LiveClock() {
  const now = useNow(TIMINGS.clockRefresh);
  return (
    <p className="live-clock">
      <ClockIcon />
      <time dateTime={new Date(now).toISOString()}>
        {formatDateTime(now, { weekday: true, seconds: true })} WIB
      </time>
    </p>
  );
}
