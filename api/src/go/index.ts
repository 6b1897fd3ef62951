import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { SharedCounters } from '../lib/shared-limits';
import { ClickRecorder, type ClickInput, type ClickSink } from './recorder';
import { goRoutes, type GoRouter } from './routes';

export {
  ClickRecorder,
  visitorHash,
  type ClickInput,
  type ClickOutcome,
  type ClickSink,
} from './recorder';
export { goRoutes, safeRedirectUrl, type GoRouter } from './routes';

export interface Go {
  /** Mount at /go, before the web app's catch-all; clearCache() after admin writes. */
  router: GoRouter;
  recorder: ClickRecorder;
  /** Resolves once every click handed over so far is in the analytics buffer (or refused). */
  settle(): Promise<void>;
  /**
   * Waits for the clicks still being claimed; call on shutdown after the HTTP server closed
   * and before the analytics buffer stops, which writes them.
   */
  close(): Promise<void>;
}

/**
 * The click redirect with its dedupe. Counted clicks go to `clicks`, the analytics write
 * buffer, which stores them with the visitors' rows (flushed on shutdown like them).
 */
export function createGo(options: {
  config: AppConfig;
  db: Database;
  log: (line: string) => void;
  clicks: ClickSink;
}): Go {
  const { config, db, log, clicks } = options;
  const recorder = new ClickRecorder({ secret: config.sessionSecret, sink: clicks });
  // Several processes may share one PostgreSQL: the click dedupe is shared there too.
  const counters = db.dialect === 'postgres' ? new SharedCounters(db) : null;
  // A shared claim answers later: a click still being claimed must not be lost by a flush or a
  // shutdown that comes first.
  const claiming = new Set<Promise<unknown>>();
  const recordClick = counters
    ? (click: ClickInput) => {
        const claim = recorder
          .recordShared(click, (key, windowMs) => counters.claim(key, windowMs))
          .catch(() => undefined)
          .finally(() => claiming.delete(claim));
        claiming.add(claim);
      }
    : (click: ClickInput) => void recorder.record(click);
  const settle = async () => {
    while (claiming.size > 0) await Promise.all([...claiming]);
  };
  return {
    router: goRoutes({ db, log, recordClick }),
    recorder,
    settle,
    close: settle,
  };
}
