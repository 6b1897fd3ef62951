import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { toDbTimestamp } from '../db/timestamps';
import { timeOrderedUuid } from '../lib/time-ordered-id';

/**
 * One run per feed across processes (docs/contracts.md, "Product feeds"): the run holds a
 * lease on its feed row (`leaseOwner`, `leaseUntil` in epoch ms on the database's clock, so
 * every process compares against one clock), renewed while it runs. Claiming is one
 * conditional UPDATE, atomic on both engines: it succeeds only when no live lease stands. A
 * run left `running` by a process that died is found by its expired lease and marked failed
 * when the feed is claimed next (or by `recoverCrashedRuns`).
 */
export const LEASE_MS = 2 * 60_000;
export const CRASHED_RUN_MESSAGE = 'Proses terhenti sebelum selesai (server berhenti atau mati)';

export const dbNowMs = (db: Database) =>
  db.dialect === 'postgres'
    ? `CAST(extract(epoch from clock_timestamp()) * 1000 AS bigint)`
    : `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;

export interface Claim {
  runId: string;
  owner: string;
}

/** Claims `feedId` and opens its run; null when another run holds a live lease. */
export async function claimFeed(db: Database, feedId: string): Promise<Claim | null> {
  const owner = timeOrderedUuid();
  const now = dbNowMs(db);
  return db.write(async (transaction) => {
    await db.sequelize.query(
      `UPDATE feeds SET "leaseOwner" = :owner, "leaseUntil" = ${now} + :leaseMs
       WHERE id = :feedId AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now})`,
      { replacements: { owner, feedId, leaseMs: LEASE_MS }, transaction },
    );
    if ((await leaseOwner(db, feedId, transaction)) !== owner) return null;
    const at = toDbTimestamp(Date.now());
    // Whatever was running without a lease died with its process.
    await db.sequelize.query(
      `UPDATE feed_runs SET status = 'failed', "finishedAt" = :at, message = :message
       WHERE "feedId" = :feedId AND status = 'running'`,
      { replacements: { at, feedId, message: CRASHED_RUN_MESSAGE }, transaction },
    );
    const runId = timeOrderedUuid();
    await db.sequelize.query(
      `INSERT INTO feed_runs (id, "feedId", status, "startedAt") VALUES (:runId, :feedId, 'running', :at)`,
      { replacements: { runId, feedId, at }, transaction },
    );
    return { runId, owner };
  });
}

/** Extends the lease; false when it was lost (expired and claimed by another process). */
export async function renewLease(db: Database, feedId: string, owner: string): Promise<boolean> {
  return db.write(async (transaction) => {
    await db.sequelize.query(
      `UPDATE feeds SET "leaseUntil" = ${dbNowMs(db)} + :leaseMs
       WHERE id = :feedId AND "leaseOwner" = :owner`,
      { replacements: { feedId, owner, leaseMs: LEASE_MS }, transaction },
    );
    return (await leaseOwner(db, feedId, transaction)) === owner;
  });
}

export async function releaseLease(
  db: Database,
  feedId: string,
  owner: string,
  transaction?: Transaction,
): Promise<void> {
  const release = (within: Transaction) =>
    db.sequelize.query(
      `UPDATE feeds SET "leaseOwner" = NULL, "leaseUntil" = NULL
       WHERE id = :feedId AND "leaseOwner" = :owner`,
      { replacements: { feedId, owner }, transaction: within },
    );
  await (transaction ? release(transaction) : db.write(release));
}

/** Runs left `running` by a dead process (their feed's lease expired): marked failed. */
export async function recoverCrashedRuns(db: Database): Promise<number> {
  const now = dbNowMs(db);
  return db.write(async (transaction) => {
    const rows = await db.sequelize.query<{ id: string }>(
      `SELECT r.id FROM feed_runs r JOIN feeds f ON f.id = r."feedId"
       WHERE r.status = 'running' AND (f."leaseUntil" IS NULL OR f."leaseUntil" <= ${now})`,
      { type: QueryTypes.SELECT, transaction },
    );
    if (rows.length === 0) return 0;
    await db.sequelize.query(
      `UPDATE feed_runs SET status = 'failed', "finishedAt" = :at, message = :message
       WHERE id IN (:ids)`,
      {
        replacements: {
          ids: rows.map((row) => row.id),
          at: toDbTimestamp(Date.now()),
          message: CRASHED_RUN_MESSAGE,
        },
        transaction,
      },
    );
    return rows.length;
  });
}

async function leaseOwner(
  db: Database,
  feedId: string,
  transaction?: Transaction,
): Promise<string | null> {
  const [row] = await db.sequelize.query<{ leaseOwner: string | null }>(
    `SELECT "leaseOwner" FROM feeds WHERE id = :feedId`,
    { replacements: { feedId }, type: QueryTypes.SELECT, transaction },
  );
  return row?.leaseOwner ?? null;
}
