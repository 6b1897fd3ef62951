/**
 * SIGTERM with busy clients: a keep-alive client that sends request after request and one
 * whose request body never finishes. The process stops within SHUTDOWN_TIMEOUT_MS (10 s by
 * default), every tracking message it accepted is stored, and the database is left whole.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { spawnServer } from '../analytics-support';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../support/databases';
import {
  countTrackingRows,
  openTrackingSocket,
  pageviewMessage,
  sessionMessage,
  settled,
  uniqueId,
} from './support';

const DEADLINE_MS = 10_000;
const PAGES = 500;

/** Requests /api/faqs back to back on one keep-alive connection until told to stop. */
function busyKeepAliveClient(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let served = 0;
  const done = (async () => {
    while (running) {
      const ok = await new Promise<boolean>((resolve) => {
        const req = http.get(`${url}/api/faqs`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        });
        req.on('error', () => resolve(false));
      });
      if (ok) served += 1;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    agent.destroy();
  })();
  return {
    served: () => served,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** A request whose body trickles in one byte at a time and never completes. */
function tricklingClient(url: string) {
  const { port } = new URL(url);
  const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100000\r\nConnection: keep-alive\r\n\r\n{',
  );
  const timer = setInterval(() => socket.write(' '), 200);
  socket.once('close', () => clearInterval(timer));
  return () => {
    clearInterval(timer);
    socket.destroy();
  };
}

function defineSigtermSuite(
  dialect: TestDialect,
  variant: { name: string; deadlineMs: number; exitCode: number; env: Record<string, string> },
) {
  describe(`SIGTERM with busy clients (${dialect})`, () => {
    let database: TestDatabase | null = null;
    afterAll(() => database?.drop());

    it(variant.name, async () => {
      database = await createTestDatabase(dialect);
      const proc = await spawnServer({
        ...variant.env,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        // Flushes only at shutdown: what is stored was written by the stop itself.
        ANALYTICS_FLUSH_MS: '600000',
        ANALYTICS_FLUSH_ROWS: '1000000',
        ANALYTICS_SOCKET_RATE: '100000',
        ANALYTICS_ADDRESS_RATE: '1000000',
      });
      const busy = busyKeepAliveClient(proc.url);
      const stopTrickle = tricklingClient(proc.url);
      const ws = await openTrackingSocket(proc.url);
      const id = uniqueId('term');
      ws.send(JSON.stringify(sessionMessage(id)));
      for (let n = 0; n < PAGES; n += 1) ws.send(JSON.stringify(pageviewMessage(id, n)));
      await settled(ws);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(busy.served()).toBeGreaterThan(0);

      const started = performance.now();
      proc.child.kill('SIGTERM');
      const code = await proc.exited;
      const elapsed = performance.now() - started;
      await busy.stop();
      stopTrickle();
      ws.terminate();
      console.log(
        `[sigterm ${dialect}] exited with ${code} after ${(elapsed / 1000).toFixed(1)} s ` +
          `(a keep-alive client served ${busy.served()} requests, one request never finished)`,
      );
      expect(elapsed).toBeLessThan(variant.deadlineMs + 500);
      expect(code).toBe(variant.exitCode);

      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        expect(await countTrackingRows(db)).toBe(PAGES + 1);
      } finally {
        await db.close();
      }
    });
  });
}

const withinGrace = {
  name: 'stops within the deadline (the grace period cuts off what is unfinished), every accepted message stored',
  deadlineMs: DEADLINE_MS,
  exitCode: 0,
  env: {},
};
defineSigtermSuite('sqlite', withinGrace);
defineSigtermSuite('postgres', withinGrace);
// A grace period as long as the deadline: the hard deadline ends the process, flushing first.
defineSigtermSuite('sqlite', {
  name: 'ends at the hard deadline when the grace period would outlast it, analytics flushed',
  deadlineMs: 4000,
  exitCode: 1,
  env: { SHUTDOWN_TIMEOUT_MS: '4000', SHUTDOWN_GRACE_MS: '4000' },
});
