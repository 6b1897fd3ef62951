import { QueryTypes, type Transaction } from 'sequelize';
import {
  MAX_LISTED_IMPORT_ERRORS,
  MAX_STORED_IMPORT_FAILURES,
  type ImportJob,
  type ImportRowError,
  type ImportStatus,
} from '@shared/rules/product-csv';
import { toDbTimestamp } from '../../db/timestamps';
import { appendAudit, type AuditActor } from '../../audit/log';
import type { Database } from '../../db/database';

/**
 * Import jobs live in the database (import_jobs, migration 0008), not in one process's
 * memory: with several server processes on one PostgreSQL, any of them answers a job's
 * progress and takes its cancel, while the process that received the file runs it.
 */

interface JobRow {
  id: string;
  status: ImportStatus;
  dryRun: boolean | number;
  totalRows: number | null;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: string;
  headers: string;
  message: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  finishedAt: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function presentJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    status: row.status,
    dryRun: Boolean(row.dryRun),
    totalRows: row.totalRows === null ? null : Number(row.totalRows),
    processedRows: Number(row.processedRows),
    created: Number(row.created),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    failed: Number(row.failed),
    errors: JSON.parse(row.errors) as ImportRowError[],
    message: row.message,
    createdAt: iso(row.createdAt),
    finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
  };
}

export interface NewJob {
  id: string;
  dryRun: boolean;
  actor: AuditActor;
  fileSize: number;
  headers: string[];
  /** Problems of the header row (unknown columns), listed first. */
  errors: ImportRowError[];
}

/** A job keeps this many failed rows for errors.csv; `failed` counts them all. */
export const MAX_STORED_FAILURES = MAX_STORED_IMPORT_FAILURES;

/**
 * Records the job and, for a real import, who started it (an audit entry in the same
 * transaction): rows written later are never without an entry, however the run ends.
 */
export async function insertJob(db: Database, job: NewJob): Promise<void> {
  const now = toDbTimestamp(Date.now());
  await db.write(async (transaction) => {
    if (!job.dryRun) {
      await appendAudit(transaction, {
        action: 'import',
        entity: 'product',
        entityId: job.id,
        summary: 'Impor CSV produk dimulai',
        changes: null,
        actor: job.actor,
      });
    }
    await db.sequelize.query(
      `INSERT INTO import_jobs (id, status, "dryRun", "userId", username, "fileSize", headers,
        "processedRows", created, updated, unchanged, failed, errors, "createdAt", "updatedAt")
       VALUES (?, 'queued', ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?, ?, ?)`,
      {
        replacements: [
          job.id,
          job.dryRun,
          job.actor.userId,
          job.actor.username.slice(0, 100),
          job.fileSize,
          JSON.stringify(job.headers),
          JSON.stringify(job.errors.slice(0, MAX_LISTED_IMPORT_ERRORS)),
          now,
          now,
        ],
        transaction,
      },
    );
  });
}

/**
 * A job that has not moved for this long lost its process (a restart or a crash): a chunk
 * takes seconds, and counting even a 2 GB file a few minutes.
 */
export const STALE_JOB_MS = 10 * 60_000;
export const STALE_JOB_MESSAGE = 'Impor terhenti karena server dimulai ulang; unggah berkas lagi';

/**
 * Marks failed the jobs whose process is gone: every queued or running one when `everyActive`
 * (a SQLite server is the only process, so at its start none can be alive), otherwise those
 * that have not moved for STALE_JOB_MS (another PostgreSQL worker may be running the rest).
 */
export async function failDeadJobs(
  db: Database,
  { everyActive }: { everyActive: boolean },
): Promise<number> {
  const now = Date.now();
  const quiet = toDbTimestamp(everyActive ? now + 1 : now - STALE_JOB_MS);
  return db.write(async (transaction) => {
    const dead = await db.sequelize.query<{ id: string }>(
      `SELECT id FROM import_jobs WHERE status IN ('queued', 'running') AND "updatedAt" < ?`,
      { replacements: [quiet], type: QueryTypes.SELECT, transaction },
    );
    if (dead.length === 0) return 0;
    await db.sequelize.query(
      `UPDATE import_jobs SET status = 'failed', message = :message, "finishedAt" = :now,
         "updatedAt" = :now
       WHERE id IN (:ids) AND status IN ('queued', 'running')`,
      {
        replacements: {
          ids: dead.map((job) => job.id),
          message: STALE_JOB_MESSAGE,
          now: toDbTimestamp(now),
        },
        transaction,
      },
    );
    return dead.length;
  });
}

