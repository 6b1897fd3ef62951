import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { SharedCounters } from '../lib/shared-limits';
import { ClickQueue, type ClickQueueOptions } from './queue';
import { CLICK_WINDOW_MS, ClickRecorder, type ClickSink } from './recorder';
import { goRoutes, type GoRouter } from './routes';

export {
  ClickRecorder,
  visitorHash,
  type ClickInput,
  type ClickOutcome,
  type ClickSink,
} from './recorder';
export { goRoutes, safeRedirectUrl, type GoRouter } from './routes';
export { ClickQueue, type ClickQueueOptions, type ClickQueueStats } from './queue';

export interface Go {
  /** Mount at /go, before the web app's catch-all; clearCache() after admin writes. */
  router: GoRouter;
  recorder: ClickRecorder;
  /** The bounded queue between the 302 and the analytics buffer. */
  queue: ClickQueue;
  /** Resolves once every click handed over so far is in the analytics buffer (or refused). */
  settle(): Promise<void>;
  /**
   * Stops taking clicks (503) and hands every queued one to the analytics buffer; call on
   * shutdown after the HTTP server closed and before the analytics buffer stops, which writes
   * them.
   */
  close(): Promise<void>;
}

/**
 * The click redirect with its dedupe and its bounded queue (./queue.ts). Counted clicks go to
 * `clicks`, the analytics write buffer, which stores them with the visitors' rows (flushed on
 * shutdown like them).
 */
export function createGo(options: {
  config: Pick<AppConfig, 'sessionSecret'>;
  db: Database;
  log: (line: string) => void;
  clicks: ClickSink;
  /** The queue's bounds (tests, benches); defaults in ./queue.ts. */
  queue?: Pick<
    ClickQueueOptions,
    'maxQueued' | 'maxQueuedBytes' | 'batchSize' | 'claimGatherMs' | 'maxWaitMs' | 'maxWaiting'
  >;
}): Go {
  const { config, db, log, clicks } = options;
  const recorder = new ClickRecorder({ secret: config.sessionSecret, sink: clicks });
  // Several processes may share one PostgreSQL: the click dedupe is shared there too, claimed
  // once per batch of clicks.
  const counters = db.dialect === 'postgres' ? new SharedCounters(db) : null;
  const queue = new ClickQueue({
    ...options.queue,
    recorder,
    sink: clicks,
    windowMs: CLICK_WINDOW_MS,
    claim: counters ? (keys, windowMs) => counters.claimMany(keys, windowMs) : undefined,
    log,
  });
  return {
    router: goRoutes({ db, log, recordClick: (click) => queue.admit(click) }),
    recorder,
    queue,
    settle: () => queue.settle(),
    close: () => queue.close(),
  };
}
