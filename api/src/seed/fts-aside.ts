/**
 * The full-text tables of a bulk import built on a second SQLite connection (issue 20), beside
 * the index builds of the import's own transaction: SQLite runs one statement at a time per
 * connection, and after the load the import's connection had the four full-text fills (about
 * 7 s of CPU at 100,000 rows) and its index builds (about 4 s) to run one after the other on
 * one core while the other stayed idle.
 *
 * The import's transaction is not committed while this runs, so the second connection cannot
 * read its rows: they are handed over. The import's connection reads them in pages as JSON
 * text (one string per page: no JavaScript object per row), and the second connection, on a
 * scratch file of its own, stages them in a plain table and fills the full-text tables from it
 * exactly as the rebuild would have (same rows, same docids, same order, the same FTS5
 * settings and one `optimize`). The import's connection then attaches that file and copies
 * the tables' shadow tables (`_data`, `_idx`, `_docsize`) into its own, freshly created
 * full-text tables: a copy of pages, not a second tokenisation. Everything is written inside
 * the import's transaction, so a failure or a crash rolls it back as before; the scratch file
 * is only a scratch file (removed before each use and after the commit).
 */
import { access, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sqlite3 from 'sqlite3';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '../db/database';

/** The name the scratch file is attached under on the import's connection. */
export const FTS_ASIDE_SCHEMA = 'bulk_fts_aside';

/** Rows per page handed over (one JSON text of about 1.2 MB for the bench's rows). */
const PAGE_ROWS = 2_000;

/**
 * The scratch connection's memory, beside the import's own (its 8 MB cache and an index
 * build's sort): a 2 MB page cache (the fills write their segments in order and read them
 * back once, in the `optimize`) and FTS5 buffers of 4 MB instead of the import's 8 MB (more
 * segments, all merged once by the `optimize` anyway: session 42 measured the buffer's size
 * within noise between 8 and 128 MB). Within the 300 MB budget of the server (docs/decisions.md,
 * session 43: 298 MB at 8 and 8 MB in one run).
 */
const ASIDE_CACHE_KIB = 2_048;
export const ASIDE_FTS_HASH_BYTES = 4 * 1024 * 1024;

/** The full-text tables built aside, with the shadow tables their contents live in. */
export const ASIDE_TABLES = [
  'product_search',
  'product_search_title',
  'product_search_label',
  'product_admin_search',
] as const;
const SHADOWS = ['data', 'idx', 'docsize'] as const;

/**
 * One row per product: its admin docid, its search docid (NULL when it has none: inactive),
 * and the values the full-text rebuild writes (bulk-load.ts DERIVED: product_search and
 * product_admin_search), computed the same way from the same tables.
 */
// The search docs are joined on the admin docs' product id (TEXT on both sides, so the search
// docs' unique index serves it): products.id has NUMERIC affinity (UUID), against which a TEXT
// column's index cannot be used, and each page scanned every search doc.
const STAGED_COLUMNS = 'adocid, sdocid, title, description, badge, category, filter';
const READ_PAGE = `SELECT json_group_array(json_array(${STAGED_COLUMNS})) AS page,
    count(*) AS n, max(adocid) AS last
  FROM (SELECT a.docid AS adocid, s.docid AS sdocid, p.title AS title,
      p.description AS description, COALESCE(p."badgeText", '') AS badge,
      COALESCE(c.name, '') AS category, 'c' || p."categoryId" AS filter
    FROM product_admin_search_docs a
    JOIN products p ON p.id = a."productId"
    LEFT JOIN product_search_docs s ON s."productId" = a."productId"
    LEFT JOIN categories c ON c.id = p."categoryId"
    WHERE a.docid > ? ORDER BY a.docid LIMIT ${PAGE_ROWS})`;

const STAGE_TABLE = `CREATE TABLE aside_rows (adocid INTEGER PRIMARY KEY, sdocid INTEGER,
  title, description, badge, category, filter)`;
const STAGE_PAGE = `INSERT INTO aside_rows (${STAGED_COLUMNS})
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6
  FROM (WITH page AS MATERIALIZED (SELECT value FROM json_each(?)) SELECT value FROM page)`;

/**
 * Each full-text table's fill from the staged rows: the rebuild's INSERT (bulk-load.ts) over
 * `aside_rows` instead of the products joined with their docs and categories.
 */
export const ASIDE_FILLS: Record<(typeof ASIDE_TABLES)[number], string> = {
  product_search: `INSERT INTO product_search (rowid, title, category, badge, description, filter)
    SELECT sdocid, title, category, badge, description, filter
    FROM aside_rows WHERE sdocid IS NOT NULL ORDER BY sdocid`,
  product_search_title: `INSERT INTO product_search_title (rowid, title, filter)
    SELECT sdocid, title, filter FROM aside_rows WHERE sdocid IS NOT NULL ORDER BY sdocid`,
  product_search_label: `INSERT INTO product_search_label (rowid, title, category, badge, filter)
    SELECT sdocid, title, category, badge, filter
    FROM aside_rows WHERE sdocid IS NOT NULL ORDER BY sdocid`,
  product_admin_search: `INSERT INTO product_admin_search (rowid, title, description, badge)
    SELECT adocid, title, description, badge FROM aside_rows ORDER BY adocid`,
};

/** node-sqlite3's connection, as far as it is used here. */
interface SqliteConnection {
  run(sql: string, params: unknown[], callback: (error: Error | null) => void): void;
  all(
    sql: string,
    params: unknown[],
    callback: (error: Error | null, rows: unknown[]) => void,
  ): void;
}

const connectionOf = (transaction: Transaction) =>
  (transaction as unknown as { connection: SqliteConnection }).connection;

function open(file: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, (error) =>
      error ? reject(error) : resolve(db),
    );
  });
}

