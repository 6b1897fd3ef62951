/**
 * Connection floods: many idle HTTP and WebSocket connections from one address are capped
 * (MAX_CONNECTIONS_PER_IP) and idle ones time out, while a visitor from another address
 * (127.0.0.2, routed to lo) is served and tracked; a client that reconnects in a loop keeps
 * its per-address message budget, so the rows it can write stay bounded. Whatever the server
 * accepted is stored.
 */
import http from 'node:http';
import net from 'node:net';
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

const PER_IP = 40;
const FLOOD_TCP = 300;
const FLOOD_WS = 60;
const HEADERS_TIMEOUT_MS = 1500;
const ADDRESS_RATE = 50;
const RECONNECT_MS = 3000;
const OTHER_VISITOR = '127.0.0.2';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET from `localAddress`, its status (0 when refused or cut off). */
function getStatus(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Opens an idle TCP connection and reports whether it is still open after `ms`. */
function idleConnection(port: number): { socket: net.Socket; closed: Promise<void> } {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed };
}

/** A visitor from another address: its session and page views, all accepted and stored. */
async function trackOtherVisitor(server: FaultServer, pages: number): Promise<number> {
  const ws = await openTrackingSocket(server.url, OTHER_VISITOR);
  const id = uniqueId('other');
  ws.send(JSON.stringify(sessionMessage(id)));
  for (let n = 0; n < pages; n += 1) ws.send(JSON.stringify(pageviewMessage(id, n)));
  await settled(ws);
  ws.close();
  return pages + 1;
}

function defineConnectionSuite(dialect: TestDialect) {
  describe(`connection floods (${dialect})`, () => {
    let server: FaultServer;

    beforeAll(async () => {
      server = await startFaultServerOn(
        dialect,
        { addressMessagesPerSecond: ADDRESS_RATE },
        undefined,
        { maxConnectionsPerIp: PER_IP, headersTimeoutMs: HEADERS_TIMEOUT_MS },
      );
    });
    afterAll(() => server.close());

    it('caps idle HTTP and WebSocket connections per address; another visitor is served', async () => {
      const { running } = server;
      const before = await countTrackingRows(running.db);
      const acceptedBefore = running.analytics.stats().accepted;
      // WebSockets first (they stay open), then idle TCP connections that never send a byte.
      const sockets = await Promise.allSettled(
        Array.from({ length: FLOOD_WS }, () => openTrackingSocket(server.url)),
      );
      const openSockets = sockets.filter(
        (r): r is PromiseFulfilledResult<WebSocket> => r.status === 'fulfilled',
      );
      const idle = Array.from({ length: FLOOD_TCP }, () => idleConnection(running.port));
      await sleep(300);
      const held = running.connections.openFrom('127.0.0.1');
      console.log(
        `[connections ${dialect}] one address tried ${FLOOD_WS} WebSockets and ${FLOOD_TCP} idle ` +
          `connections; it holds ${held} (cap ${PER_IP}), ${openSockets.length} WebSockets open`,
      );
      expect(held).toBeLessThanOrEqual(PER_IP);
      expect(openSockets.length).toBeLessThanOrEqual(PER_IP);
      expect(running.connections.stats().refusedPerAddress).toBeGreaterThan(0);

      // Meanwhile a normal visitor from another address reads pages and is tracked.
      expect(await getStatus(`${server.url}/api/faqs`, OTHER_VISITOR)).toBe(200);
      const sent = await trackOtherVisitor(server, 5);

      // Idle connections that never sent a request are closed after HEADERS_TIMEOUT_MS.
      const closedInTime = await Promise.race([
        Promise.all(idle.map((c) => c.closed)).then(() => true),
        sleep(HEADERS_TIMEOUT_MS + 3000).then(() => false),
      ]);
      expect(closedInTime).toBe(true);
      for (const { value: ws } of openSockets) ws.close();
      await sleep(200);
      // The address is free again once its connections are gone.
      expect(running.connections.openFrom('127.0.0.1')).toBe(0);
      expect(await getStatus(`${server.url}/api/faqs`, '127.0.0.1')).toBe(200);

      await waitUntilWritten(running);
      const accepted = running.analytics.stats().accepted - acceptedBefore;
      expect(accepted).toBe(sent);
      expect(await countTrackingRows(running.db)).toBe(before + accepted);
    });

    it('keeps the per-address budget across reconnects: the rows written stay bounded', async () => {
      const { running } = server;
      const before = await countTrackingRows(running.db);
      const acceptedBefore = running.analytics.stats().accepted;
      const started = performance.now();
      let attempted = 0;
      let connections = 0;
      // Page views of one session only: each accepted one is a row, plus the session's own row.
      const id = uniqueId('loop');
      while (performance.now() - started < RECONNECT_MS && connections < 500) {
        const ws = await openTrackingSocket(server.url);
        connections += 1;
        for (let n = 0; n < 100; n += 1) ws.send(JSON.stringify(pageviewMessage(id, n)));
        attempted += 100;
        await settled(ws);
        ws.terminate();
      }
      const seconds = (performance.now() - started) / 1000;
      const accepted = running.analytics.stats().accepted - acceptedBefore;
      console.log(
        `[reconnect ${dialect}] ${connections} connections in ${seconds.toFixed(1)} s sent ` +
          `${attempted} messages; accepted ${accepted} (${(accepted / seconds).toFixed(0)}/s, ` +
          `budget ${ADDRESS_RATE}/s with a burst of ${ADDRESS_RATE * 5})`,
      );
      // The burst plus the sustained rate, never one fresh budget per connection.
      expect(accepted).toBeLessThanOrEqual(ADDRESS_RATE * 5 + ADDRESS_RATE * (seconds + 1));
      expect(attempted).toBeGreaterThan(accepted * 3);

      // Another address has its own budget, untouched by the flood.
      const otherBefore = running.analytics.stats().accepted;
      const sent = await trackOtherVisitor(server, 5);
      expect(running.analytics.stats().accepted - otherBefore).toBe(sent);
      expect(await getStatus(`${server.url}/api/faqs`, OTHER_VISITOR)).toBe(200);

      await waitUntilWritten(running);
      // Every accepted message is stored: the flood's page views and its one session row,
      // and the other visitor's session and page views.
      expect(await countTrackingRows(running.db)).toBe(before + accepted + 1 + sent);
    });
  });
}

defineConnectionSuite('sqlite');
defineConnectionSuite('postgres');
