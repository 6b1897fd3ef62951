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
 * read and freed when the connection closes after the commit; writes go one at a time
 * (`db.write`), so at most one such cache exists. 16, 32 and 64 MB measured alike (2 MB:
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
 * Sequelize opens a new SQLite connection for every transaction, so per-connection settings
 * have to be applied when each connection opens, not once at start-up.
 */
class TunedSqliteDatabase extends sqlite3.Database {
  constructor(filename: string, mode: number, callback?: (err: Error | null) => void) {
    super(filename, mode, (err) => {
      if (!err) {
        this.configure('busyTimeout', BUSY_TIMEOUT_MS);
        this.run('PRAGMA synchronous=NORMAL');
        this.run(`PRAGMA wal_autocheckpoint=${WAL_CHECKPOINT_PAGES}`);
      }
      callback?.(err);
    });
  }
}

const tunedSqlite = { ...sqlite3, Database: TunedSqliteDatabase };

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Overrides the SQLite file name inside dataDir. */
  sqliteFile?: string;
  logging?: boolean;
  pool?: { max: number };
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
  return {
    sequelize,
    dialect: 'sqlite',
    models: defineModels(sequelize),
    write: (work) =>
      writes.run(() =>
        sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, async (transaction) => {
          await sequelize.query(`PRAGMA cache_size = -${WRITE_CACHE_KIB}`, { transaction });
          return work(transaction);
        }),
      ),
    close: async () => {
      await writes.run(async () => undefined);
      await sequelize.close();
    },
  };
}
