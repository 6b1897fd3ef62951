import { ConnectionError } from 'sequelize';

/**
 * Recognises the errors that mean "the database cannot be reached right now" rather than
 * "this statement is wrong": the server answers them with 503 and Retry-After, and the
 * analytics write buffer keeps its rows and retries them until the database is back.
 */

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable; please try again in a few seconds.';

/** Socket-level failures (Node's system error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * SQLite: the file is locked by another process beyond busy_timeout, or the disk is full or
 * failing. Retrying later can succeed; the statement itself is not at fault.
 */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR']);

/** node-postgres reports a dropped connection with a message and no code. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /client has encountered a connection error/i,
  /connection is closed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /server closed the connection unexpectedly/i,
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  original?: unknown;
  parent?: unknown;
  cause?: unknown;
}

function codeOf(error: ErrorLike): string {
  return typeof error.code === 'string' ? error.code : '';
}

function isUnavailableOne(error: ErrorLike): boolean {
  if (error instanceof ConnectionError) return true;
  if (typeof error.name === 'string' && /^Sequelize\w*Connection\w*Error$/.test(error.name))
    return true;
  const code = codeOf(error);
  if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith('08')) return true;
  if ([...SQLITE_CODES].some((known) => code === known || code.startsWith(`${known}_`)))
    return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when `error` (or an error it wraps: original, parent, cause) is a connection failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Sequelize wraps the driver's error in `original`/`parent`; AggregateErrors are not expected.
  const queue: unknown[] = [current];
  while (queue.length > 0) {
    current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as ErrorLike;
    if (isUnavailableOne(candidate)) return true;
    queue.push(candidate.original, candidate.parent, candidate.cause);
  }
  return false;
}

/**
 * Deadlocks and serialization failures (PostgreSQL 40P01, 40001): the same statements
 * succeed when run again.
 */
export function isTransientWriteError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as ErrorLike;
    const code = codeOf(candidate);
    if (code === '40P01' || code === '40001') return true;
    queue.push(candidate.original, candidate.parent, candidate.cause);
  }
  return false;
}
