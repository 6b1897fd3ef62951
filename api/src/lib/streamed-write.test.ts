import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { writeChunk } from './streamed-write';

const CHUNK = 'x'.repeat(64 * 1024);
const CHUNKS = 40;

let server: http.Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** GETs `path` over `agent`, reading the body slowly so the server's writes must wait. */
function slowGet(port: number, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path: '/', agent }, (res) => {
        let bytes = 0;
        res.on('data', (data: Buffer) => {
          bytes += data.length;
          res.pause();
          setTimeout(() => res.resume(), 1);
        });
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

it('waits for a slow client many times without piling up listeners or warnings', async () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  const listenerCounts: number[] = [];
  const socketCounts: number[] = [];
  let waits = 0;
  server = http.createServer(async (_req, res) => {
    socketCounts.push(res.socket!.listenerCount('close'));
    for (let i = 0; i < CHUNKS; i++) {
      const wait = writeChunk(res, CHUNK);
      if (wait) {
        waits++;
        await wait;
      }
      listenerCounts.push(res.listenerCount('close') + res.listenerCount('drain'));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Several answers on one keep-alive connection, as a crawler fetches the sitemap's files.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let request = 0; request < 5; request++) {
      expect(await slowGet(port, agent)).toBe(CHUNK.length * CHUNKS);
    }
  } finally {
    agent.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
  }
  expect(waits).toBeGreaterThan(5 * 10);
  expect(Math.max(...listenerCounts)).toBe(Math.min(...listenerCounts));
  expect(new Set(socketCounts).size).toBe(1);
  expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
});
