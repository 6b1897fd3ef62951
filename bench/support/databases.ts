import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benches create their scratch databases on. */
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function runAdminSql(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database named after the bench, and how to drop it afterwards. */
export async function createScratchPostgres(
  label: string,
  adminUrl = POSTGRES_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `diskonradar_bench_${label}_${randomBytes(4).toString('hex')}`;
  await runAdminSql(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export type BenchDialect = 'sqlite' | 'postgres';

/**
 * Runs a bench on the dialect named by `envName` or the first argument, or on both: the
 * stand-alone benches' shared entry point.
 */
export async function runOnDialects(
  envName: string,
  runDialect: (dialect: BenchDialect) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const wanted = process.env[envName] ?? process.argv[2];
  const dialects: BenchDialect[] =
    wanted === 'sqlite' || wanted === 'postgres' ? [wanted] : ['sqlite', 'postgres'];
  const results: Record<string, unknown> = {};
  for (const dialect of dialects) results[dialect] = await runDialect(dialect);
  return results;
}
