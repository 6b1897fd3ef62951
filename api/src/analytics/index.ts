import type http from 'node:http';
import type { Express } from 'express';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { RealtimeBroadcaster } from './realtime';
import { scheduleProductPeriods } from './product-periods';
import { scheduleRetention } from './retention';
import { CLOSE_SERVICE_RESTART, TrackingSocketServer, type IngestCounters } from './socket-server';
import { AnalyticsWriteBuffer, type WriteBufferStats } from './write-buffer';

// The module's front door: all that other modules (the /go redirect, app.ts, the traffic seed)
// use of it.
export { AnalyticsWriteBuffer, type WriteBufferStats } from './write-buffer';
export { CTA_CLICK_EVENT } from './cta';
export type { EventRecord, VisitorInfo } from './records';
export type { ClickRow } from './click-log';
export { anonymousVisitorKey, isBotUserAgent, userAgentInfo, visitorKey } from './visitor';
export { BOT_VISIT_EVENT } from './visits';
export { getCtaPerformance } from './queries/get-cta-performance';
export { getRealtimeStats } from './queries/get-realtime-stats';
export { parseRange, type ReportRange } from './range';
export { adminAnalyticsRoutes } from './routes';
export { clicksLast7Days } from './reports/product-clicks';
export { rebuildAllRollups, rebuildRollups } from './rollups';

/** Ingest figures: what the socket server accepted and dropped, and what the buffer did. */
export interface IngestStats {
  /** Messages accepted from the sockets (each one a row to store). */
  accepted: number;
  /** Messages refused at the socket, by reason (rate limits, bad input, bots, buffer full). */
  dropped: IngestCounters['dropped'];
  /** Times reading from the sockets was paused because the buffer was full. */
  pauses: number;
  buffer: WriteBufferStats;
}

export interface Analytics {
  /** The one writer of tracking rows and of the /go redirect's clicks. */
  buffer: AnalyticsWriteBuffer;
  /** Serves /ws on the HTTP server. */
  attach(server: http.Server, app: Express): TrackingSocketServer;
  /** What the socket server accepted and dropped, by reason (null before attach). */
  counters(): IngestCounters | null;
  /** Accepted, stored, refused and buffered rows, for logs, tests and benchmarks. */
  stats(): IngestStats;
  /** Refuses new sockets (first step of a graceful stop). */
  stopAccepting(): void;
  /**
   * Closes the sockets (they hold the HTTP server's close open); the buffer keeps taking clicks.
   * `restart`: the close code tells clients the service restarts (a reload), not that it goes.
   */
  closeSockets(options?: { restart?: boolean }): Promise<void>;
  /** Closes the sockets, writes every buffered row (clicks included) and stops the timers. */
  close(): Promise<void>;
}

function emptyDrops(): IngestCounters['dropped'] {
  return { binary: 0, rate: 0, json: 0, invalid: 0, bot: 0, full: 0 };
}

export function createAnalytics(options: {
  config: AppConfig;
  db: Database;
  log: (line: string) => void;
}): Analytics {
  const { config, db, log } = options;
  const settings = config.analytics;
  const buffer = new AnalyticsWriteBuffer(db, {
    flushIntervalMs: settings.flushIntervalMs,
    flushRows: settings.flushRows,
    maxBufferedRows: settings.maxBufferedRows,
    log,
  });
  buffer.start();
  const realtime = new RealtimeBroadcaster(db, settings.realtimeIntervalMs, log);
  const stopRetention = scheduleRetention(db, settings.retentionDays, log);
  const stopProductPeriods = scheduleProductPeriods(db, log);
  let sockets: TrackingSocketServer | null = null;
  let socketsClosed: Promise<void> | null = null;
  const closeSockets = (closing: { restart?: boolean } = {}) =>
    (socketsClosed ??=
      sockets?.close(undefined, closing.restart ? CLOSE_SERVICE_RESTART : undefined) ??
      Promise.resolve());

  return {
    buffer,
    attach(server, app) {
      sockets = new TrackingSocketServer({ server, app, config, db, buffer, realtime, log });
      return sockets;
    },
    counters() {
      return sockets?.counters ?? null;
    },
    stats() {
      const counters = sockets?.counters;
      return {
        accepted: counters?.accepted ?? 0,
        dropped: { ...(counters?.dropped ?? emptyDrops()) },
        pauses: counters?.pauses ?? 0,
        buffer: buffer.stats(),
      };
    },
    stopAccepting() {
      sockets?.stopAccepting();
    },
    closeSockets,
    async close() {
      stopRetention();
      stopProductPeriods();
      await closeSockets();
      realtime.stop();
      await buffer.stop();
      const stats = buffer.stats();
      // One line that benchmarks and operators read: accepted (socket rows and /go clicks)
      // must equal stored + refused.
      log(
        `[analytics] ingest totals: accepted ${(sockets?.counters.accepted ?? 0) + stats.clicks + stats.bots}, ` +
          `stored ${stats.written}, refused by the database ${stats.rejected}, ` +
          `refused when full ${stats.refused}, given up at shutdown ${stats.abandoned}, ` +
          `paused ${sockets?.counters.pauses ?? 0} times; /go clicks among the accepted ${stats.clicks}`,
      );
    },
  };
}