const exec = (db: sqlite3.Database, sql: string, params: unknown[] = []) =>
  new Promise<void>((resolve, reject) =>
    db.run(sql, params, (error: Error | null) => (error ? reject(error) : resolve())),
  );

/**
 * The scratch file of this database's bulk imports: beside the database (one bulk import at a
 * time: it holds the writer), in the temporary directory for a database without a file.
 */
export function ftsAsideFile(db: Database): string {
  return (
    besideDatabase(db) ??
    path.join(os.tmpdir(), `diskonradar-bulk-fts-${process.pid}-${randomUUID()}`)
  );
}

function besideDatabase(db: Database): string | null {
  const storage = (db.sequelize as unknown as { options: { storage?: string } }).options.storage;
  if (storage && storage !== ':memory:' && !storage.startsWith('file:')) {
    return `${storage}-bulk-fts`;
  }
  return null;
}

const SCRATCH_SUFFIXES = ['', '-journal', '-wal', '-shm'];

const removeFile = async (file: string) => {
  for (const suffix of SCRATCH_SUFFIXES) {
    await rm(`${file}${suffix}`, { force: true });
  }
};

/**
 * The scratch file of a bulk import that a crash cut short (it is removed when an import
 * ends, not when its process dies): removed at a SQLite server's start, when no import can be
 * running; it holds a copy of the import's full-text tables. Returns whether one was there.
 */
