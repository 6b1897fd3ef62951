import path from 'node:path';

export type Env = Record<string, string | undefined>;

/** BACKUP_DIR, BACKUP_INTERVAL_HOURS and BACKUP_KEEP (README, "Backups"; docs/contracts.md). */
export interface BackupSettings {
  /** Where backups are written and pruned; DATA_DIR/backups by default. */
  dir: string;
  /** Hours between scheduled backups in the running server; null: no schedule (the default). */
  intervalHours: number | null;
  /** The newest this many backups are kept; older ones are deleted after each backup. */
  keep: number;
}

export const DEFAULT_BACKUP_KEEP = 14;

export function loadBackupSettings(env: Env, dataDir: string): BackupSettings {
  const dir = path.resolve(env.BACKUP_DIR?.trim() || path.join(dataDir, 'backups'));
  const rawInterval = env.BACKUP_INTERVAL_HOURS?.trim();
  let intervalHours: number | null = null;
  if (rawInterval && rawInterval !== '0') {
    const hours = Number(rawInterval);
    if (!Number.isFinite(hours) || hours <= 0) {
      throw new Error(
        `BACKUP_INTERVAL_HOURS must be a positive number of hours (or 0 for none), got "${rawInterval}"`,
      );
    }
    intervalHours = hours;
  }
  const rawKeep = env.BACKUP_KEEP?.trim();
  let keep = DEFAULT_BACKUP_KEEP;
  if (rawKeep) {
    keep = Number(rawKeep);
    if (!Number.isInteger(keep) || keep < 1) {
      throw new Error(`BACKUP_KEEP must be a whole number, at least 1, got "${rawKeep}"`);
    }
  }
  return { dir, intervalHours, keep };
}
