import {
  ConnectionAcquireTimeoutError,
  ConnectionError,
  ConnectionRefusedError,
  DatabaseError,
  UniqueConstraintError,
  ValidationError,
} from 'sequelize';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isTransientWriteError } from './unavailable';

function systemError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** What Sequelize throws for a failed query: a DatabaseError wrapping the driver's error. */
function queryError(original: Error): DatabaseError {
  return new DatabaseError(Object.assign(original, { sql: 'SELECT 1' }) as never);
}

describe('isDatabaseUnavailable', () => {
  it('recognises Sequelize connection errors', () => {
    expect(isDatabaseUnavailable(new ConnectionRefusedError(systemError('ECONNREFUSED')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new ConnectionAcquireTimeoutError(new Error('timeout')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new ConnectionError(new Error('lost')))).toBe(true);
  });

  it('recognises driver errors wrapped in a query error', () => {
    // PostgreSQL stopped with -m fast: the server ends every session with 57P01.
    expect(
      isDatabaseUnavailable(
        queryError(systemError('57P01', 'terminating connection due to administrator command')),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(queryError(new Error('Connection terminated unexpectedly')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(queryError(systemError('ECONNRESET')))).toBe(true);
    expect(isDatabaseUnavailable(queryError(systemError('08006')))).toBe(true);
    expect(isDatabaseUnavailable(queryError(systemError('SQLITE_BUSY')))).toBe(true);
    expect(isDatabaseUnavailable(queryError(systemError('SQLITE_IOERR_WRITE')))).toBe(true);
    expect(isDatabaseUnavailable({ cause: systemError('ECONNREFUSED') })).toBe(true);
  });

  it('leaves statement errors alone', () => {
    // A NUL character in text on PostgreSQL: the row is at fault, not the database.
    expect(
      isDatabaseUnavailable(
        queryError(systemError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(queryError(systemError('SQLITE_CONSTRAINT')))).toBe(false);
    expect(isDatabaseUnavailable(new UniqueConstraintError({}))).toBe(false);
    expect(isDatabaseUnavailable(new ValidationError('bad', []))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('does not loop on errors that wrap themselves', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isTransientWriteError', () => {
  it('recognises deadlocks and serialization failures only', () => {
    expect(isTransientWriteError(queryError(systemError('40P01')))).toBe(true);
    expect(isTransientWriteError(queryError(systemError('40001')))).toBe(true);
    expect(isTransientWriteError(queryError(systemError('22021')))).toBe(false);
  });
});
