import http from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { createApp, requestListener } from './app';
import { loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { ensureFirstAdmin, type FirstAdmin } from './auth/users';
import { seedDemoIfEmpty } from './seed/seed-demo';
import { createAnalytics, type Analytics } from './analytics';
import { createGo, type Go } from './go';
import { linkCheckIntervalHours, startLinkHealthSchedule } from './catalogue/link-health/schedule';
import { warmSqliteVocabulary } from './catalogue/search/vocabulary';
import { seedPriceHistory } from './seed/price-history';
import { ConnectionLimiter } from './lib/connection-limit';
import {
  LocalCatalogueEvents,
  PostgresCatalogueEvents,
  type CatalogueEvents,
} from './lib/catalogue-events';
import { withStartupLock } from './db/startup-lock';
import { ImportRunner, uploadsDir } from './catalogue/imports/service';
import { startBackupSchedule } from './operations/backup/schedule';
import { feedConcurrency, FeedRunner } from './feeds/service';
import { loadFetchPolicy } from './lib/safe-fetch';
import { loadBackupSettings } from './operations/backup/settings';
import { WatchService } from './watches/service';

export interface RunningServer {
  config: AppConfig;
  db: Database;
  server: http.Server;
  /** The Express app behind the server's request listener (the /go fast path sits in front). */
  app: Express;
  url: string;
  port: number;
  /** The admin this start created (a first start), for the start banner; else null. */
  firstAdmin: FirstAdmin | null;
  /** Visitor analytics: the /ws socket server and the write buffer (reports: app.ts routes). */
  analytics: Analytics;
  /** The counted click redirect /go/{linkId}; its clicks go to the analytics buffer. */
  go: Go;
  /** Connection caps (per address and in total) on the HTTP server and its sockets. */
  connections: ConnectionLimiter;
  /** Price watches' evaluation, queue and sender. */
  watches: WatchService;
  /**
   * Graceful stop: no new connections, idle ones close at once and busy ones as soon as their
   * response is sent; after the grace period (SHUTDOWN_GRACE_MS) every connection is closed.
   * Then the analytics are flushed and the database closes. `restart` (a rolling reload):
   * the sockets are closed with 1012 Service Restart rather than 1001.
   */
  close(options?: { restart?: boolean }): Promise<void>;
}

export interface StartOptions {
  config?: AppConfig;
  log?: (line: string) => void;
}

/**
 * Opens, migrates and seeds the database. `onFirstAdmin` hears of the admin a first start
 * creates, so the caller can show how to sign in (the generated password is shown only then).
 */
export async function prepareDatabase(
  config: AppConfig,
  log: (line: string) => void,
  onFirstAdmin: (admin: FirstAdmin) => void = () => undefined,
): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Several processes may start at once on one PostgreSQL: one at a time migrates and seeds.
  const admin = await withStartupLock(db, () => migrateAndSeed(db, config, log));
  if (admin) onFirstAdmin(admin);
  return db;
}

async function migrateAndSeed(
  db: Database,
  config: AppConfig,
  log: (line: string) => void,
): Promise<FirstAdmin | null> {
  const applied = await migrate(db);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
  if (config.seedDemo && (await seedDemoIfEmpty(db))) {
    // Its own write after the catalogue's: the SQLite write queue is not reentrant.
    await seedPriceHistory(db);
    log('Seeded the demo catalogue.');
  }
  return ensureFirstAdmin(db, {
    username: config.adminUsername,
    password: config.adminPassword,
    log,
  });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? ((line: string) => console.log(line));
  let firstAdmin: FirstAdmin | null = null;
  const db = await prepareDatabase(config, log, (admin) => (firstAdmin = admin));
  const analytics = createAnalytics({ config, db, log });
  const go = createGo({ config, db, log, clicks: analytics.buffer });
  const stopLinkChecks = startLinkHealthSchedule(db, linkCheckIntervalHours(), log);
  const stopBackups = startBackupSchedule(
    db,
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      settings: loadBackupSettings(process.env, config.dataDir),
    },
    log,
  );
  const catalogueEvents = await createCatalogueEvents(config, db, log);
  // Before serving: imports a previous process left running are ended, their uploads removed.
  const imports = new ImportRunner(db, uploadsDir(config.dataDir), log);
  await imports.startHousekeeping();
  const watches = new WatchService({ db, config, log });
  // Feeds: due ones run on a schedule in every process; the lease in the database picks one.
  const feeds = new FeedRunner({
    db,
    policy: loadFetchPolicy(),
    dataDir: config.dataDir,
    log,
    concurrency: feedConcurrency(),
    worker: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
  });
  const app = createApp(
    { config, db },
    {
      go: go.router,
      catalogueEvents,
      imports,
      watches,
      feeds,
    },
  );
  feeds.startSchedule();
  const { limits } = config;
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    requestListener(app),
  );
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const connections = new ConnectionLimiter({
    maxConnections: limits.maxConnections,
    maxPerAddress: limits.maxConnectionsPerIp,
    isTrustedProxy: (address) => trustProxy(address, 0),
  });
  connections.attach(server);
  let stopping = false;
  // Once stopping, every response tells its keep-alive client to go: the connection closes
  // after the response instead of carrying the client's next request.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
  });
  analytics.attach(server, app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  warmSqliteVocabulary(db);
  watches.start();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  let closing: Promise<void> | null = null;
  const close = (options: { restart?: boolean } = {}) => {
    closing ??= (async () => {
      stopping = true;
      stopBackups();
      // A running import finishes its chunk and records it while the database is still open.
      const importsStopped = imports.stop();
      const feedsStopped = feeds.stop();
      analytics.stopAccepting();
      const httpClosed = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open; busy ones finish their request.
        server.closeIdleConnections();
      });
      // A busy keep-alive client becomes idle between requests: it is closed then, not served
      // for ever. Past the grace period even unfinished requests are cut off.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const cutOff = setTimeout(() => server.closeAllConnections(), limits.shutdownGraceMs);
      sweep.unref();
      cutOff.unref();
      // Sockets close first (they hold server.close() open).
      await analytics.closeSockets(options);
      await httpClosed;
      clearInterval(sweep);
      clearTimeout(cutOff);
      // After HTTP: redirects still in flight hand over their clicks; then every buffered row,
      // clicks included, is written.
      await go.close();
      await analytics.close();
      await catalogueEvents.close();
      await watches.close();
      await stopLinkChecks();
      await importsStopped;
      await feedsStopped;
      await db.close();
    })();
    return closing;
  };

  return {
    config,
    db,
    server,
    app,
    url: `http://${shownHost}:${port}`,
    port,
    firstAdmin,
    analytics,
    go,
    connections,
    watches,
    close,
  };
}

/** On PostgreSQL every process hears every other's admin writes; SQLite is one process. */
async function createCatalogueEvents(
  config: AppConfig,
  db: Database,
  log: (line: string) => void,
): Promise<CatalogueEvents> {
  if (db.dialect !== 'postgres' || !config.databaseUrl) return new LocalCatalogueEvents();
  const events = new PostgresCatalogueEvents({
    databaseUrl: config.databaseUrl,
    notify: (sql) => db.sequelize.query(sql),
    log,
  });
  // Listening before serving: an edit made elsewhere from now on is heard.
  await events.whenReady();
  return events;
}
