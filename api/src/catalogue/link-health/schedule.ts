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

export interface ScheduleOptions extends CheckOptions {
  /** The first run waits this long after start-up (default 5 minutes), then every `hours`. */
  initialDelayMs?: number;
  /** NODE_ENV=test never checks on a schedule unless this is set. */
  runInTests?: boolean;
  /** Called after each run (for tests and logs). */
  onRun?: (summary: CheckSummary) => void;
}

/**
 * Checks every link every `hours` hours in the background, never two runs at once. Timers are
 * unref'd, so they never hold the process open. Returns stop(), which abandons a run in
 * progress (links checked so far stay stored) and waits for it to end.
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
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(
    () => {
      run();
      interval = setInterval(run, hours * HOUR_MS);
      interval.unref();
    },
    options.initialDelayMs ?? 5 * 60_000,
  );
  first.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    if (interval) clearInterval(interval);
    abort.abort();
    await running;
  };
}
