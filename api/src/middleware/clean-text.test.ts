import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRequestText } from './clean-text';

describe('cleanRequestText', () => {
  let url = '';
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(cleanRequestText);
    app.post('/echo', (req, res) => {
      res.json({ body: req.body as unknown, query: req.query });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it('cleans NUL and lone surrogates from the JSON body and the query', async () => {
    const response = await fetch(`${url}/echo?search=a%00b&tag=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // JSON escapes: the parser turns them into a real NUL and a lone surrogate.
      body: '{"name":"Sepatu\\u0000","tags":["\\ud800ok"],"nested":{"path":"/\\u0000"},"n":1}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      body: { name: 'Sepatu', tags: ['\uFFFDok'], nested: { path: '/' }, n: 1 },
      query: { search: 'ab', tag: 'x' },
    });
  });

  it('passes requests without a body', async () => {
    const response = await fetch(`${url}/echo`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ query: {} });
  });
});
