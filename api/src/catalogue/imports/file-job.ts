import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { AuditActor } from '../../audit/log';
import type { Database } from '../../db/database';
import { readHeader } from './csv-source';
import { resolveHeader } from './header';
import { insertJob } from './jobs';
import type { ImportRun } from './runner';

/**
 * A real (not dry-run) import job of a CSV file already on disk, opened as the upload opens
 * one (its header read and resolved, its job row and audit entry inserted), for callers that
 * then run it in their own process with runImport: tests and profiles.
 */
export async function openFileJob(
  db: Database,
  file: string,
  actor: AuditActor,
): Promise<ImportRun> {
  const header = await readHeader(file);
  const resolved = resolveHeader(header.names);
  const id = randomUUID();
  await insertJob(db, {
    id,
    dryRun: false,
    actor,
    fileSize: (await stat(file)).size,
    headers: header.names,
    errors: resolved.errors,
  });
  return {
    id,
    file,
    delimiter: header.delimiter,
    columns: resolved.columns,
    width: header.names.length,
    dryRun: false,
    actor,
    headerErrors: resolved.errors,
  };
}