/** The ids of the jobs still queued or running (their uploads must stay). */
export async function activeJobIds(db: Database): Promise<Set<string>> {
  const rows = await db.sequelize.query<{ id: string }>(
    `SELECT id FROM import_jobs WHERE status IN ('queued', 'running')`,
    { type: QueryTypes.SELECT },
  );
  return new Set(rows.map((row) => row.id));
}

/** Finished jobs are kept this long (their progress, errors and errors.csv), then purged. */
export const KEEP_FINISHED_JOBS_MS = 7 * 24 * 60 * 60_000;

/** Deletes the jobs that finished before `before` (ms), their failed rows first. */
export async function purgeFinishedJobs(db: Database, before: number): Promise<number> {
  return db.write(async (transaction) => {
    const old = await db.sequelize.query<{ id: string }>(
      `SELECT id FROM import_jobs
       WHERE status NOT IN ('queued', 'running') AND "updatedAt" < ?`,
      { replacements: [toDbTimestamp(before)], type: QueryTypes.SELECT, transaction },
    );
    if (old.length === 0) return 0;
    const ids = old.map((job) => job.id);
    await db.sequelize.query(`DELETE FROM import_job_failures WHERE "jobId" IN (:ids)`, {
      replacements: { ids },
      transaction,
    });
    await db.sequelize.query(`DELETE FROM import_jobs WHERE id IN (:ids)`, {
      replacements: { ids },
      transaction,
    });
    return ids.length;
  });
}

/**
 * A job this process runs inside one long write transaction (a bulk import, runner.ts). Until
 * it commits, import_jobs can show neither its progress (every other connection reads the
 * snapshot before it) nor take its cancel (a write queues behind it): both meet here instead.
 */
export interface LiveJob {
  counts: JobCounts;
  cancelRequested: boolean;
}

const liveJobs = new Map<string, LiveJob>();

/** Shows `counts` (updated in place) as the job's progress until `release` is called. */
export function holdLiveJob(id: string, counts: JobCounts): { job: LiveJob; release(): void } {
  const job: LiveJob = { counts, cancelRequested: false };
  liveJobs.set(id, job);
  return { job, release: () => liveJobs.delete(id) };
}

const readJob = async (db: Database, id: string) =>
  (
    await db.sequelize.query<JobRow>(`SELECT * FROM import_jobs WHERE id = ?`, {
      replacements: [id],
      type: QueryTypes.SELECT,
    })
  )[0];

export async function findJob(db: Database, id: string): Promise<ImportJob | null> {
  const row = await readJob(db, id);
  if (!row) return null;
  const active = row.status === 'queued' || row.status === 'running';
  const live = liveJobs.get(id);
  // Its row has not moved since the transaction began, which is no sign of a lost process.
  if (active && live)
    return presentJob({ ...row, ...live.counts, errors: JSON.stringify(live.counts.errors) });
  if (active && Date.now() - new Date(row.updatedAt).getTime() > STALE_JOB_MS) {
    await finishJob(db, id, 'failed', STALE_JOB_MESSAGE);
    const ended = await readJob(db, id);
    return ended ? presentJob(ended) : null;
  }
  return presentJob(row);
}

export async function jobHeaders(db: Database, id: string): Promise<string[] | null> {
  const [row] = await db.sequelize.query<{ headers: string }>(
    `SELECT headers FROM import_jobs WHERE id = ?`,
    { replacements: [id], type: QueryTypes.SELECT },
  );
  return row ? (JSON.parse(row.headers) as string[]) : null;
}

export async function jobStatus(db: Database, id: string): Promise<ImportStatus | null> {
  const [row] = await db.sequelize.query<{ status: ImportStatus }>(
    `SELECT status FROM import_jobs WHERE id = ?`,
    { replacements: [id], type: QueryTypes.SELECT },
  );
  return row?.status ?? null;
}

export async function markRunning(db: Database, id: string, totalRows: number): Promise<void> {
  await db.write((transaction) =>
    db.sequelize.query(
      `UPDATE import_jobs SET status = 'running', "totalRows" = ?, "updatedAt" = ?
       WHERE id = ? AND status = 'queued'`,
      { replacements: [totalRows, toDbTimestamp(Date.now()), id], transaction },
    ),
  );
}

export interface JobCounts {
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportRowError[];
}

