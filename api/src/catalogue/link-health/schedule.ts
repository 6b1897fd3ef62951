import { QueryTypes } from 'sequelize';
import type { Database } from '../../db/database';
import { checkLinks, type CheckOptions, type CheckSummary } from './checker';

export type Env = Record<string, string | undefined>;

/** LINK_CHECK_INTERVAL_HOURS: 24 when unset, 0 turns the schedule off. */
export function linkCheckIntervalHours(env: Env = process.env): number {
  const raw = env.LINK_CHECK_INTERVAL_HOURS?.trim();
  if (!raw) return 24;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours < 0) {
    throw new Error(`LINK_CHECK_INTERVAL_HOURS must be 0 or a positive number, got "${raw}"`);
  }
  return hours;
}

const HOUR_MS = 60 * 60 * 1000;

/** An overdue run waits this long after start-up, so a start is never slowed by a check. */
export const OVERDUE_RUN_DELAY_MS = 5 * 60_000;
/** setTimeout's longest delay; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How long after now the first scheduled run is due: `hours` after the last check any link
 * had (staff's check, `npm run links:check` or an earlier run), and `hours` from now when
 * no link was ever checked. A server start alone never checks the links (the demo catalogue
 * would otherwise send hundreds of requests to the real marketplaces on every start); an
 * overdue run waits OVERDUE_RUN_DELAY_MS.
 */
export async function firstRunDelayMs(
  db: Database,
  hours: number,
  now = Date.now(),
): Promise<number> {
  const rows = await db.sequelize.query<{ last: string | Date | null }>(
    'SELECT max("lastCheckedAt") AS last FROM platform_links',
    { type: QueryTypes.SELECT },
  );
  const raw = rows[0]?.last ?? null;
  const last = raw === null ? Number.NaN : new Date(raw).getTime();
  const interval = hours * HOUR_MS;
  if (Number.isNaN(last)) return interval;
  return Math.max(OVERDUE_RUN_DELAY_MS, last + interval - now);
}

/** setTimeout for any delay (a long interval would overflow a single timer), unref'd. */
function after(ms: number, run: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = (left: number) => {
    timer = setTimeout(
      () => (left > MAX_TIMER_MS ? arm(left - MAX_TIMER_MS) : run()),
      Math.min(left, MAX_TIMER_MS),
    );
    timer.unref();
  };
  arm(ms);
  return () => clearTimeout(timer);
}

export interface ScheduleOptions extends CheckOptions {
  /** The first run waits exactly this long (tests); by default firstRunDelayMs decides. */
  initialDelayMs?: number;
  /** NODE_ENV=test never checks on a schedule unless this is set. */
  runInTests?: boolean;
  /** Called after each run (for tests and logs). */
  onRun?: (summary: CheckSummary) => void;
}

/**
 * Checks every link every `hours` hours in the background (the first run: firstRunDelayMs),
 * never two runs at once. Timers are unref'd, so they never hold the process open. Returns
 * stop(), which abandons a run in progress (links checked so far stay stored) and waits for
 * it to end.
 */
export function startLinkHealthSchedule(
  db: Database,
  hours: number,
  log: (line: string) => void,
  options: ScheduleOptions = {},
): () => Promise<void> {
  if (!(hours > 0)) {
    log('[links] link checks are off (LINK_CHECK_INTERVAL_HOURS=0)');
    return async () => undefined;
  }
  if (process.env.NODE_ENV === 'test' && !options.runInTests) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const abort = new AbortController();
  const run = () => {
    if (running || stopped) return;
    running = checkLinks(db, { log, ...options, signal: abort.signal })
      .then((summary) => options.onRun?.(summary))
      .catch((error: unknown) => log(`[links] link check failed: ${String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  // Each run plans the next one `hours` later, whether it found anything or not.
  let cancel: () => void = () => undefined;
  const runAndPlan = () => {
    run();
    cancel = after(hours * HOUR_MS, runAndPlan);
  };
  const planned =
    options.initialDelayMs !== undefined
      ? Promise.resolve(options.initialDelayMs)
      : firstRunDelayMs(db, hours).catch(() => hours * HOUR_MS);
  void planned.then((delay) => {
    if (!stopped) cancel = after(delay, runAndPlan);
  });
  return async () => {
    stopped = true;
    cancel();
    abort.abort();
    await running;
  };
}
