import { DatabaseError, TimeoutError, type Transaction } from 'sequelize';

/** node-sqlite3's connection and prepared statement, as far as they are used here. */
interface SqliteStatement {
  run(params: unknown[], callback: (error: Error | null) => void): void;
  finalize(callback: (error: Error | null) => void): void;
}
interface SqliteConnection {
  prepare(sql: string, callback: (error: Error | null) => void): SqliteStatement;
}

/** A node-sqlite3 error as Sequelize's SQLite dialect reports it (formatError): busy or not. */
function asSequelizeError(error: Error & { code?: string }, sql: string): Error {
  const parent = Object.assign(error, { sql });
  return error.code === 'SQLITE_BUSY' ? new TimeoutError(parent) : new DatabaseError(parent);
}

/**
 * SQLite only: statements with positional `?` parameters, prepared once on the transaction's
 * own node-sqlite3 connection and run again with each set of values (a bulk import's chunks
 * repeat the same INSERTs, each bound with the chunk's rows as one JSON text: chunk.ts
 * insertRows). Sequelize's `replacements` escape every value into the SQL text, scan that
 * text again for the placeholders, and SQLite parses it again for each chunk.
 *
 * The values are stored as Sequelize writes them: booleans as 1 and 0, `undefined` as NULL;
 * numbers are bound as integers when they fit 32 bits and as doubles otherwise, which the
 * columns' INTEGER and NUMERIC affinities store as the integer an inlined literal would give
 * (a test compares the stored types). Errors come back as Sequelize's (TimeoutError for a
 * busy database, DatabaseError otherwise), so a refusal is told apart as on the row path.
 *
 * `close` must be called before the transaction's connection is closed or its schema changed
 * again (an unfinalized statement keeps the connection from closing).
 */
export class BoundStatements {
  private readonly prepared = new Map<string, Promise<SqliteStatement>>();
  private readonly connection: SqliteConnection;

  constructor(transaction: Transaction) {
    this.connection = (transaction as unknown as { connection: SqliteConnection }).connection;
  }

  private statement(sql: string): Promise<SqliteStatement> {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = new Promise<SqliteStatement>((resolve, reject) => {
        const prepared = this.connection.prepare(sql, (error) =>
          error ? reject(asSequelizeError(error, sql)) : resolve(prepared),
        );
      });
      // A statement that failed to prepare is not kept: the next call tries again.
      statement.catch(() => this.prepared.delete(sql));
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  async run(sql: string, values: readonly unknown[]): Promise<void> {
    const statement = await this.statement(sql);
    const params = values.map((value) =>
      typeof value === 'boolean' ? Number(value) : (value ?? null),
    );
    await new Promise<void>((resolve, reject) =>
      statement.run(params, (error) => (error ? reject(asSequelizeError(error, sql)) : resolve())),
    );
  }

  /** Finalizes every statement prepared (those that failed to prepare are skipped). */
  async close(): Promise<void> {
    const statements = await Promise.allSettled(this.prepared.values());
    this.prepared.clear();
    for (const result of statements) {
      if (result.status !== 'fulfilled') continue;
      await new Promise<void>((resolve, reject) =>
        result.value.finalize((error) => (error ? reject(error) : resolve())),
      );
    }
  }
}
