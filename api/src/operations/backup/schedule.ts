import type { Database } from '../../db/database';
import { SharedCounters } from '../../lib/shared-limits';
import { createBackup } from './create';
import { formatBytes, seconds } from './format';
import { backupFileTime } from './manifest';
import { listBackups, pruneBackups } from './prune';
import type { BackupSettings } from './settings';

const HOUR_MS = 60 * 60 * 1000;
/** How often a server looks whether a backup is due (a shorter interval: that interval). */
const CHECK_EVERY_MS = 10 * 60_000;
/** shared_limits key of the scheduled backup's claim (PostgreSQL, several processes). */
const CLAIM_KEY = 'backup:scheduled';

export interface ScheduleSource {
  databaseUrl: string | null;
  dataDir: string;
  settings: BackupSettings;
}

/**
 * BACKUP_INTERVAL_HOURS: a backup is due `interval` after the newest file in BACKUP_DIR, so
 * restarts never reset the clock. Each process checks every few minutes; the one that claims
 * the interval (PostgreSQL: a claim in shared_limits that every worker and server sees;
 * SQLite is one process) takes the backup, then prunes to BACKUP_KEEP. A failed backup is
 * logged and, the claim standing, tried again an interval later. Timers are unref'd. Returns
 * stop(); a backup in progress is left to finish or to die with the process (its hidden
 * staging folder is all it leaves).
 */
export function startBackupSchedule(
  db: Database,
  source: ScheduleSource,
  log: (line: string) => void,
): () => void {
  const hours = source.settings.intervalHours;
  if (hours === null) return () => undefined;
  const intervalMs = hours * HOUR_MS;
  // A little under the interval, so the next interval's check finds the claim free.
  const claimMs = intervalMs * 0.9;
  let lastClaim = 0;
  const counters = db.dialect === 'postgres' ? new SharedCounters(db) : null;
  const claim = async (): Promise<boolean> => {
    if (counters) return counters.claim(CLAIM_KEY, claimMs);
    if (Date.now() - lastClaim < claimMs) return false;
    lastClaim = Date.now();
    return true;
  };
  let running = false;
  let stopped = false;

  const due = async (): Promise<boolean> => {
    const newest = (await listBackups(source.settings.dir)).at(-1);
    const time = newest ? backupFileTime(newest) : null;
    return !time || Date.now() - time.getTime() >= claimMs;
  };

  const check = async () => {
    if (running || stopped) return;
    running = true;
    try {
      if (!(await due()) || !(await claim())) return;
      log('[backup] scheduled backup starting...');
      const result = await createBackup({
        databaseUrl: source.databaseUrl,
        dataDir: source.dataDir,
        dir: source.settings.dir,
      });
      log(
        `[backup] wrote ${result.file} (${formatBytes(result.bytes)}, ${seconds(result.ms)}, ` +
          `schema ${result.manifest.schemaVersion})`,
      );
      const pruned = await pruneBackups(source.settings.dir, source.settings.keep);
      if (pruned.length > 0) log(`[backup] deleted ${pruned.length} older: ${pruned.join(', ')}`);
    } catch (error) {
      log(
        `[backup] SCHEDULED BACKUP FAILED: ${error instanceof Error ? error.message : String(error)}` +
          ` (next try in ${hours} h)`,
      );
    } finally {
      running = false;
    }
  };

  log(
    `[backup] a backup every ${hours} h into ${source.settings.dir} (keeping ${source.settings.keep})`,
  );
  const timer = setInterval(() => void check(), Math.min(intervalMs, CHECK_EVERY_MS));
  timer.unref();
  // The first look soon after start-up, never during it.
  const first = setTimeout(() => void check(), Math.min(intervalMs, 60_000));
  first.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
  };
}
