import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type WebSocket from 'ws';
import type { Category, ProductListResponse } from '@shared/types';
import { BROWSER_UA } from './analytics-support';
import { openTrackingSocket, sessionMessage, settled, uniqueId } from './faults/support';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { unique, validProduct } from './support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server';
import { startCli, startServerProcess, waitFor, type ServerProcess } from './support/processes';

/**
 * Several processes on one PostgreSQL (the issue "Nothing lost, nothing down"): two servers,
 * each in its own process, share one database and nothing else. What must hold across them
 * holds: the login limit, the cache after an admin edit, the socket budget of an address; and
 * `npm start` with WEB_CONCURRENCY=2 serves from two worker processes.
 */

/** The per-address socket budget of these servers: 40 messages a second, 200 per 5 s window. */
const ADDRESS_RATE = 40;
const WINDOW_LIMIT = ADDRESS_RATE * 5;
/** SharedAddressBudget reserves limit / 20 at a time; each process may run one chunk on credit. */
const CHUNK = WINDOW_LIMIT / 20;

function serverEnv(database: TestDatabase): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: database.databaseUrl!,
    DATA_DIR: database.dataDir,
    SESSION_SECRET: 'multi-process-secret',
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    ANALYTICS_SOCKET_RATE: '100000',
    ANALYTICS_ADDRESS_RATE: String(ADDRESS_RATE),
    ANALYTICS_FLUSH_MS: '100',
  };
}

describe('two processes on one PostgreSQL', { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Both start at once on an empty database: one migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([
      startServerProcess(serverEnv(database)),
      startServerProcess(serverEnv(database)),
    ]);
  }, 120_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  it('started two processes that migrated and seeded once between them', () => {
    expect(a.pid).not.toBe(b.pid);
    const logs = a.output() + b.output();
    expect(logs.match(/Applied migrations/g)).toHaveLength(1);
    expect(logs.match(/Seeded the demo catalogue/g)).toHaveLength(1);
  });

  it('counts failed logins on both processes against one limit (429 on the 11th)', async () => {
    const username = `ghost-${unique()}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const res = await new TestClient(server.url).post('/api/admin/login', {
        username,
        password: 'wrong-password',
      });
      statuses.push(res.status);
    }
    // Alone, each process would have seen 6 or 5 attempts: all under the limit of 10.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // And the limit is now in force on both.
    for (const server of [a, b]) {
      const res = await new TestClient(server.url).post('/api/admin/login', {
        username,
        password: 'wrong-password',
      });
      expect(res.status).toBe(429);
    }
  });

  it("shows an admin edit on A in B's cached product list within a second", async () => {
    const admin = new TestClient(a.url);
    const login = await admin.post('/api/admin/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    const visitor = new TestClient(b.url);
    const [category] = (await visitor.get<Category[]>('/api/categories')).body;
    const created = await admin.post<{ id: string }>(
      '/api/admin/products',
      validProduct(category!.id),
    );
    expect(created.status).toBe(201);
    const firstTitle = async () =>
      (await visitor.get<ProductListResponse>('/api/products')).body.products[0]?.title;
    const product = (
      await admin.get<{ id: string; title: string }>(`/api/admin/products/${created.body.id}`)
    ).body;

    // B has the new product in its cache (newest first), and serves it from there.
    expect(
      await waitFor(async () => ((await firstTitle()) === product.title ? true : undefined), 1000),
    ).toBe(true);
    expect(await firstTitle()).toBe(product.title);

    const title = `Judul Baru ${unique()}`;
    const edit = await admin.put(`/api/admin/products/${created.body.id}`, {
      ...validProduct(category!.id),
      title,
    });
    expect(edit.status).toBe(200);
    const editedAt = Date.now();
    const seen = await waitFor(
      async () => ((await firstTitle()) === title ? true : undefined),
      1000,
      10,
    );
    const tookMs = Date.now() - editedAt;
    console.log(`[multi-process] the edit reached B's cache in ${tookMs} ms`);
    expect(seen).toBe(true);
    expect(tookMs).toBeLessThan(1000);
  });

  it('hears edits again after its listening connection is cut', async () => {
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    const listeners = async () =>
      (
        await client.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
           AND query = 'LISTEN catalogue_changed' ORDER BY pid`,
        )
      ).rows.map((row) => row.pid);
    try {
      const before = await listeners();
      expect(before).toHaveLength(2);
      await client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
        before,
      ]);
      // Both processes listen again, on new connections, after their backoff.
      const after = await waitFor(
        async () => {
          const now = await listeners();
          return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
        },
        10_000,
        50,
      );
      expect(after).toBeDefined();
    } finally {
      await client.end();
    }
    expect(a.output() + b.output()).toMatch(/listening connection lost/);

    const admin = new TestClient(a.url);
    await admin.post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    const visitor = new TestClient(b.url);
    const [category] = (await visitor.get<Category[]>('/api/categories')).body;
    const firstTitle = async () =>
      (await visitor.get<ProductListResponse>('/api/products')).body.products[0]?.title;
    await firstTitle();
    const product = validProduct(category!.id);
    const created = await admin.post('/api/admin/products', product);
    expect(created.status).toBe(201);
    const seen = await waitFor(
      async () => ((await firstTitle()) === product.title ? true : undefined),
      1000,
      10,
    );
    expect(seen).toBe(true);
  });

  it("counts a visitor's /go click once over both processes", async () => {
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    try {
      const {
        rows: [link],
      } = await client.query<{ id: number }>(
        `SELECT l.id FROM platform_links l JOIN products p ON p.id = l."productId"
         WHERE p."isActive" ORDER BY l.id LIMIT 1`,
      );
      const clicks = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'
               AND "eventData" LIKE $1`,
              [`%"linkId":${link!.id},%`],
            )
          ).rows[0]!.n,
        );
      const click = (server: ServerProcess) =>
        freshGet(`${server.url}/go/${link!.id}`, { 'user-agent': BROWSER_UA });
      expect((await click(a)).statusCode).toBe(302);
      expect(await waitFor(async () => ((await clicks()) === 1 ? true : undefined), 5000)).toBe(
        true,
      );
      expect((await click(b)).statusCode).toBe(302);
      // B's click buffer flushes every 100 ms: a second row would be there by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await clicks()).toBe(1);
    } finally {
      await client.end();
    }
  });

  it("holds one address's socket budget over both processes", async () => {
    const sockets: WebSocket[] = await Promise.all([
      openTrackingSocket(a.url),
      openTrackingSocket(b.url),
    ]);
    const runId = uniqueId('budget');
    // Fewer than the budget plus 200 per socket: 200 dropped messages would close a socket.
    const perProcess = 250;
    // In batches (each waits for the server to have read it), as a busy address would send.
    for (let batch = 0; batch < perProcess / 10; batch += 1) {
      for (const [index, ws] of sockets.entries()) {
        for (let n = 0; n < 10; n += 1) {
          ws.send(JSON.stringify(sessionMessage(`${runId}-${index}-${batch}-${n}`)));
        }
      }
      await Promise.all(sockets.map((ws) => settled(ws)));
    }
    // Neither socket was closed for its dropped messages.
    const stillOpen = sockets.map((ws) => ws.readyState === ws.OPEN);
    for (const ws of sockets) ws.close();

    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    try {
      const count = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              `SELECT COUNT(*) AS n FROM analytics_sessions WHERE "sessionId" LIKE $1`,
              [`${runId}-%`],
            )
          ).rows[0]!.n,
        );
      // The buffers flush every 100 ms: the count settles.
      let stored = -1;
      await waitFor(
        async () => {
          const now = await count();
          const same = now === stored;
          stored = now;
          return same && now > 0 ? true : undefined;
        },
        5000,
        500,
      );
      const perSocket = await Promise.all(
        [0, 1].map(async (index) =>
          Number(
            (
              await client.query<{ n: string }>(
                `SELECT COUNT(*) AS n FROM analytics_sessions WHERE "sessionId" LIKE $1`,
                [`${runId}-${index}-%`],
              )
            ).rows[0]!.n,
          ),
        ),
      );
      console.log(
        `[multi-process] one address sent ${2 * perProcess} messages to two processes; ` +
          `stored ${stored} (A ${perSocket[0]}, B ${perSocket[1]}), budget ${WINDOW_LIMIT} per 5 s`,
      );
      // Each process alone allows a burst of WINDOW_LIMIT: 2 x 200 = 400 without sharing.
      expect(stillOpen).toEqual([true, true]);
      expect(stored).toBeLessThanOrEqual(WINDOW_LIMIT + 2 * CHUNK);
      // The budget is used, not just refused: both processes took part.
      expect(stored).toBeGreaterThanOrEqual(WINDOW_LIMIT * 0.75);
      expect(perSocket[0]).toBeGreaterThan(0);
      expect(perSocket[1]).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});

