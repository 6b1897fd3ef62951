import sqlite3 from 'sqlite3';

/** The parts of node-sqlite3's Backup (sqlite3_backup_*) used here; its typings lack them. */
interface SqliteBackup {
  step(pages: number, callback: (error: Error | null) => void): void;
  finish(callback?: (error: Error | null) => void): void;
  completed: boolean;
  failed: boolean;
}

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, mode, (error) =>
      error ? reject(error) : resolve(db),
    );
  });
}

function close(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));
}

/**
 * Copies a live SQLite database with SQLite's online backup API, all pages in one step: the
 * step reads inside one read transaction, so the copy is the database as of that moment,
 * while the server's writers carry on (WAL mode: readers never block the writer). Pages go
 * from file to file; memory stays small whatever the size.
 */
export async function copySqliteOnline(source: string, target: string): Promise<void> {
  const db = await open(source, sqlite3.OPEN_READONLY);
  try {
    await new Promise<void>((resolve, reject) => {
      const backup = (
        db as unknown as {
          backup(file: string, callback: (error: Error | null) => void): SqliteBackup;
        }
      ).backup(target, (error) => {
        if (error) return reject(error);
        backup.step(-1, (stepError) => {
          backup.finish();
          if (stepError) return reject(stepError);
          if (!backup.completed) return reject(new Error('the SQLite backup did not complete'));
          resolve();
        });
      });
    });
  } finally {
    await close(db);
  }
}

/** The newest migration applied to a SQLite file (schema_migrations, umzug's table). */
export async function sqliteSchemaVersion(file: string): Promise<string> {
  const db = await open(file, sqlite3.OPEN_READONLY);
  try {
    return await new Promise<string>((resolve, reject) =>
      db.get<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
        (error, row) => {
          if (error) return reject(error);
          if (!row) return reject(new Error('the database has no applied migrations'));
          resolve(row.name);
        },
      ),
    );
  } finally {
    await close(db);
  }
}
