import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { migrate, migrations } from '../src/db/migrate';
import { healthRoutes } from '../src/health/routes';
import { createTestDatabase, type TestDatabase } from './support/databases';

describe.each(['sqlite', 'postgres'] as const)('/healthz and /readyz (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Database;
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const app = express();
    app.use(healthRoutes(db));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close().catch(() => undefined);
    await database.drop();
  });

  it('is not ready before the migrations, ready after, and healthy throughout', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const before = await fetch(`${url}/readyz`);
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).not.toBeNull();
    expect(await before.json()).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      pendingMigrations: migrations.map((m) => m.name),
      message: 'Database migrations are pending',
    });

    await migrate(db);
    const after = await fetch(`${url}/readyz`);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: 'ok', ready: true, pendingMigrations: [] });
  });

  it('is not ready when the database cannot be reached', async () => {
    await db.close();
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      database: 'unreachable',
      message: 'The database is unreachable',
    });
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
