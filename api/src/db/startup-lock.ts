import type { Database } from './database';

/** pg_advisory_lock key of start-up work (migrations, first admin, demo seed): "DRstart". */
export const STARTUP_LOCK_KEY = 0x4452_7374;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that processes starting at once on
 * one database (cluster workers, or servers behind a load balancer) migrate and seed one after
 * another: the first does the work, the others find nothing left to do. The lock belongs to a
 * transaction held open on one pooled connection and goes with it, also if the process dies.
 * SQLite is one process: `work` runs as it is.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.sequelize.transaction(async (transaction) => {
    await db.sequelize.query('SELECT pg_advisory_xact_lock(:key)', {
      replacements: { key: STARTUP_LOCK_KEY },
      transaction,
    });
    return work();
  });
}
