/**
 * A rolling reload under load (docs/operations.md, "Rolling reload"): `npm start` with
 * WEB_CONCURRENCY=2 on a PostgreSQL database of its own, and SIGHUP while visitors list
 * products, click through /go and send tracking messages over 200 sockets. No request fails,
 * every /go answers 302 and its click is stored, every message the server acknowledged is
 * stored, the sockets the old workers closed reconnect, and every worker pid changed.
 *
 * A tracking message counts as acknowledged once the server answered a ping sent after it: the
 * server reads frames in order, so by then it had accepted the message. Messages a closed
 * socket had sent without that answer are sent again on the next socket, as the site's
 * tracking client keeps its queue while the socket is not open (they may then be stored twice,
 * never lost).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, spawnServer } from '../analytics-support';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { ROOT, startCli, waitFor } from '../support/processes';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/server';
import { pageviewMessage } from './support';

const SOCKETS = 200;
const HTTP_CLIENTS = 4;
const GO_CLIENTS = 2;
/** Messages a socket sends before asking for the acknowledgement (a ping). */
const BATCH = 5;
/** Pause between a socket's batches: 200 sockets send about 2,000 messages a second. */
const PAUSE_MS = 500;
/** Close code of a retiring worker's sockets (1012 Service Restart). */
const SERVICE_RESTART = 1012;
const debug = (line: string) => {
  if (process.env.RELOAD_DEBUG) console.error(`[reload debug] ${line}`);
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** GET on a connection of its own (the cluster may hand it to any worker). */
function freshGet(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: `${(error as NodeJS.ErrnoException).code}` }));
  });
}

interface HttpFigures {
  ok: number;
  failures: string[];
}

