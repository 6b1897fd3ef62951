import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, QueryTypes, TimeoutError, Transaction } from 'sequelize';
import { openDatabase, type Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { BoundStatements } from './bound-statements';

/**
 * The bulk import's prepared INSERTs (BoundStatements) store values as Sequelize's escaped
 * text would, and fail with Sequelize's errors: the runner tells a refusal (DatabaseError,
 * retried a row at a time) from a busy database (TimeoutError, which fails the job) by them.
 */
describe('statements prepared once and bound with each chunk (SQLite)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: null });
    await db.sequelize.query(
      `CREATE TABLE bound (n INTEGER NOT NULL, big BIGINT, flag TINYINT(1), t VARCHAR(20), j JSON)`,
    );
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const insert = 'INSERT INTO bound (n, big, flag, t, j) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)';
  const rows = [
    [1, 3_000_000_000, true, 'satu', '[]'],
    [2, null, false, '2', '["a"]'],
  ];

  it('stores each value as the same type as the same values escaped into the text', async () => {
    await db.write(async (transaction) => {
      const statements = new BoundStatements(transaction);
      try {
        // Twice through the one prepared statement.
        await statements.run(insert, rows.flat());
        await statements.run(
          insert,
          rows.flat().map((value) => (value === 1 ? 10 : value)),
        );
      } finally {
        await statements.close();
      }
      await db.sequelize.query(insert, { replacements: rows.flat(), transaction });
    });
    const stored = await db.sequelize.query<Record<string, unknown>>(
      `SELECT n, big, flag, t, j, typeof(n) || typeof(big) || typeof(flag) || typeof(t)
         || typeof(j) AS types FROM bound ORDER BY rowid`,
      { type: QueryTypes.SELECT },
    );
    const [bound1, bound2, , , escaped1, escaped2] = stored;
    expect(stored).toHaveLength(6);
    expect(bound1).toEqual({ ...escaped1 });
    expect(bound2).toEqual(escaped2);
    expect(escaped1).toMatchObject({
      n: 1,
      big: 3_000_000_000,
      flag: 1,
      types: 'integerintegerintegertexttext',
    });
  });

  it('fails with a DatabaseError when the database refuses a value, TimeoutError when busy', async () => {
    await db.write(async (transaction) => {
      const statements = new BoundStatements(transaction);
      try {
        const refused = statements.run(insert, [null, 1, true, 'x', '[]', 2, 2, true, 'y', '[]']);
        await expect(refused).rejects.toBeInstanceOf(DatabaseError);
        await expect(refused).rejects.not.toBeInstanceOf(TimeoutError);
        await expect(refused).rejects.toThrow(/NOT NULL constraint failed: bound.n/);
        await expect(statements.run('INSERT INTO nowhere VALUES (?)', [1])).rejects.toBeInstanceOf(
          DatabaseError,
        );
      } finally {
        await statements.close();
      }
    });
    // The writer holds the write lock: another connection's INSERT is busy (no busy timeout).
    const other = await openDatabase({ dataDir: database.dataDir, databaseUrl: null });
    try {
      await db.write(async (transaction) => {
        await db.sequelize.query('INSERT INTO bound (n) VALUES (99)', { transaction });
        const otherTransaction = await other.sequelize.transaction({
          type: Transaction.TYPES.DEFERRED,
        });
        try {
          await other.sequelize.query('PRAGMA busy_timeout = 0', { transaction: otherTransaction });
          const statements = new BoundStatements(otherTransaction);
          try {
            await expect(
              statements.run('INSERT INTO bound (n) VALUES (?)', [7]),
            ).rejects.toBeInstanceOf(TimeoutError);
          } finally {
            await statements.close();
          }
        } finally {
          await otherTransaction.rollback();
        }
      });
    } finally {
      await other.close();
    }
  });
});
