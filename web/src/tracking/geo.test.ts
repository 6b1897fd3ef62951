import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupGeo, UNKNOWN_GEO } from './geo';

// A real HTTP service standing in for the public geolocation API.
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ country_name: 'Indonesia', city: 'Surabaya', ip: '203.0.113.9' }));
    } else if (req.url === '/partial') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ country_name: 'Indonesia' }));
    } else if (req.url === '/bad-json') {
      res.end('<html>nope</html>');
    } else {
      res.statusCode = 429;
      res.end('Too Many Requests');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('lookupGeo', () => {
  it('reads country_name, city and ip', async () => {
    expect(await lookupGeo(`${base}/ok`)).toEqual({
      country: 'Indonesia',
      city: 'Surabaya',
      ipAddress: '203.0.113.9',
    });
  });

  it('fills missing fields with Unknown', async () => {
    expect(await lookupGeo(`${base}/partial`)).toEqual({
      country: 'Indonesia',
      city: 'Unknown',
      ipAddress: 'Unknown',
    });
  });

  it('gives Unknown for every field on any failure, or without a URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await lookupGeo(`${base}/limited`)).toEqual(UNKNOWN_GEO);
    expect(await lookupGeo(`${base}/bad-json`)).toEqual(UNKNOWN_GEO);
    expect(await lookupGeo('http://127.0.0.1:1/unreachable')).toEqual(UNKNOWN_GEO);
    expect(await lookupGeo('')).toEqual(UNKNOWN_GEO);
    expect(UNKNOWN_GEO).toEqual({ country: 'Unknown', city: 'Unknown', ipAddress: 'Unknown' });
    warn.mockRestore();
  });
});
