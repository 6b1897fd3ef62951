import type { DatabaseOptions } from '../db/database';
import type { AppliedFile } from './run';
import type { StoredFeed } from './store';

/** The feed process's PostgreSQL connections in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'diskonradar feed';

/** What the server hands the feed process (structured-cloned over IPC: data only). */
export interface FeedWorkerData {
  database: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir' | 'sqliteFile'>;
  feed: StoredFeed;
  runId: string;
  file: string;
  /** The server was already stopping, or the lease already lost, when the process started. */
  stopping: boolean;
  leaseLost: boolean;
}

export type ToFeedWorker =
  /** The first message: the run to apply. */
  | { type: 'start'; data: FeedWorkerData }
  | { type: 'stop' }
  | { type: 'leaseLost' }
  | { type: 'learned'; request: number };

export type FromFeedWorker =
  /** Answered with `learned` and the same request number once the words are learned. */
  | { type: 'learnWords'; request: number; skus: string[] }
  /** An unexpected error, reported as the server reports its own. */
  | { type: 'error'; text: string }
  /** The last message: what the run wrote. */
  | { type: 'applied'; applied: AppliedFile };
