import path from 'node:path';
import { QueryTypes } from 'sequelize';
import type { AuditActor } from '../audit/log';
import type { Database, DatabaseOptions } from '../db/database';
import { fromDbTimestamp } from '../db/timestamps';
import type { FetchPolicy } from '../lib/safe-fetch';
import { learnProductWords } from '../catalogue/search/learn-words';
import { claimFeed, recoverCrashedRuns } from './lease';
import { executeFeedRun, type FeedRunDeps } from './run';
import { applyInWorker } from './run-in-child';

/** How often each server looks for due feeds. */
const CHECK_EVERY_MS = 60_000;
const SYSTEM: AuditActor = { userId: null, username: 'system', ip: null };

export const feedSpoolDir = (dataDir: string) => path.join(dataDir, 'feeds');

/** FEED_CONCURRENCY: feed runs at once in one process (default 1). */
export function feedConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FEED_CONCURRENCY?.trim();
  const value = raw ? Number(raw) : 1;
  if (!Number.isInteger(value) || value < 1 || value > 16) {
    throw new Error(`FEED_CONCURRENCY must be a whole number from 1 to 16, got "${raw}"`);
  }
  return value;
}

export interface FeedRunnerOptions {
  db: Database;
  policy: FetchPolicy;
  dataDir: string;
  /** Set later by the app (setCatalogueListener) when it owns the caches. */
  onCatalogueChanged?: () => void;
  log?: (line: string) => void;
  concurrency?: number;
  /**
   * Runs each feed in a process of its own, at the lowest CPU priority, with its own
   * connections to this database (the server's choice): the run's seconds of JavaScript and
   * its statements stay off the event loop and the threadpool that answer the site. Left out,
   * runs share this process (tests of the run itself).
   */
  worker?: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir' | 'sqliteFile'>;
}

/**
 * The feed runs of this process: started by staff (POST /{id}/run) or by the schedule. Which
 * process runs a feed is decided by the lease in the database (lease.ts), so any number of
 * processes may run the schedule. A stopping server lets each run end after its chunk.
 */
export class FeedRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  private catalogueChanged: () => void;

  constructor(private readonly options: FeedRunnerOptions) {
    this.catalogueChanged = options.onCatalogueChanged ?? (() => undefined);
  }

  /** Drops the caches and tells the other processes after a run that changed anything. */
  setCatalogueListener(listener: () => void): void {
    this.catalogueChanged = listener;
  }

  private deps(): FeedRunDeps {
    const log = this.options.log ?? (() => undefined);
    return {
      db: this.options.db,
      policy: this.options.policy,
      spoolDir: feedSpoolDir(this.options.dataDir),
      onCatalogueChanged: () => this.catalogueChanged(),
      onUnexpectedError: (error) =>
        log(`[feeds] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      stopping: this.stopping.signal,
      ...(this.options.worker ? { applyFile: this.applyOnWorker(this.options.worker, log) } : {}),
    };
  }

  private applyOnWorker(
    database: NonNullable<FeedRunnerOptions['worker']>,
    log: (line: string) => void,
  ): FeedRunDeps['applyFile'] {
    return (job) =>
      applyInWorker(
        {
          database,
          stopping: this.stopping.signal,
          learnWords: (skus) => learnProductWords(this.options.db, { skus }),
          onUnexpectedError: (error) =>
            log(`[feeds] ${error instanceof Error ? error.message : String(error)}`),
        },
        job,
      );
  }

  /** Claims the feed and runs it in the background: the run's id, or null when one is running. */
  async start(feedId: string, actor: AuditActor): Promise<string | null> {
    if (this.stopping.signal.aborted) return null;
    const claim = await claimFeed(this.options.db, feedId);
    if (!claim) return null;
    const deps = this.deps();
    const run = executeFeedRun(deps, feedId, claim, actor)
      .catch(deps.onUnexpectedError)
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return claim.runId;
  }

  /** Feeds whose schedule is due (enabled, last run at least `scheduleMinutes` ago). */
  private async dueFeeds(): Promise<string[]> {
    const rows = await this.options.db.sequelize.query<{
      id: string;
      scheduleMinutes: number | string;
      lastRunAt: unknown;
    }>(`SELECT id, "scheduleMinutes", "lastRunAt" FROM feeds WHERE enabled = :yes`, {
      replacements: { yes: true },
      type: QueryTypes.SELECT,
    });
    const now = Date.now();
    return rows
      .filter(
        (row) =>
          row.lastRunAt === null ||
          now - fromDbTimestamp(row.lastRunAt) >= Number(row.scheduleMinutes) * 60_000,
      )
      .map((row) => row.id);
  }

  /** One look at the schedule: recovers crashed runs, then starts due feeds up to the limit. */
  async checkSchedule(): Promise<void> {
    if (this.checking || this.stopping.signal.aborted) return;
    this.checking = true;
    try {
      await recoverCrashedRuns(this.options.db);
      const limit = this.options.concurrency ?? 1;
      for (const feedId of await this.dueFeeds()) {
        if (this.running.size >= limit) break;
        await this.start(feedId, SYSTEM);
      }
    } finally {
      this.checking = false;
    }
  }

  startSchedule(): void {
    const log = this.options.log ?? (() => undefined);
    const tick = () => {
      this.checkSchedule().catch((error: unknown) =>
        log(`[feeds] schedule check failed: ${String(error)}`),
      );
    };
    tick();
    this.timer = setInterval(tick, CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Waits for the runs of this process (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
    await this.idle();
  }
}
