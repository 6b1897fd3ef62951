import type { AddressInfo } from 'node:net';
import express from 'express';
import { ConnectionRefusedError, DatabaseError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createErrorHandler } from './errors';
import { assignRequestId } from './request-id';

describe('errorHandler and an unreachable database', () => {
  let url = '';
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const app = express();
    app.get('/refused', () => {
      throw new ConnectionRefusedError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    });
    app.get('/shutdown', () => {
      const original = Object.assign(
        new Error('terminating connection due to administrator command'),
        { code: '57P01', sql: 'SELECT 1' },
      );
      throw new DatabaseError(original as never);
    });
    app.get('/bad-sql', () => {
      const original = Object.assign(new Error('syntax error at or near "SELEC"'), {
        code: '42601',
        sql: 'SELEC 1',
      });
      throw new DatabaseError(original as never);
    });
    app.use(createErrorHandler(createLogger({ write: () => undefined })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it.each(['/refused', '/shutdown'])(
    'answers %s with 503, Retry-After and a message',
    async (path) => {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/temporarily unavailable/);
    },
  );

  it('still answers other database errors with a bare 500', async () => {
    const response = await fetch(`${url}/bad-sql`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({ message: 'Internal server error' });
  });
});

describe('errorHandler logs', () => {
  it('one structured line per fault, with the request id, a stack only for a real fault', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = express();
    app.use(assignRequestId);
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    app.get('/down', () => {
      throw new ConnectionRefusedError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    });
    app.get('/bad', (_req, _res, next) => {
      next(Object.assign(new Error('nope'), { status: 400 }));
    });
    app.use(
      createErrorHandler(
        createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
      ),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const boom = await fetch(`${base}/boom?password=hunter2`);
      expect(boom.status).toBe(500);
      const id = boom.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 'error',
        reqId: id,
        method: 'GET',
        path: '/boom',
        status: 500,
      });
      expect(JSON.stringify(lines[0])).not.toContain('hunter2');
      expect((lines[0]!.err as { stack?: string }).stack).toContain('kaput');

      const down = await fetch(`${base}/down`, { headers: { 'x-request-id': 'proxy-id-1234' } });
      expect(down.status).toBe(503);
      expect(down.headers.get('x-request-id')).toBe('proxy-id-1234');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({ level: 'warn', reqId: 'proxy-id-1234', status: 503 });
      expect((lines[1]!.err as { stack?: string }).stack).toBeUndefined();

      // Bad input is the client's business: answered, not logged.
      expect((await fetch(`${base}/bad`)).status).toBe(400);
      expect(lines).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
