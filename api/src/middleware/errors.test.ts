import type { AddressInfo } from 'node:net';
import express from 'express';
import { ConnectionRefusedError, DatabaseError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';

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
    app.use(errorHandler);
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
