/**
 * Floods beyond the write buffer: reading from the sockets pauses while the buffer is full, so
 * every message sent is accepted and stored; what the buffer refuses past its hard limit is
 * counted, never lost silently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { TestDialect } from '../support/databases';
import {
  countTrackingRows,
  openTrackingSocket,
  pageviewMessage,
  sessionMessage,
  settled,
  startFaultServerOn,
  uniqueId,
  waitUntilWritten,
  type FaultServer,
} from './support';

const SOCKETS = 10;
const PER_SOCKET = 600;
const MAX_BUFFERED = 200;

function defineBackpressureSuite(dialect: TestDialect) {
  describe(`a flood beyond the write buffer (${dialect})`, () => {
    let server: FaultServer;

    beforeAll(async () => {
      server = await startFaultServerOn(dialect, {
        maxBufferedRows: MAX_BUFFERED,
        // Flushes only on the timer, so the flood certainly outruns the writes.
        flushRows: 100_000,
      });
    });
    afterAll(() => server.close());

    it('pauses the sockets instead of dropping, and stores every message sent', async () => {
      const { running } = server;
      const sockets: WebSocket[] = await Promise.all(
        Array.from({ length: SOCKETS }, () => openTrackingSocket(server.url)),
      );
      const ids = sockets.map(() => uniqueId('flood'));
      const before = await countTrackingRows(running.db);
      let sent = 0;
      sockets.forEach((ws, i) => {
        ws.send(JSON.stringify(sessionMessage(ids[i]!)));
        sent += 1;
      });
      for (let n = 0; n < PER_SOCKET; n += 1) {
        sockets.forEach((ws, i) => {
          ws.send(JSON.stringify(pageviewMessage(ids[i]!, n)));
          sent += 1;
        });
      }
      await Promise.all(sockets.map((ws) => settled(ws)));
      await waitUntilWritten(running);

      expect(await countTrackingRows(running.db)).toBe(before + sent);
      const stats = running.analytics.stats();
      expect(stats.accepted).toBe(sent);
      expect(stats.dropped.full).toBe(0);
      expect(stats.buffer.refused).toBe(0);
      // The flood did fill the buffer: reading was paused at least once.
      expect(stats.pauses).toBeGreaterThan(0);
      expect(stats.buffer.fullEvents).toBeGreaterThan(0);
      for (const ws of sockets) ws.close();
      expect((await fetch(`${server.url}/api/faqs`)).status).toBe(200);
    });

    it('counts the rows it refuses past its hard limit, and stores every row it took', async () => {
      const { running } = server;
      const { buffer } = running.analytics;
      const sessionId = uniqueId('hard');
      const before = await countTrackingRows(running.db);
      const refusedBefore = buffer.refused;
      const offered = buffer.hardLimit + 500;
      let taken = 0;
      // A producer that ignores backpressure (synchronous: no flush can finish meanwhile).
      for (let n = 0; n < offered; n += 1) {
        if (
          buffer.addPageview(
            { sessionId, path: `/hard/${n}`, title: null, duration: null, at: Date.now() },
            '10.0.0.0',
          )
        )
          taken += 1;
      }
      expect(taken).toBe(buffer.hardLimit);
      expect(buffer.refused - refusedBefore).toBe(offered - taken);
      await waitUntilWritten(running);
      expect(await countTrackingRows(running.db)).toBe(before + taken + 1);
    });
  });
}

defineBackpressureSuite('sqlite');
defineBackpressureSuite('postgres');
