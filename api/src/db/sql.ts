import { QueryTypes, type Transaction } from 'sequelize';
import type { Database, Dialect } from './database';

export type Row = Record<string, unknown>;

/** SQL expression: the rollup hour (hours since the epoch) of a DATE column. */
export function hourExpression(dialect: Dialect, column: string): string {
  return dialect === 'postgres'
    ? `CAST(FLOOR(EXTRACT(EPOCH FROM ${column}) / 3600) AS INTEGER)`
    : // Sequelize keeps SQLite dates as 'YYYY-MM-DD HH:MM:SS.SSS +00:00' (always UTC).
      `(CAST(strftime('%s', substr(${column}, 1, 19)) AS INTEGER) / 3600)`;
}

/** SQL expression: the larger of two non-null values. */
export function greatest(dialect: Dialect, a: string, b: string): string {
  return dialect === 'postgres' ? `GREATEST(${a}, ${b})` : `MAX(${a}, ${b})`;
}

/** PostgreSQL returns COUNT and SUM as strings (bigint/numeric); SQLite as numbers. */
export function toCount(value: unknown): number {
  const count = Number(value ?? 0);
  return Number.isFinite(count) ? count : 0;
}

/**
 * A read with `?` replacements escaped by Sequelize; outside any transaction unless one is
 * given (a read inside `db.write` must use its transaction: SQLite has one writer).
 */
export function select<T extends object>(
  db: Database,
  sql: string,
  replacements: unknown[] = [],
  transaction?: Transaction,
): Promise<T[]> {
  return db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
}

/** Positional bind parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[];
  constructor(...values: unknown[]) {
    this.values = values;
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A read with `$1, $2` placeholders (see Params) bound by the driver: the statement text stays
 * the same whatever the values, unlike `select`'s `?` replacements, which Sequelize escapes
 * into the text.
 */
export const selectBound = <T extends object>(db: Database, sql: string, bind: unknown[]) =>
  db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

interface SqliteConnection {
  all(sql: string, params: unknown[], callback: (error: Error | null, rows: Row[]) => void): void;
}

interface PgConnection {
  query(sql: string, params: unknown[]): Promise<{ rows: Row[] }>;
}

function numberPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/**
 * Runs one statement on the connection of a write transaction, with bound parameters, and
 * returns its rows (RETURNING included). The ingest path goes straight to the driver: it
 * writes thousands of rows a second, and Sequelize would neither return RETURNING rows of an
 * INSERT on SQLite nor bind parameters without rebuilding every statement as text.
 * Statements use `?` placeholders and never contain a literal question mark.
 */
export function execute(
  db: Database,
  transaction: Transaction,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const connection = (transaction as unknown as { connection?: unknown }).connection;
  if (!connection) throw new Error('The write transaction has no connection');
  if (db.dialect === 'postgres') {
    return (connection as PgConnection)
      .query(numberPlaceholders(sql), params)
      .then((result) => result.rows);
  }
  return new Promise((resolve, reject) => {
    (connection as SqliteConnection).all(sql, params, (error, rows) =>
      error ? reject(error) : resolve(rows ?? []),
    );
  });
}

/** `(?, ?, ?), (?, ?, ?)` for a multi-row VALUES list. */
export function valuesList(rows: number, columns: number): string {
  const row = `(${new Array<string>(columns).fill('?').join(', ')})`;
  return new Array<string>(rows).fill(row).join(', ');
}

/** A piece of SQL with its `?` parameters, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** A character that must be escaped inside a quoted element of an array literal. */
const ARRAY_ESCAPE = /["\\]/;

/**
 * An array parameter: as the literal PostgreSQL reads (`{"a","b",NULL,3}`) when every element
 * is a string, a number or null (the driver would escape each element with two replaces), the
 * array itself otherwise (dates, buffers: the driver's conversions).
 */
function arrayParameter(values: unknown[]): unknown {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (index > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'number' && Number.isFinite(value)) literal += String(value);
    else if (typeof value !== 'string') return values.map((element) => element ?? null);
    else if (ARRAY_ESCAPE.test(value)) literal += `"${value.replace(/["\\]/g, '\\$&')}"`;
    else literal += `"${value}"`;
  }
  return `${literal}}`;
}

/**
 * `column IN (...)` for a list of values. On PostgreSQL it is `column = ANY(?)` with the list
 * as one array parameter: the statement's text, its parse and plan, and the parameters the
 * driver binds stay the same size however long the list (a batch of the ingest has
 * thousands). On SQLite, in the process, a placeholder per value costs nothing to speak of.
 */
export function inList(
  dialect: Dialect,
  column: string,
  values: unknown[],
  pgType = 'text',
): SqlPart {
  if (dialect === 'postgres') {
    return { sql: `${column} = ANY(CAST(? AS ${pgType}[]))`, params: [arrayParameter(values)] };
  }
  return { sql: `${column} IN (${values.map(() => '?').join(', ')})`, params: values };
}

/**
 * Many rows as a table `v` of columns v.column1, v.column2, ... (one `pgTypes` entry each),
 * for `FROM ${source.sql}` or `INSERT ... SELECT ... FROM ${source.sql} WHERE TRUE`: on
 * PostgreSQL `unnest` of one array parameter per column (a statement of constant size, see
 * inList); on SQLite a VALUES list.
 */
export function rowsSource(dialect: Dialect, rows: unknown[][], pgTypes: string[]): SqlPart {
  const names = pgTypes.map((_, index) => `column${index + 1}`).join(', ');
  if (dialect === 'postgres') {
    return {
      sql: `unnest(${pgTypes.map((type) => `CAST(? AS ${type}[])`).join(', ')}) AS v(${names})`,
      params: pgTypes.map((_, index) => arrayParameter(rows.map((row) => row[index]))),
    };
  }
  return { sql: `(VALUES ${valuesList(rows.length, pgTypes.length)}) AS v`, params: rows.flat() };
}

/** Bound parameters per statement stay well under both engines' limits (SQLite 32766). */
export const MAX_PARAMS_PER_STATEMENT = 8000;

export function chunk<T>(items: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / columns));
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

export interface BulkColumn {
  name: string;
  /** PostgreSQL element type of the column's array (text, integer, bigint, boolean, timestamptz). */
  pgType: string;
}

/**
 * Inserts many rows with one statement per few thousand rows: on PostgreSQL one array
 * parameter per column (`unnest`), which parses and plans in constant time; on SQLite a
 * multi-row VALUES list.
 */
export async function bulkInsert(
  db: Database,
  transaction: Transaction,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  if (db.dialect === 'postgres') {
    for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
      const part = rows.slice(start, start + PG_ROWS_PER_STATEMENT);
      await execute(
        db,
        transaction,
        `INSERT INTO ${table} (${names})
         SELECT * FROM unnest(${columns.map((column) => `CAST(? AS ${column.pgType}[])`).join(', ')})`,
        columns.map((_, index) => arrayParameter(part.map((row) => row[index]))),
      );
    }
    return;
  }
  for (const part of chunk(rows, columns.length)) {
    await execute(
      db,
      transaction,
      `INSERT INTO ${table} (${names}) VALUES ${valuesList(part.length, columns.length)}`,
      part.flat(),
    );
  }
}

const PG_ROWS_PER_STATEMENT = 10_000;
