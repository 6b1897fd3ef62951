import pg from 'pg';
import { checkToolVersion, connectionArgs, runTool, toolFailure } from './postgres-tools';

export interface DumpResult {
  /** The snapshot's time on the database clock. */
  takenAt: Date;
  schemaVersion: string;
}

/**
 * pg_dump --format=custom of a live database. The snapshot is exported from a transaction
 * of our own and handed to pg_dump (--snapshot), so the schema version in the manifest and
 * the dump are the same moment of the database; writers carry on meanwhile (MVCC).
 */
export async function dumpPostgres(databaseUrl: string, target: string): Promise<DumpResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: versionRows } = await client.query<{ version: number }>(
      "SELECT current_setting('server_version_num')::int AS version",
    );
    await checkToolVersion('pg_dump', versionRows[0]!.version);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ snapshot: string; now: Date }>(
      'SELECT pg_export_snapshot() AS snapshot, now() AS now',
    );
    const { rows: migrations } = await client.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    if (!migrations[0])
      throw new Error('The database has no applied migrations: nothing to back up.');
    const { dbname, env } = connectionArgs(databaseUrl);
    const result = await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${target}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    if (result.code !== 0) throw toolFailure('pg_dump', result);
    return { takenAt: new Date(rows[0]!.now), schemaVersion: migrations[0].name };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end();
  }
}