/** Requests `path()` back to back until stopped; counts answers with `expected` status. */
function requestLoop(
  url: string,
  expected: number,
  next: () => [string, http.OutgoingHttpHeaders],
) {
  const figures: HttpFigures = { ok: 0, failures: [] };
  let running = true;
  const done = (async () => {
    while (running) {
      const [path, headers] = next();
      const answer = await freshGet(`${url}${path}`, headers);
      if ('status' in answer && answer.status === expected) figures.ok += 1;
      else figures.failures.push(`${path}: ${'status' in answer ? answer.status : answer.error}`);
    }
  })();
  return {
    figures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/**
 * A tracking visitor: sends numbered page views in batches, each batch acknowledged by a pong;
 * reconnects (after 100 ms) when the server closes its socket and sends again what was not
 * acknowledged.
 */
class TrackingVisitor {
  readonly acknowledged: string[] = [];
  readonly closeCodes: number[] = [];
  opens = 0;
  sent = 0;
  private unacknowledged: string[] = [];
  private next = 0;
  private running = true;
  private ws: WebSocket | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly id: string,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private connect(): Promise<WebSocket | null> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws`, {
        headers: { 'user-agent': BROWSER_UA },
      });
      ws.on('error', () => undefined);
      ws.once('open', () => resolve(ws));
      ws.once('close', (code) => {
        this.closeCodes.push(code);
        resolve(null);
      });
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      const ws = await this.connect();
      if (!ws) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      this.ws = ws;
      this.opens += 1;
      while (this.running && ws.readyState === WebSocket.OPEN) {
        // What the last socket did not get acknowledged goes first, then new messages.
        while (this.unacknowledged.length < BATCH) {
          this.unacknowledged.push(`/reload/${this.id}/${this.next}`);
          this.next += 1;
        }
        const batch = this.unacknowledged.slice(0, BATCH);
        for (const path of batch) {
          ws.send(JSON.stringify({ ...pageviewMessage(this.id, 0), path }));
          this.sent += 1;
        }
        const acknowledged = await new Promise<boolean>((resolve) => {
          const onPong = () => finish(true);
          const onClose = () => finish(false);
          const finish = (ok: boolean) => {
            ws.off('pong', onPong);
            ws.off('close', onClose);
            resolve(ok);
          };
          ws.once('pong', onPong);
          ws.once('close', onClose);
          ws.ping();
        });
        if (!acknowledged) break;
        this.acknowledged.push(...batch);
        this.unacknowledged = this.unacknowledged.slice(batch.length);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      if (ws.readyState !== WebSocket.CLOSED) {
        await new Promise((resolve) => ws.once('close', resolve));
      }
      if (this.running) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  close(): void {
    this.ws?.close();
  }
}

/** The pids of the cluster's two workers once both logged that they serve. */
function twoServingWorkers(output: string): number[] | undefined {
  const found = [...output.matchAll(/serving at \S+ \(postgres, worker (\d+)\)/g)];
  return found.length === 2 ? found.map((match) => Number(match[1])) : undefined;
}

describe('rolling reload under load (postgres, WEB_CONCURRENCY=2)', { timeout: 480_000 }, () => {
  let database: TestDatabase | null = null;
  afterAll(() => database?.drop());

  it('replaces both workers with no failed request and no acknowledged message lost', async () => {
    database = await createTestDatabase('postgres');
    const port = await freePort();
    const cli = startCli({
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: database.dataDir,
      SESSION_SECRET: 'reload-fault-secret',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      ANALYTICS_SOCKET_RATE: '100000',
      ANALYTICS_ADDRESS_RATE: '1000000',
      ANALYTICS_FLUSH_MS: '100',
      MAX_CONNECTIONS_PER_IP: '5000',
    });
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    try {
      const serving = await waitFor(() => twoServingWorkers(cli.output()), 60_000, 100);
      expect(serving, cli.output()).toBeDefined();
      const oldPids = serving!;
      debug(`workers ${oldPids.join(', ')}`);
      const url = `http://127.0.0.1:${port}`;

      await client.connect();
      const {
        rows: [link],
      } = await client.query<{ id: number }>(
        `SELECT l.id FROM platform_links l JOIN products p ON p.id = l."productId"
         WHERE p."isActive" ORDER BY l.id LIMIT 1`,
      );
      expect(link).toBeDefined();

      // The load: product lists, /go clicks (each from another visitor: counted each time),
      // and 200 tracking sockets.
      const lists = Array.from({ length: HTTP_CLIENTS }, () =>
        requestLoop(url, 200, () => ['/api/products?limit=12', {}]),
      );
      let click = 0;
      const clicks = Array.from({ length: GO_CLIENTS }, () =>
        requestLoop(url, 302, () => {
          click += 1;
          return [`/go/${link!.id}`, { 'user-agent': `${BROWSER_UA} reload-${click}` }];
        }),
      );
      const visitors = Array.from(
        { length: SOCKETS },
        (_, n) => new TrackingVisitor(url, `reload-${n}`),
      );
      for (const visitor of visitors) visitor.start();
      const allOpen = await waitFor(
        () => (visitors.every((visitor) => visitor.open) ? true : undefined),
        30_000,
        50,
      );
      debug(`all open: ${allOpen}`);
      expect(allOpen).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2000));

      const before = {
        requests: lists.reduce((sum, loop) => sum + loop.figures.ok, 0),
        clicks: clicks.reduce((sum, loop) => sum + loop.figures.ok, 0),
      };
      const reloadStarted = performance.now();
      process.kill(cli.child.pid!, 'SIGHUP');
      // A second SIGHUP during the reload is ignored (logged), not a second reload.
      await waitFor(() => (/reloading 2 workers/.test(cli.output()) ? true : undefined), 5000);
      process.kill(cli.child.pid!, 'SIGHUP');
      const done = await waitFor(
        () => /Reload done in \S+ s: workers now (\d+), (\d+)\./.exec(cli.output()) ?? undefined,
        300_000,
        50,
      );
      const reloadMs = performance.now() - reloadStarted;
      debug(`done: ${done?.[0]}\n${cli.output()}`);
      expect(done, cli.output()).toBeDefined();
      const newPids = [Number(done![1]), Number(done![2])];

      // Load goes on against the new workers, and every socket is back.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const reconnected = await waitFor(
        () => (visitors.every((visitor) => visitor.open) ? true : undefined),
        30_000,
        50,
      );
      debug(`reconnected ${reconnected}`);
      await Promise.all([...lists, ...clicks].map((loop) => loop.stop()));
      debug('loops stopped');
      for (const visitor of visitors) visitor.close();
      await Promise.all(visitors.map((visitor) => visitor.stop()));
      debug('visitors stopped');

      const requests = lists.reduce((sum, loop) => sum + loop.figures.ok, 0);
      const redirects = clicks.reduce((sum, loop) => sum + loop.figures.ok, 0);
      const failures = [...lists, ...clicks].flatMap((loop) => loop.figures.failures);
      const acknowledged = visitors.flatMap((visitor) => visitor.acknowledged);
      const sent = visitors.reduce((sum, visitor) => sum + visitor.sent, 0);
      const restarted = visitors.filter((visitor) =>
        visitor.closeCodes.includes(SERVICE_RESTART),
      ).length;
      const opens = visitors.reduce((sum, visitor) => sum + visitor.opens, 0);

      // Every acknowledged message and every counted click is stored (the buffers of the
      // new workers flush every 100 ms; the old workers flushed theirs before exiting).
      const storedPaths = async () =>
        new Set(
          (
            await client.query<{ path: string }>(
              `SELECT path FROM page_views WHERE path LIKE '/reload/%'`,
            )
          ).rows.map((row) => row.path),
        );
      const storedClicks = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              `SELECT COUNT(*) AS n FROM events WHERE "eventType" = 'cta_click'`,
            )
          ).rows[0]!.n,
        );
      let stored = new Set<string>();
      let clicksStored = 0;
      await waitFor(
        async () => {
          stored = await storedPaths();
          clicksStored = await storedClicks();
          const complete =
            acknowledged.every((path) => stored.has(path)) && clicksStored >= redirects;
          return complete ? true : undefined;
        },
        20_000,
        200,
      );
      const pageRows = Number(
        (
          await client.query<{ n: string }>(
            `SELECT COUNT(*) AS n FROM page_views WHERE path LIKE '/reload/%'`,
          )
        ).rows[0]!.n,
      );
      const lost = acknowledged.filter((path) => !stored.has(path));

      console.log(
        `[reload] SIGHUP to done: ${(reloadMs / 1000).toFixed(1)} s (workers ${oldPids.join(', ')} ` +
          `-> ${newPids.join(', ')}); load over the run: ${requests} product lists ` +
          `(${requests - before.requests} during and after the reload), ${redirects} /go 302s ` +
          `(${redirects - before.clicks} during and after), ${failures.length} failed; ` +
          `${SOCKETS} sockets sent ${sent} messages, ${acknowledged.length} acknowledged, ` +
          `${lost.length} acknowledged not stored, ${pageRows - stored.size} stored twice ` +
          `(resent without acknowledgement); ${restarted} sockets closed with 1012 and ` +
          `${opens - SOCKETS} reconnections; clicks stored ${clicksStored} of ${redirects}`,
      );

      expect(failures.slice(0, 10)).toEqual([]);
      expect(lost.slice(0, 10)).toEqual([]);
      expect(clicksStored).toBe(redirects);
      expect(requests - before.requests).toBeGreaterThan(0);
      expect(redirects - before.clicks).toBeGreaterThan(0);
      // The old workers' sockets were closed with 1012 and came back on the new ones.
      expect(restarted).toBe(SOCKETS);
      expect(reconnected).toBe(true);
      expect(newPids.some((pid) => oldPids.includes(pid))).toBe(false);
      for (const pid of oldPids) expect(() => process.kill(pid, 0)).toThrow();
      expect(cli.output()).toMatch(/SIGHUP received during a reload: ignored/);
      expect(cli.output().match(/reloading 2 workers/g)).toHaveLength(1);
      expect(cli.output()).not.toMatch(/exited \(/);
    } finally {
      await client.end().catch(() => undefined);
      const code = await cli.stop();
      expect(code, cli.output()).toBe(0);
    }
  });
});

