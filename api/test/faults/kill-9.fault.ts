/**
 * kill -9 during ingest: what is lost is at most the flush window (ANALYTICS_FLUSH_MS, 1 s, see
 * api/src/analytics/README.md), and the database is intact: no half-written batch (the hourly
 * rollups agree with the raw rows) and, on SQLite, a clean integrity check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { spawnServer } from '../analytics-support';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../support/databases';
import {
  countTrackingRows,
  openTrackingSocket,
  pageviewMessage,
  sessionMessage,
  uniqueId,
} from './support';

const SOCKETS = 20;
const RATE = 2_000;
const SEND_MS = 3_000;
const FLUSH_MS = 1_000;

function defineKillSuite(dialect: TestDialect) {
  describe(`kill -9 during ingest (${dialect})`, () => {
    let database: TestDatabase | null = null;
    afterAll(() => database?.drop());

    it('loses at most the flush window, and leaves the database whole', async () => {
      database = await createTestDatabase(dialect);
      const proc = await spawnServer({
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        ANALYTICS_FLUSH_MS: String(FLUSH_MS),
        ANALYTICS_SOCKET_RATE: '100000',
        ANALYTICS_ADDRESS_RATE: '1000000',
      });
      const sockets = await Promise.all(
        Array.from({ length: SOCKETS }, () => openTrackingSocket(proc.url)),
      );
      const ids = sockets.map(() => uniqueId('kill'));
      let sent = 0;
      sockets.forEach((ws, i) => {
        ws.send(JSON.stringify(sessionMessage(ids[i]!)));
        sent += 1;
      });
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const elapsed = performance.now() - started;
          const owed = Math.floor((Math.min(elapsed, SEND_MS) / 1000) * RATE);
          while (sent - SOCKETS < owed) {
            const i = sent % SOCKETS;
            sockets[i]!.send(JSON.stringify(pageviewMessage(ids[i]!, sent)));
            sent += 1;
          }
          if (elapsed >= SEND_MS) {
            // Mid-stream: the server is still reading and writing.
            proc.child.kill('SIGKILL');
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      await proc.exited;
      for (const ws of sockets) ws.terminate();

      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        const stored = await countTrackingRows(db);
        const lost = sent - stored;
        console.log(
          `[kill -9 ${dialect}] sent ${sent}, stored ${stored}, lost ${lost} ` +
            `(${(lost / RATE).toFixed(2)} s of traffic at ${RATE}/s)`,
        );
        expect(stored).toBeGreaterThan(0);
        // The flush window (1 s) plus the batch being committed and what was still in transit.
        expect(lost).toBeLessThanOrEqual(RATE * 1.5);

        // Batches commit whole: the rollups count exactly the page views stored.
        const [rows] = await db.sequelize.query(
          `SELECT (SELECT COUNT(*) FROM page_views) AS views,
                  (SELECT COALESCE(SUM(total), 0) FROM analytics_rollups WHERE metric = 'pageviews') AS rolled`,
        );
        const { views, rolled } = (rows as Array<{ views: unknown; rolled: unknown }>)[0]!;
        expect(Number(rolled)).toBe(Number(views));
        if (dialect === 'sqlite') {
          const [check] = await db.sequelize.query('PRAGMA integrity_check');
          expect(check).toEqual([{ integrity_check: 'ok' }]);
        }
      } finally {
        await db.close();
      }
    });
  });
}

defineKillSuite('sqlite');
defineKillSuite('postgres');
