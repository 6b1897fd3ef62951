import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { SocketQueue, type SocketLike } from './socket-queue';

// A real WebSocket server (the `ws` package) and a real client socket.
const servers: WebSocketServer[] = [];

async function startServer(): Promise<{
  server: WebSocketServer;
  url: string;
  received: string[];
}> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: string[] = [];
  server.on('connection', (socket) => socket.on('message', (data) => received.push(String(data))));
  return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          for (const client of server.clients) client.terminate();
          server.close(() => resolve());
        }),
    ),
  );
});

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;
const quiet = () => {};

describe('SocketQueue', () => {
  it('queues messages until the socket is open, then sends them in order', async () => {
    const { url, received } = await startServer();
    const queue = new SocketQueue({ url, createSocket, log: quiet });
    queue.send({ n: 1 });
    queue.send({ n: 2 });
    expect(queue.pending).toBe(2);
    queue.connect();
    queue.send({ n: 3 });
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received.map((text) => (JSON.parse(text) as { n: number }).n)).toEqual([1, 2, 3]);
    expect(queue.pending).toBe(0);
    queue.stop();
  });

  it('reconnects after the reconnect delay and delivers what queued meanwhile', async () => {
    const { server, url, received } = await startServer();
    const timers: { callback: () => void; ms: number }[] = [];
    const queue = new SocketQueue({
      url,
      createSocket,
      log: quiet,
      setTimer: (callback, ms) => timers.push({ callback, ms }),
    });
    queue.connect();
    await vi.waitFor(() => expect(queue.connected).toBe(true));
    for (const client of server.clients) client.close();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]?.ms).toBe(5000);
    expect(queue.connected).toBe(false);
    queue.send({ n: 'while closed' });
    expect(queue.pending).toBe(1);
    timers[0]?.callback();
    await vi.waitFor(() => expect(received).toContain(JSON.stringify({ n: 'while closed' })));
    queue.stop();
  });

  it('keeps retrying while nobody listens', async () => {
    const delays: number[] = [];
    const queue = new SocketQueue({
      url: 'ws://127.0.0.1:1',
      createSocket,
      log: quiet,
      setTimer: (callback, ms) => {
        delays.push(ms);
        return setTimeout(callback, 10);
      },
    });
    queue.send({ n: 1 });
    queue.connect();
    await vi.waitFor(() => expect(delays.length).toBeGreaterThanOrEqual(2));
    expect(new Set(delays)).toEqual(new Set([5000]));
    expect(queue.pending).toBe(1);
    queue.stop();
  });
});
