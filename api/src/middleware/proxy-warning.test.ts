import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { warnUntrustedProxy } from './proxy-warning';

async function serve(trustProxy: boolean | number | string, lines: string[]) {
  const app = express();
  app.use(warnUntrustedProxy(trustProxy, createLogger({ write: (line) => lines.push(line) })));
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('warnUntrustedProxy', () => {
  it('warns once when X-Forwarded-For arrives and trust proxy is off', async () => {
    const lines: string[] = [];
    const server = await serve(false, lines);
    try {
      await fetch(server.url);
      expect(lines).toEqual([]);
      await fetch(server.url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      await fetch(server.url, { headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn' });
      expect(lines[0]).toContain('TRUST_PROXY');
    } finally {
      await server.close();
    }
  });

  it('stays quiet when trust proxy is set', async () => {
    const lines: string[] = [];
    const server = await serve(1, lines);
    try {
      await fetch(server.url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(lines).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
