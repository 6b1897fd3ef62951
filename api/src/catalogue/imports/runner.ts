import { rm } from 'node:fs/promises';
import { MAX_LISTED_IMPORT_ERRORS, type ImportRowError } from '@shared/rules/product-csv';
import { appendAudit, type AuditActor } from '../../audit/log';
import type { Database } from '../../db/database';
import { learnProductWords } from '../search/learn-words';
import { categorySlugs, processChunk, type ChunkOutcome, type CsvRow } from './chunk';
import { countDataRecords, csvRecords, describeCsvError, type Delimiter } from './csv-source';
import type { ColumnIndex } from './header';
import {
  finishJob,
  jobStatus,
  markRunning,
  saveFailures,
  saveProgress,
  type JobCounts,
} from './jobs';

/** Rows per transaction: large enough to write fast, small enough to let other writes in. */
export const CHUNK_ROWS = 500;

export interface ImportRun {
  id: string;
  file: string;
  delimiter: Delimiter;
  columns: ColumnIndex;
  width: number;
  dryRun: boolean;
  actor: AuditActor;
  /** The header row's problems (unknown columns), listed before the rows'. */
  headerErrors: ImportRowError[];
}

export interface RunnerDeps {
  db: Database;
  /** Clears this process's catalogue cache and tells the other processes (NOTIFY). */
  onCatalogueChanged(): void;
  onUnexpectedError(error: unknown): void;
}

function summary(counts: JobCounts, canceled: boolean): string {
  const text =
    `Impor CSV produk: ${counts.created} dibuat, ${counts.updated} diubah, ` +
    `${counts.unchanged} tidak berubah, ${counts.failed} gagal`;
  return canceled ? `${text} (dibatalkan)` : text;
}

/**
 * Runs one import job in this process: counts the rows (a first streaming pass, for the
 * progress bar), then reads the file again and writes it in chunks of 500 rows, one
 * transaction each. Before each chunk it looks at the job's status in the database, so a
 * cancel sent to any process stops it after the current chunk. The file is removed at the end.
 */
export async function runImport(deps: RunnerDeps, run: ImportRun): Promise<void> {
  const { db } = deps;
  const counts: JobCounts = {
    processedRows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [...run.headerErrors],
  };
  let canceled = false;
  try {
    await markRunning(db, run.id, await countDataRecords(run.file, run.delimiter));
    const settings = { columns: run.columns, width: run.width, dryRun: run.dryRun };
    const skuIndex = run.columns.get('sku')!;

    const writeChunk = async (rows: CsvRow[]) => {
      if ((await jobStatus(db, run.id)) === 'canceled') {
        canceled = true;
        return;
      }
      const categories = await categorySlugs(db);
      const record = (outcome: ChunkOutcome) => {
        counts.processedRows += rows.length;
        counts.created += outcome.created;
        counts.updated += outcome.updated;
        counts.unchanged += outcome.unchanged;
        counts.failed += outcome.failed;
        const room = MAX_LISTED_IMPORT_ERRORS - counts.errors.length;
        if (room > 0) counts.errors.push(...outcome.errors.slice(0, room));
      };
      // The chunk, its failed rows and the job's counts commit together.
      const outcome = await db.write(async (transaction) => {
        const result = await processChunk(db, rows, settings, categories, transaction);
        record(result);
        await saveFailures(db, run.id, result.failures, transaction);
        await saveProgress(db, run.id, counts, transaction);
        return result;
      });
      if (!run.dryRun && outcome.created + outcome.updated > 0) {
        // Before the caches are dropped: a search after that finds the new words' typos too.
        const skus = rows.map((row) => (row.cells[skuIndex] ?? '').trim());
        await learnProductWords(db, { skus });
        deps.onCatalogueChanged();
      }
    };

    let chunk: CsvRow[] = [];
    let chunkSkus = new Set<string>();
    let row = 0;
    for await (const cells of csvRecords(run.file, run.delimiter)) {
      row++;
      if (row === 1) continue; // the header
      const record = cells as string[];
      const sku = (record[skuIndex] ?? '').trim();
      // A sku seen again starts a new chunk, so the later row sees what the earlier wrote.
      if (chunk.length >= CHUNK_ROWS || (sku !== '' && chunkSkus.has(sku))) {
        await writeChunk(chunk);
        if (canceled) break;
        chunk = [];
        chunkSkus = new Set();
      }
      chunk.push({ row, cells: record });
      if (sku !== '') chunkSkus.add(sku);
    }
    if (!canceled && chunk.length > 0) await writeChunk(chunk);
    await finishJob(db, run.id, 'done');
  } catch (error) {
    const readable = describeCsvError(error);
    if (!readable) deps.onUnexpectedError(error);
    await finishJob(db, run.id, 'failed', readable ?? 'Impor gagal karena kesalahan server').catch(
      deps.onUnexpectedError,
    );
  } finally {
    await rm(run.file, { force: true }).catch(() => undefined);
  }
  if (run.dryRun) return;
  // The database may be gone by now (a shutdown, an outage): that is reported like the audit
  // below, never left as an unhandled rejection that would end the process.
  const finalStatus = await jobStatus(db, run.id).catch((error: unknown) => {
    deps.onUnexpectedError(error);
    return null;
  });
  canceled ||= finalStatus === 'canceled';
  await db
    .write((transaction) =>
      appendAudit(transaction, {
        action: 'import',
        entity: 'product',
        entityId: run.id,
        summary: summary(counts, canceled),
        changes: {
          created: [null, counts.created],
          updated: [null, counts.updated],
          unchanged: [null, counts.unchanged],
          failed: [null, counts.failed],
        },
        actor: run.actor,
      }),
    )
    .catch(deps.onUnexpectedError);
  deps.onCatalogueChanged();
}
