import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { ClickWriter } from './click-writer';
import { ClickRecorder, type ClickInput } from './recorder';
import { SharedCounters } from '../lib/shared-limits';
import { goRoutes, type GoRouter } from './routes';

export { ClickWriter } from './click-writer';
export { ClickRecorder, visitorHash, type ClickInput, type ClickOutcome } from './recorder';
export { goRoutes, safeRedirectUrl, type GoRouter } from './routes';

export interface Go {
  /** Mount at /go, before the web app's catch-all; clearCache() after admin writes. */
  router: GoRouter;
  recorder: ClickRecorder;
  writer: ClickWriter;
  /** Resolves once every click handed over so far is in the writer's buffer (or refused). */
  settle(): Promise<void>;
  /** Writes every buffered click; call on shutdown before the database closes. */
  close(): Promise<void>;
}

/** The click redirect with its dedupe and its buffered writer, using the analytics settings. */
export function createGo(options: {
  config: AppConfig;
  db: Database;
  log: (line: string) => void;
}): Go {
  const { config, db, log } = options;
  const writer = new ClickWriter(db, {
    flushIntervalMs: config.analytics.flushIntervalMs,
    flushRows: config.analytics.flushRows,
    maxBufferedRows: config.analytics.maxBufferedRows,
    log,
  });
  writer.start();
  const recorder = new ClickRecorder({ secret: config.sessionSecret, sink: writer });
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
    writer,
    settle,
    close: async () => {
      await settle();
      await writer.stop();
    },
  };
}