describe('a reload whose new worker fails to start (postgres)', { timeout: 300_000 }, () => {
  let database: TestDatabase | null = null;
  afterAll(() => database?.drop());

  it('is aborted and the old workers keep serving', async () => {
    database = await createTestDatabase('postgres');
    const port = await freePort();
    const cli = startCli({
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: database.dataDir,
      SESSION_SECRET: 'reload-fault-secret',
      SEED_DEMO: 'false',
      WEB_CONCURRENCY: '2',
      PORT: String(port),
    });
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    try {
      const serving = await waitFor(() => twoServingWorkers(cli.output()), 120_000, 100);
      expect(serving, cli.output()).toBeDefined();
      // A newer release migrated the database meanwhile: a new worker of this one refuses it.
      await client.connect();
      await client.query(`INSERT INTO schema_migrations (name) VALUES ('9999-a-newer-release')`);
      process.kill(cli.child.pid!, 'SIGHUP');
      const aborted = await waitFor(
        () => (/Reload aborted/.test(cli.output()) ? true : undefined),
        180_000,
        100,
      );
      expect(aborted, cli.output()).toBe(true);
      expect(cli.output()).toMatch(/migrated by a newer release.*9999-a-newer-release/);
      for (const pid of serving!) expect(() => process.kill(pid, 0)).not.toThrow();
      for (let i = 0; i < 10; i += 1) {
        expect(await freshGet(`http://127.0.0.1:${port}/healthz`)).toEqual({ status: 200 });
      }
      expect(cli.output()).not.toMatch(/stopping worker/);
      // The refused worker is not restarted over and over: the reload simply ended.
      expect(cli.output()).not.toMatch(/starting another in/);
    } finally {
      await client.end().catch(() => undefined);
      const code = await cli.stop();
      expect(code, cli.output()).toBe(0);
    }
  });
});

describe('SIGHUP to one process (SQLite)', { timeout: 180_000 }, () => {
  it('logs that a reload needs the cluster, keeps serving, and npm run reload says so', async () => {
    const database = await createTestDatabase('sqlite');
    const server = await spawnServer({ DATA_DIR: database.dataDir, WEB_CONCURRENCY: '2' });
    try {
      server.child.kill('SIGHUP');
      const logged = await waitFor(
        () => (/a rolling reload needs PostgreSQL/.test(server.output()) ? true : undefined),
        30_000,
        50,
      );
      expect(logged, server.output()).toBe(true);
      expect(await freshGet(`${server.url}/healthz`)).toEqual({ status: 200 });
      const reload = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/cli/reload.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: database.dataDir },
        encoding: 'utf8',
      });
      expect(reload.status).toBe(1);
      expect(reload.stderr).toMatch(/runs as one process: a rolling reload needs PostgreSQL/);
      expect(await freshGet(`${server.url}/healthz`)).toEqual({ status: 200 });
    } finally {
      let signal: string | null = null;
      server.child.once('exit', (_code, by) => (signal = by));
      server.child.kill('SIGTERM');
      expect(await server.exited, `${signal} ${server.output()}`).toBe(0);
      // The pid file goes with the process.
      expect(existsSync(path.join(database.dataDir, 'server.pid'))).toBe(false);
      await database.drop();
    }
  });
});
