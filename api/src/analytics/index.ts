import type http from 'node:http';
import type { Express, Router } from 'express';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { RealtimeBroadcaster } from './realtime';
import { scheduleRetention } from './retention';
import { analyticsAdminRoutes } from './routes';
import { TrackingSocketServer, type IngestCounters } from './socket-server';
import { AnalyticsWriteBuffer } from './write-buffer';

export interface Analytics {
  /** Mounted at /api/admin/analytics. */
  router: Router;
  buffer: AnalyticsWriteBuffer;
  /** Serves /ws on the HTTP server. */
  attach(server: http.Server, app: Express): TrackingSocketServer;
  /** What the socket server accepted and dropped, by reason (null before attach). */
  counters(): IngestCounters | null;
  /** Refuses new sockets (first step of a graceful stop). */
  stopAccepting(): void;
  /** Closes the sockets, writes every buffered row and stops the timers. */
  close(): Promise<void>;
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
  let sockets: TrackingSocketServer | null = null;

  return {
    router: analyticsAdminRoutes(db),
    buffer,
    attach(server, app) {
      sockets = new TrackingSocketServer({ server, app, config, db, buffer, realtime, log });
      return sockets;
    },
    counters() {
      return sockets?.counters ?? null;
    },
    stopAccepting() {
      sockets?.stopAccepting();
    },
    async close() {
      stopRetention();
      await sockets?.close();
      realtime.stop();
      await buffer.stop();
    },
  };
}