/** Writes the counts so far (inside the chunk's own transaction when it wrote rows). */
export async function saveProgress(
  db: Database,
  id: string,
  counts: JobCounts,
  transaction: Transaction,
): Promise<void> {
  await db.sequelize.query(
    `UPDATE import_jobs SET "processedRows" = ?, created = ?, updated = ?, unchanged = ?,
       failed = ?, errors = ?, "updatedAt" = ?
     WHERE id = ?`,
    {
      replacements: [
        counts.processedRows,
        counts.created,
        counts.updated,
        counts.unchanged,
        counts.failed,
        JSON.stringify(counts.errors),
        toDbTimestamp(Date.now()),
        id,
      ],
      transaction,
    },
  );
}

export interface FailedRow {
  row: number;
  reason: string;
  cells: readonly string[];
}

export async function saveFailures(
  db: Database,
  id: string,
  failures: readonly FailedRow[],
  transaction: Transaction,
): Promise<void> {
  if (failures.length === 0) return;
  await db.sequelize.query(
    `INSERT INTO import_job_failures ("jobId", row, reason, cells) VALUES ${failures
      .map(() => '(?, ?, ?, ?)')
      .join(', ')}`,
    {
      replacements: failures.flatMap((failure) => [
        id,
        failure.row,
        failure.reason,
        JSON.stringify(failure.cells),
      ]),
      transaction,
    },
  );
}

/**
 * Ends a job that is still queued or running; a canceled one stays canceled. `alsoRecord`
 * runs in the same transaction with the status the job ended with (its audit entry).
 */
export async function finishJob(
  db: Database,
  id: string,
  status: 'done' | 'failed',
  message: string | null = null,
  alsoRecord?: (finalStatus: ImportStatus | null, transaction: Transaction) => Promise<void>,
): Promise<void> {
  const now = toDbTimestamp(Date.now());
  await db.write(async (transaction) => {
    await db.sequelize.query(
      `UPDATE import_jobs SET status = ?, message = ?, "finishedAt" = ?, "updatedAt" = ?
       WHERE id = ? AND status IN ('queued', 'running')`,
      { replacements: [status, message, now, now, id], transaction },
    );
    if (!alsoRecord) return;
    const [row] = await db.sequelize.query<{ status: ImportStatus }>(
      `SELECT status FROM import_jobs WHERE id = ?`,
      { replacements: [id], type: QueryTypes.SELECT, transaction },
    );
    await alsoRecord(row?.status ?? null, transaction);
  });
}

/**
 * Asks a queued or running job to stop (it stops after its current chunk; what was committed
 * stays). True when the job is canceled now, false when it had already ended otherwise.
 */
export async function cancelJob(db: Database, id: string): Promise<boolean> {
  // A bulk import hears it at once and rolls back; this write then follows its rollback.
  const live = liveJobs.get(id);
  if (live) live.cancelRequested = true;
  const now = toDbTimestamp(Date.now());
  return db.write(async (transaction) => {
    await db.sequelize.query(
      `UPDATE import_jobs SET status = 'canceled', "finishedAt" = ?, "updatedAt" = ?
       WHERE id = ? AND status IN ('queued', 'running')`,
      { replacements: [now, now, id], transaction },
    );
    const [row] = await db.sequelize.query<{ status: ImportStatus }>(
      `SELECT status FROM import_jobs WHERE id = ?`,
      { replacements: [id], type: QueryTypes.SELECT, transaction },
    );
    return row?.status === 'canceled';
  });
}

const FAILURE_BATCH = 1_000;

/** The failed rows of a job in row order, in batches (errors.csv streams them). */
export async function* failedRows(db: Database, id: string): AsyncGenerator<FailedRow> {
  let lastId = 0;
  for (;;) {
    const batch = await db.sequelize.query<{
      id: number;
      row: number;
      reason: string;
      cells: string;
    }>(
      `SELECT id, row, reason, cells FROM import_job_failures
       WHERE "jobId" = ? AND id > ? ORDER BY id LIMIT ${FAILURE_BATCH}`,
      { replacements: [id, lastId], type: QueryTypes.SELECT },
    );
    for (const failure of batch) {
      yield {
        row: Number(failure.row),
        reason: failure.reason,
        cells: JSON.parse(failure.cells) as string[],
      };
    }
    if (batch.length < FAILURE_BATCH) return;
    lastId = Number(batch.at(-1)!.id);
  }
}
