import { QueryTypes, type Transaction } from 'sequelize';
import {
  MAX_LISTED_IMPORT_ERRORS,
  type ImportJob,
  type ImportRowError,
  type ImportStatus,
} from '@shared/rules/product-csv';
import { toDbTimestamp } from '../../db/timestamps';
import type { AuditActor } from '../../audit/log';
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

export async function insertJob(db: Database, job: NewJob): Promise<void> {
  const now = toDbTimestamp(Date.now());
  await db.write((transaction) =>
    db.sequelize.query(
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
    ),
  );
}

/**
 * A job that has not moved for this long lost its process (a restart or a crash): a chunk
 * takes seconds, and counting even a 50 MB file well under a minute.
 */
export const STALE_JOB_MS = 10 * 60_000;
export const STALE_JOB_MESSAGE = 'Impor terhenti karena server dimulai ulang; unggah berkas lagi';

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

/** Ends a job that is still queued or running; a canceled one stays canceled. */
export async function finishJob(
  db: Database,
  id: string,
  status: 'done' | 'failed',
  message: string | null = null,
): Promise<void> {
  const now = toDbTimestamp(Date.now());
  await db.write((transaction) =>
    db.sequelize.query(
      `UPDATE import_jobs SET status = ?, message = ?, "finishedAt" = ?, "updatedAt" = ?
       WHERE id = ? AND status IN ('queued', 'running')`,
      { replacements: [status, message, now, now, id], transaction },
    ),
  );
}

/**
 * Asks a queued or running job to stop (it stops after its current chunk; what was committed
 * stays). True when the job is canceled now, false when it had already ended otherwise.
 */
export async function cancelJob(db: Database, id: string): Promise<boolean> {
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
