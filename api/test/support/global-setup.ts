import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/server';
import { createTestDatabase, type TestDatabase, type TestDialect } from './databases';
import { testConfig } from './server';

type DatabaseTemplate = Pick<TestDatabase, 'dataDir' | 'databaseUrl' | 'name'>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: Record<TestDialect, DatabaseTemplate>;
  }
}

/**
 * Migrates and seeds one demo database per dialect (with the test admin) before the api
 * tests; each test file's servers start from copies, so a file pays for a copy rather than
 * for migrations, the demo seed and a bcrypt hash.
 */
export default async function setup(project: TestProject) {
  const databases = await Promise.all(
    (['sqlite', 'postgres'] as const).map(async (dialect) => {
      const database = await createTestDatabase(dialect);
      const db = await prepareDatabase(testConfig(database), () => undefined);
      await db.close();
      return database;
    }),
  );
  const [sqlite, postgres] = databases.map(({ dataDir, databaseUrl, name }) => ({
    dataDir,
    databaseUrl,
    name,
  }));
  project.provide('databaseTemplates', { sqlite: sqlite!, postgres: postgres! });
  return async () => {
    await Promise.all(databases.map((database) => database.drop()));
  };
}
