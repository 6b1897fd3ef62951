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
  const recordClick = counters
    ? (click: ClickInput) =>
        void recorder.recordShared(click, (key, windowMs) => counters.claim(key, windowMs))
    : (click: ClickInput) => void recorder.record(click);
  return {
    router: goRoutes({ db, log, recordClick }),
    recorder,
    writer,
    close: () => writer.stop(),
  };
}
