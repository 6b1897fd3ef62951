import path from 'node:path';
import type { Database } from '../../db/database';
import { cleanUpImports } from './housekeeping';
import { runImport, type ImportRun, type RunnerDeps } from './runner';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'imports');

/**
 * The imports this process runs. A graceful stop (SIGTERM) lets each finish its current
 * chunk, record it and end as failed with the reason, instead of being cut off mid-file.
 */
export class ImportRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private housekeeping: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly uploads: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Cleans up after a previous process now, then every hour. */
  async startHousekeeping(): Promise<void> {
    const result = await cleanUpImports(this.db, this.uploads, { startup: true });
    if (result.deadJobs + result.orphanFiles > 0 || result.scratchFile) {
      this.log(
        `Imports: ${result.deadJobs} interrupted job(s) marked failed, ` +
          `${result.orphanFiles} leftover upload(s) removed` +
          (result.scratchFile ? ', a bulk import’s scratch file removed.' : '.'),
      );
    }
    this.housekeeping = setInterval(() => {
      cleanUpImports(this.db, this.uploads, { startup: false }).catch((error: unknown) =>
        this.log(`Import housekeeping failed: ${String(error)}`),
      );
    }, HOUSEKEEPING_INTERVAL_MS);
    this.housekeeping.unref();
  }

  /** Runs the job after the upload's answer; its state is in the database for every process. */
  start(deps: Omit<RunnerDeps, 'stopping'>, run: ImportRun): void {
    const running = runImport({ ...deps, stopping: this.stopping.signal }, run)
      .catch(deps.onUnexpectedError)
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Asks every run to stop after its current chunk and waits until they have. */
  async stop(): Promise<void> {
    if (this.housekeeping) clearInterval(this.housekeeping);
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }
}
