import path from 'node:path';
import sqlite3 from 'sqlite3';
import { Sequelize, Transaction } from 'sequelize';
import { Mutex } from '../lib/mutex';
import { defineModels, type Models } from './models';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  sequelize: Sequelize;
  dialect: Dialect;
  /** This database's own models: every read and write goes through them (or through SQL). */
  models: Models;
  /**
   * Runs `work` inside a write transaction. SQLite has a single writer, so writes are queued
   * here and begin IMMEDIATE: no request ever waits on a lock inside SQLite or sees SQLITE_BUSY.
   */
  write<T>(work: (transaction: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const BUSY_TIMEOUT_MS = 10_000;

/**
 * Page cache of a SQLite write transaction, in KiB (a negative cache_size). Each transaction
 * has a fresh connection, whose default 2 MB cache is smaller than what one 500-row import
 * chunk touches (each row: 15 product indexes, two FTS tables, links and price points), so
 * pages were evicted and read again within the chunk. The cache is allocated as pages are
 * read and freed when the writer's connection closes (WRITER_IDLE_MS after its last write);
 * writes go one at a time (`db.write`) on that one connection, so at most one such cache
 * exists. 16, 32 and 64 MB measured alike (2 MB:
 * 15% more CPU per row); 32 leaves room for wider rows than the bench's.
 */
const WRITE_CACHE_KIB = 32_768;

/**
 * The WAL size (pages) at which a commit copies the WAL back into the database file. An
 * import chunk writes about 1,100 pages, so SQLite's default of 1,000 checkpointed after
 * every chunk, copying again the pages that each chunk rewrites (index tails, FTS segments)
 * and syncing the file each time. At 4,000 (16 MB) that happens every few chunks.
 */
const WAL_CHECKPOINT_PAGES = 4_000;

/**
 * The size SQLite cuts the WAL back to when it starts it over. The server's connections stay
 * open, so the WAL is never deleted: without a limit it stays as large as the largest
 * transaction ever written (a bulk import, a 1,000,000-product seed: 1.7 GB). Four times the
 * checkpoint's 16 MB, so ordinary writes never pay for growing it again.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Sequelize opens a new SQLite connection for every transaction, so per-connection settings
 * have to be applied when each connection opens, not once at start-up.
 */
const ignore = () => undefined;

class TunedSqliteDatabase extends sqlite3.Database {
  constructor(filename: string, mode: number, callback?: (err: Error | null) => void) {
    super(filename, mode, (err) => {
      if (!err) {
        this.configure('busyTimeout', BUSY_TIMEOUT_MS);
        // A setting that cannot be applied leaves SQLite's safe default.
        this.run('PRAGMA synchronous=NORMAL', ignore);
        this.run(`PRAGMA wal_autocheckpoint=${WAL_CHECKPOINT_PAGES}`, ignore);
        this.run(`PRAGMA journal_size_limit=${WAL_SIZE_LIMIT_BYTES}`, ignore);
      }
      callback?.(err);
    });
    // A statement run without a callback reports its failure as an 'error' event, which
    // nothing would handle: an uncaught exception that ends the process. Sequelize runs its
    // own PRAGMA that way on every new connection, and a connection still opening while the
    // database closes (a request at shutdown) is closed under it: SQLITE_MISUSE. Every query
    // of ours passes a callback and hears its own errors.
    this.on('error', ignore);
  }
}

const tunedSqlite = { ...sqlite3, Database: TunedSqliteDatabase };

/**
 * The connection key of `db.write`'s transactions on SQLite. Sequelize opens a new SQLite
 * connection for every transaction and closes it at the commit, so each write started with a
 * cold page cache and read its index pages again (most of a feed chunk's time). Writes are
 * one at a time (the mutex), so they share one connection under this key: it stays open
 * between writes, its page cache stays warm (SQLite drops what another connection changed),
 * and it closes after WRITER_IDLE_MS without a write, which frees its cache.
 */
const WRITER_KEY = 'diskonradar-writer';
export const WRITER_IDLE_MS = 5_000;

interface SqliteConnection {
  uuid?: string;
  close(callback?: (err: Error | null) => void): void;
}
interface SqliteConnectionManager {
  connections: Record<string, SqliteConnection>;
  releaseConnection(connection: SqliteConnection, force?: boolean): void;
}
/** Sequelize's own steps of a managed transaction (not in its type declarations). */
interface StartableTransaction {
  id: string;
  name: string;
  finished?: string;
  prepareEnvironment(useCls?: boolean): Promise<void>;
}

/** `db.write` on SQLite: the transactions of one kept connection (see WRITER_KEY). */
function sqliteWriter(sequelize: Sequelize, writeCacheKib: number) {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const release = manager.releaseConnection.bind(manager);
  // The writer's connection is kept at the end of its transactions; every other is closed.
  manager.releaseConnection = (connection, force) => {
    if (connection.uuid === WRITER_KEY && !force) return;
    release(connection, force);
  };
  const closeWriter = () => {
    const connection = manager.connections[WRITER_KEY];
    if (!connection) return;
    delete manager.connections[WRITER_KEY];
    connection.close(ignore);
  };
  let idle: NodeJS.Timeout | null = null;
  const transaction = async <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> => {
    if (idle) clearTimeout(idle);
    const started = new Transaction(sequelize, { type: Transaction.TYPES.IMMEDIATE });
    const internals = started as unknown as StartableTransaction;
    internals.id = WRITER_KEY;
    internals.name = WRITER_KEY;
    try {
      await internals.prepareEnvironment(false);
      await sequelize.query(`PRAGMA cache_size = -${writeCacheKib}`, { transaction: started });
      const result = await work(started);
      await started.commit();
      return result;
    } catch (error) {
      if (!internals.finished) {
        // A failed rollback leaves the connection in an unknown state: the next write opens
        // a fresh one.
        await started.rollback().catch(closeWriter);
      }
      throw error;
    }
  };
  return {
    transaction,
    closeWriter,
    scheduleClose: (run: () => void) => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(run, WRITER_IDLE_MS);
      idle.unref();
    },
  };
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Overrides the SQLite file name inside dataDir. */
  sqliteFile?: string;
  logging?: boolean;
  pool?: { max: number };
  /** SQLite: the write transaction's page cache in KiB (WRITE_CACHE_KIB when left out). */
  writeCacheKib?: number;
  /** PostgreSQL: names the connections in pg_stat_activity (who is working, for operators). */
  applicationName?: string;
  /** PostgreSQL: each new connection of the pool, its node-postgres client. */
  onConnect?: (client: unknown) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logging = options.logging ? (sql: string) => console.log(sql) : false;
  const define = { freezeTableName: true };

  if (options.databaseUrl) {
    const sequelize = new Sequelize(options.databaseUrl, {
      dialect: 'postgres',
      logging,
      define,
      pool: { max: options.pool?.max ?? 10, min: 0, idle: 10_000 },
      dialectOptions: {
        // No JIT compilation: the server's statements run in milliseconds, and a plan whose
        // estimate crosses jit_above_cost compiles for far longer than it runs (the /go click
        // staging tables, never analyzed while they hold rows: 0.5-0.9 s per batch for a 20 ms
        // statement; docs/decisions.md, session 41). No parallel workers either: each is a new
        // process that faults in every shared buffer it touches (an index probe of a search's
        // count: 3 us in a warm backend, 30-90 us in a worker), and the server's cores already
        // serve other requests (`sepatu hitam` by discount, in stock: 0.87 s with two workers,
        // 0.11 s without, at 1,000,000; docs/decisions.md, session 50). DATABASE_URL's own
        // `options` replaces both.
        options: '-c jit=off -c max_parallel_workers_per_gather=0',
        ...(options.applicationName ? { application_name: options.applicationName } : {}),
      },
      // No hook at all without a caller's: Sequelize runs every installed hook on each connect.
      ...(options.onConnect ? { hooks: { afterConnect: options.onConnect } } : {}),
    });
    await sequelize.authenticate();
    return {
      sequelize,
      dialect: 'postgres',
      models: defineModels(sequelize),
      write: (work) => sequelize.transaction((transaction) => work(transaction)),
      close: () => sequelize.close(),
    };
  }

  const storage = path.join(options.dataDir, options.sqliteFile ?? 'diskonradar.sqlite');
  const sequelize = new Sequelize({
    dialect: 'sqlite',
    dialectModule: tunedSqlite,
    storage,
    logging,
    define,
    transactionType: Transaction.TYPES.IMMEDIATE,
  });
  // WAL lets readers carry on while the single writer commits; the mode is stored in the file.
  await sequelize.query('PRAGMA journal_mode=WAL');
  await sequelize.query('PRAGMA synchronous=NORMAL');
  await sequelize.query('PRAGMA foreign_keys=ON');
  const writes = new Mutex();
  const writer = sqliteWriter(sequelize, options.writeCacheKib ?? WRITE_CACHE_KIB);
  const closeWhenIdle = () =>
    writer.scheduleClose(() => void writes.run(async () => writer.closeWriter()));
  return {
    sequelize,
    dialect: 'sqlite',
    models: defineModels(sequelize),
    write: (work) =>
      writes.run(async () => {
        try {
          return await writer.transaction(work);
        } finally {
          closeWhenIdle();
        }
      }),
    close: async () => {
      await writes.run(async () => writer.closeWriter());
      await sequelize.close();
    },
  };
}
