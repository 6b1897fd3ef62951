import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionLimiter } from './connection-limit';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(limiter: ConnectionLimiter): Promise<number> {
  const server = net.createServer((socket) => socket.write('hi'));
  limiter.attach(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Resolves true when the server greets the connection, false when it is closed unanswered. */
function greeted(port: number, localAddress = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    socket.once('data', () => resolve(true));
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
  });
}

describe('ConnectionLimiter', () => {
  it('caps the connections of one address, not of the others', async () => {
    const limiter = new ConnectionLimiter({ maxConnections: 100, maxPerAddress: 3 });
    const port = await serve(limiter);
    const flood = await Promise.all(Array.from({ length: 6 }, () => greeted(port)));
    expect(flood.filter(Boolean)).toHaveLength(3);
    expect(limiter.openFrom('127.0.0.1')).toBe(3);
    expect(await greeted(port, '127.0.0.2')).toBe(true);
    expect(limiter.stats()).toMatchObject({ open: 4, refusedPerAddress: 3 });
    // A closed connection frees its place.
    sockets[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await greeted(port)).toBe(true);
  });

  it('caps the total, and spares trusted proxies the per-address cap', async () => {
    const limiter = new ConnectionLimiter({
      maxConnections: 4,
      maxPerAddress: 1,
      isTrustedProxy: (address) => address === '127.0.0.1',
    });
    const port = await serve(limiter);
    const results = await Promise.all(Array.from({ length: 6 }, () => greeted(port)));
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(limiter.stats()).toMatchObject({ open: 4, refusedTotal: 2, refusedPerAddress: 0 });
  });
});
