import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database';
import { removeLeftFtsAside } from '../../seed/fts-aside';
import {
  activeJobIds,
  failDeadJobs,
  KEEP_FINISHED_JOBS_MS,
  purgeFinishedJobs,
  STALE_JOB_MS,
} from './jobs';

export interface HousekeepingResult {
  /** Jobs left queued or running by a process that is gone, now failed. */
  deadJobs: number;
  /** Uploads in DATA_DIR/imports that no running job reads. */
  orphanFiles: number;
  /** Finished jobs older than a week, deleted with their failed rows. */
  purgedJobs: number;
  /** Whether a bulk import's scratch file was left beside the SQLite database. */
  scratchFile: boolean;
}

async function uploadFiles(uploads: string): Promise<string[]> {
  try {
    return (await readdir(uploads)).filter((name) => name.endsWith('.csv'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * What an import cut short leaves behind, cleaned up at start-up and then every hour: jobs
 * that stay `running` with no process to run them, their uploads, old finished jobs, and (at
 * a SQLite start) a bulk import's scratch file.
 * At the start of a SQLite server (the only process) every active job is dead and every
 * upload an orphan; otherwise a job or an upload counts as abandoned only after STALE_JOB_MS
 * without a change, since another PostgreSQL worker may be running it or receiving it.
 */
export async function cleanUpImports(
  db: Database,
  uploads: string,
  { startup }: { startup: boolean },
): Promise<HousekeepingResult> {
  const everyActive = startup && db.dialect === 'sqlite';
  const deadJobs = await failDeadJobs(db, { everyActive });
  const active = await activeJobIds(db);
  let orphanFiles = 0;
  const now = Date.now();
  for (const name of await uploadFiles(uploads)) {
    if (active.has(name.slice(0, -'.csv'.length))) continue;
    const file = path.join(uploads, name);
    const changed = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => null,
    );
    if (changed === null || (!everyActive && now - changed < STALE_JOB_MS)) continue;
    await rm(file, { force: true });
    orphanFiles++;
  }
  const purgedJobs = await purgeFinishedJobs(db, now - KEEP_FINISHED_JOBS_MS);
  const scratchFile = everyActive && (await removeLeftFtsAside(db));
  return { deadJobs, orphanFiles, purgedJobs, scratchFile };
}