/** GET with a new connection each time, so that the cluster may hand it to any worker. */
function freshGet(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', reject);
  });
}

describe('npm start with WEB_CONCURRENCY', { timeout: 150_000 }, () => {
  it('serves from two worker processes on PostgreSQL, migrating once, and stops on SIGTERM', async () => {
    const database = await createTestDatabase('postgres');
    const cli = startCli({ ...serverEnv(database), WEB_CONCURRENCY: '2', PORT: '0' });
    try {
      const urls = await waitFor(
        () => {
          const found = [...cli.output().matchAll(/serving at (\S+) \(postgres, worker (\d+)\)/g)];
          return found.length === 2 ? found : undefined;
        },
        50_000,
        100,
      );
      expect(urls, cli.output()).toBeDefined();
      const workerPids = new Set(urls!.map((match) => match[2]));
      expect(workerPids.size).toBe(2);
      const url = urls![0]![1]!;
      expect(urls![1]![1]).toBe(url);

      const servedBy = new Set<string>();
      for (let i = 0; i < 20; i += 1) {
        const res = await freshGet(`${url}/healthz`);
        expect(res.statusCode).toBe(200);
        servedBy.add(String(res.headers['x-worker-pid']));
      }
      expect(servedBy).toEqual(workerPids);
      expect(cli.output().match(/Applied migrations/g)).toHaveLength(1);
    } finally {
      const code = await cli.stop();
      await database.drop();
      expect(code, cli.output()).toBe(0);
    }
    expect(cli.output()).toMatch(/Stopped cleanly/);
  });

  it('runs one process on SQLite and says so', async () => {
    const database = await createTestDatabase('sqlite');
    const cli = startCli({
      ...serverEnv(database),
      DATABASE_URL: '',
      WEB_CONCURRENCY: '3',
      PORT: '0',
    });
    try {
      const url = await waitFor(
        () => /serving at (\S+) \(sqlite\)/.exec(cli.output())?.[1],
        50_000,
        100,
      );
      expect(url, cli.output()).toBeDefined();
      expect(cli.output()).toMatch(/WEB_CONCURRENCY=3 ignored: SQLite runs as one process/);
      expect((await freshGet(`${url}/healthz`)).statusCode).toBe(200);
      expect(cli.output()).not.toMatch(/worker/i);
    } finally {
      expect(await cli.stop()).toBe(0);
      await database.drop();
    }
  });
});
