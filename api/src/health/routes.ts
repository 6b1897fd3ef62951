import { Router } from 'express';
import type { Database } from '../db/database';
import { createMigrator } from '../db/migrate';
import { RETRY_AFTER_SECONDS } from '../db/unavailable';

/** A readiness check that takes longer than this counts as failed. */
const READY_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  pendingMigrations: string[];
  message?: string;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers `SELECT 1` and every migration the server knows is applied. */
export async function checkReadiness(db: Database): Promise<Readiness> {
  try {
    const pending = await withTimeout(
      (async () => {
        await db.sequelize.query('SELECT 1');
        return createMigrator(db).pending();
      })(),
      READY_TIMEOUT_MS,
    );
    const names = pending.map((migration) => migration.name);
    return names.length === 0
      ? { ready: true, database: 'ok', pendingMigrations: [] }
      : {
          ready: false,
          database: 'ok',
          pendingMigrations: names,
          message: 'Database migrations are pending',
        };
  } catch {
    return {
      ready: false,
      database: 'unreachable',
      pendingMigrations: [],
      message: 'The database is unreachable',
    };
  }
}

/**
 * Probes for load balancers and orchestrators, mounted at the root of the app (not under
 * /api): `GET /healthz` answers 200 while the process serves requests; `GET /readyz` answers
 * 200 when the database is reachable and migrated, else 503 with Retry-After.
 */
export function healthRoutes(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(db);
    res.set('Cache-Control', 'no-store');
    if (!readiness.ready) res.set('Retry-After', String(RETRY_AFTER_SECONDS)).status(503);
    res.json({ status: readiness.ready ? 'ok' : 'unavailable', ...readiness });
  });
  return router;
}