export async function removeLeftFtsAside(db: Database): Promise<boolean> {
  const file = besideDatabase(db);
  if (file === null) return false;
  const found = await Promise.all(
    SCRATCH_SUFFIXES.map((suffix) =>
      access(`${file}${suffix}`).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!found.includes(true)) return false;
  await removeFile(file);
  return true;
}

/** Whether the scratch file is attached to the writer's connection (a run that failed). */
async function attached(db: Database, transaction: Transaction): Promise<boolean> {
  const rows = await db.sequelize.query<{ name: string }>('PRAGMA database_list', {
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.some((row) => row.name === FTS_ASIDE_SCHEMA);
}

/**
 * After the import's transaction ended (committed or rolled back): the scratch file detached
 * from the writer's connection and removed. SQLite detaches no database that a transaction
 * holds, and `db.write`'s BEGIN IMMEDIATE takes every attached one: inside the writer's turn,
 * its still empty transaction is ended, the file detached, and a transaction begun again for
 * `db.write` to commit. Never throws (a database gone meanwhile leaves a connection that
 * closes anyway).
 */
export async function endFtsAside(db: Database, file: string): Promise<void> {
  await db
    .write(async (transaction) => {
      if (!(await attached(db, transaction))) return;
      const connection = connectionOf(transaction);
      const raw = (sql: string) =>
        new Promise<void>((resolve, reject) =>
          connection.run(sql, [], (error) => (error ? reject(error) : resolve())),
        );
      await raw('COMMIT');
      try {
        await raw(`DETACH DATABASE ${FTS_ASIDE_SCHEMA}`);
      } finally {
        await raw('BEGIN IMMEDIATE');
      }
    })
    .catch(() => undefined);
  await removeFile(file).catch(() => undefined);
}

export interface FtsAsideBuild {
  /** Settles once every full-text table is filled and the scratch connection closed. */
  filled: Promise<void>;
  /** Stops the fill (a failure elsewhere) and closes the scratch connection. */
  abandon(): Promise<void>;
}

/**
 * Hands the loaded products over to a scratch connection (on the import's connection: its
 * docs tables must be filled) and starts filling the full-text tables there; `statements`
 * wraps each fill in the rebuild's FTS5 settings (ftsBulkInsert).
 */
export async function startFtsAside(
  db: Database,
  transaction: Transaction,
  file: string,
  statements: (table: string, insert: string) => string[],
  step: (sql: string) => void,
): Promise<FtsAsideBuild> {
  const creates = await db.sequelize.query<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN
      (${ASIDE_TABLES.map((table) => `'${table}'`).join(', ')})`,
    { type: QueryTypes.SELECT, transaction },
  );
  if (creates.length !== ASIDE_TABLES.length) throw new Error('A full-text table is missing');
  await removeFile(file);
  const aside = await open(file);
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= new Promise<void>((resolve) => aside.close(() => resolve())));
  try {
    // A scratch file: nothing of it needs to survive a crash (the import rolls back).
    for (const sql of [
      'PRAGMA journal_mode = OFF',
      'PRAGMA synchronous = OFF',
      `PRAGMA cache_size = -${ASIDE_CACHE_KIB}`,
      STAGE_TABLE,
      ...creates.map((create) => create.sql),
    ]) {
      await exec(aside, sql);
    }
    // Pages read on the import's connection while the scratch one stages the page before.
    const main = connectionOf(transaction);
    const read = (after: number) =>
      new Promise<{ page: string; n: number; last: number }>((resolve, reject) =>
        main.all(READ_PAGE, [after], (error, rows) =>
          error ? reject(error) : resolve(rows[0] as { page: string; n: number; last: number }),
        ),
      );
    await exec(aside, 'BEGIN');
    let page = await read(-1);
    while (page.n > 0) {
      const staged = exec(aside, STAGE_PAGE, [page.page]);
      const next = page.n < PAGE_ROWS ? null : read(page.last);
      next?.catch(() => undefined);
      await staged;
      if (!next) break;
      page = await next;
    }
    await exec(aside, 'CREATE INDEX aside_rows_sdocid ON aside_rows (sdocid)');
    await exec(aside, 'COMMIT');
    step('full-text rows handed over');
  } catch (error) {
    await close();
    throw error;
  }
  const fill = async () => {
    try {
      await exec(aside, 'BEGIN');
      for (const table of ASIDE_TABLES) {
        for (const sql of statements(table, ASIDE_FILLS[table])) {
          await exec(aside, sql);
          step(sql.replace(/\s+/g, ' ').trim());
        }
      }
      // No DROP TABLE aside_rows: the file is removed after the import (endFtsAside), and
      // dropping walked every page of the staged rows on the critical path (the copy waits).
      await exec(aside, 'COMMIT');
    } finally {
      await close();
    }
  };
  const filled = fill();
  filled.catch(() => undefined);
  return {
    filled,
    abandon: async () => {
      // Throws once the connection is closed (the fill ended): nothing left to stop then.
      try {
        aside.interrupt();
      } catch {
        // closed already
      }
      await filled.catch(() => undefined);
    },
  };
}

/**
 * On the import's connection, once the fill is done: each full-text table created again (a
 * fresh table: no structure of the old one cached by this connection's FTS5) and its shadow
 * tables copied from the scratch file. The tables were logically empty (an empty catalogue).
 */
export async function copyFtsAside(
  db: Database,
  transaction: Transaction,
  file: string,
  run: (sql: string) => Promise<void>,
): Promise<void> {
  const creates = await db.sequelize.query<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN
      (${ASIDE_TABLES.map((table) => `'${table}'`).join(', ')})`,
    { type: QueryTypes.SELECT, transaction },
  );
  if (await attached(db, transaction)) await run(`DETACH DATABASE ${FTS_ASIDE_SCHEMA}`);
  await db.sequelize.query(`ATTACH DATABASE ? AS ${FTS_ASIDE_SCHEMA}`, {
    replacements: [file],
    transaction,
  });
  for (const { name, sql } of creates) {
    await run(`DROP TABLE main."${name}"`);
    await run(sql);
    for (const shadow of SHADOWS) {
      await run(`DELETE FROM main."${name}_${shadow}"`);
      await run(
        `INSERT INTO main."${name}_${shadow}" SELECT * FROM ${FTS_ASIDE_SCHEMA}."${name}_${shadow}"`,
      );
    }
  }
}
