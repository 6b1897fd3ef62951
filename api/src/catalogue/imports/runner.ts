import { rm } from 'node:fs/promises';
import { DatabaseError, TimeoutError, ValidationError, type Transaction } from 'sequelize';
import {
  MAX_LISTED_IMPORT_ERRORS,
  type ImportRowError,
  type ImportStatus,
} from '@shared/rules/product-csv';
import { appendAudit, type AuditActor } from '../../audit/log';
import type { Database } from '../../db/database';
import { GrowthStatistics } from '../../db/planner-statistics';
import { foldedWords } from '../search/terms';
import { learnWords } from '../search/vocabulary';
import type { ProductValues } from './row-plan';
import { categoryKeys, processChunk, type ChunkOutcome, type CsvRow } from './chunk';
import { countDataRecords, csvRecords, describeCsvError, type Delimiter } from './csv-source';
import type { ColumnIndex } from './header';
import {
  finishJob,
  jobStatus,
  markRunning,
  MAX_STORED_FAILURES,
  saveFailures,
  saveProgress,
  type JobCounts,
} from './jobs';

/**
 * Rows per transaction: large enough to write fast, small enough to let other writes in.
 * On SQLite most of a chunk's cost is per transaction, not per row: at each commit FTS5
 * writes what it gathered as a new segment of each of its four search tables, and those
 * segments are merged again and again as more arrive; the tails of the products' and links'
 * indexes are rewritten (and copied to the WAL) once per commit. Session 35 (20,000 rows,
 * in-process, back to back at load 8-13): 500 rows 1,072, 1,000 rows 1,373, 2,000 rows 1,497,
 * 4,000 rows 1,370 rows per CPU second. 2,000 rows raised the server's peak memory by ~50 MB
 * (265-269 MB at 20,000 rows, against a 300 MB budget at 100,000), so 1,000: about 0.7 s of
 * CPU holding the writer (an admin edit waits at most that long for its turn).
 */
export const CHUNK_ROWS = 1_000;

/**
 * Rows the upload reads before it answers (docs/contracts.md: broken quoting in the first 500
 * rows is a 400 naming the line, later broken quoting fails the job). Kept apart from
 * CHUNK_ROWS so that the chunk's size does not move what the contract fixes.
 */
export const HEADER_CHECK_ROWS = 500;

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
  /** Aborted when the server stops (SIGTERM): the run ends after its current chunk. */
  stopping?: AbortSignal;
}

export const stoppedMessage = (processedRows: number) =>
  `Impor dihentikan karena server berhenti setelah ${processedRows.toLocaleString('id-ID')} ` +
  'baris; baris itu sudah tersimpan. Unggah berkas lagi untuk melanjutkan';

type Ending = 'done' | 'canceled' | 'stopped' | 'failed';

function summary(counts: JobCounts, ending: Ending): string {
  const text =
    `Impor CSV produk: ${counts.created} dibuat, ${counts.updated} diubah, ` +
    `${counts.unchanged} tidak berubah, ${counts.failed} gagal`;
  if (ending === 'canceled') return `${text} (dibatalkan)`;
  if (ending === 'stopped') return `${text} (dihentikan: server berhenti)`;
  if (ending === 'failed') return `${text} (gagal)`;
  return text;
}

/** Ending a job is tried for about two minutes (an outage's length) before giving up. */
const FINISH_ATTEMPTS = 60;
const FINISH_RETRY_MS = 2_000;

export const ROW_REFUSED = 'Database menolak baris ini; baris lain tetap diimpor';

/** A refusal of the rows' values (a constraint, a trigger), not an outage or a lock timeout. */
function refusedByDatabase(error: unknown): boolean {
  if (error instanceof TimeoutError) return false;
  return error instanceof DatabaseError || error instanceof ValidationError;
}

/** Rows the database refused, as failed rows. */
function refusedOutcome(rows: CsvRow[]): ChunkOutcome {
  const errors = rows.map((row) => ({ row: row.row, field: '', message: ROW_REFUSED }));
  return {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: rows.length,
    errors,
    failures: rows.map((row) => ({ row: row.row, reason: ROW_REFUSED, cells: row.cells })),
    indexed: [],
  };
}

/**
 * The words the search index now holds for these products (title, category name, badge,
 * description), folded as the index folds them: what learnProductWords would read back.
 */
function indexedWords(products: ProductValues[], categoryNames: ReadonlyMap<number, string>) {
  const words = new Set<string>();
  for (const values of products) {
    const category = categoryNames.get(values.categoryId);
    for (const text of [values.title, values.description, values.badgeText, category]) {
      if (text) for (const word of foldedWords(text)) words.add(word);
    }
  }
  return words;
}

/** The job's counts once `outcome` (of `rowCount` rows) is committed. */
function withOutcome(counts: JobCounts, outcome: ChunkOutcome, rowCount: number): JobCounts {
  const room = Math.max(0, MAX_LISTED_IMPORT_ERRORS - counts.errors.length);
  return {
    processedRows: counts.processedRows + rowCount,
    created: counts.created + outcome.created,
    updated: counts.updated + outcome.updated,
    unchanged: counts.unchanged + outcome.unchanged,
    failed: counts.failed + outcome.failed,
    errors: [...counts.errors, ...outcome.errors.slice(0, room)],
  };
}

/** Thrown into the run when the server stops before the first chunk. */
class StoppedBeforeStart extends Error {}

/**
 * Runs one import job in this process: counts the rows (a first streaming pass, for the
 * progress bar), then reads the file again and writes it in chunks of CHUNK_ROWS rows, one
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
  let stopped = false;
  let ending: { status: 'done' | 'failed'; message: string | null };
  const stopRequested = () => deps.stopping?.aborted === true;
  try {
    const total = await countDataRecords(run.file, run.delimiter, stopRequested);
    if (total === null) throw new StoppedBeforeStart();
    await markRunning(db, run.id, total);
    const settings = { columns: run.columns, width: run.width, dryRun: run.dryRun };
    const skuIndex = run.columns.get('sku')!;
    // An import into a young catalogue must not go on being planned as an empty one.
    const statistics = new GrowthStatistics(db, ['products', 'platform_links']);

    const writeChunk = async (rows: CsvRow[]) => {
      if (stopRequested()) {
        stopped = true;
        return;
      }
      if ((await jobStatus(db, run.id)) === 'canceled') {
        canceled = true;
        return;
      }
      const { slugs: categories, names: categoryNames } = await categoryKeys(db);
      // The rows, their failed rows (errors.csv keeps the first ones, however many fail) and
      // the job's counts commit together; the counts move on only once they have.
      const commit = (part: CsvRow[], refused: boolean) =>
        db.write(async (transaction) => {
          const result = refused
            ? refusedOutcome(part)
            : await processChunk(db, part, settings, categories, transaction);
          const next = withOutcome(counts, result, part.length);
          const room = Math.max(0, MAX_STORED_FAILURES - counts.failed);
          await saveFailures(db, run.id, result.failures.slice(0, room), transaction);
          await saveProgress(db, run.id, next, transaction);
          Object.assign(counts, next);
          return result;
        });
      let wrote = 0;
      let created = 0;
      const indexed: ProductValues[] = [];
      try {
        const outcome = await commit(rows, false);
        wrote = outcome.created + outcome.updated;
        created = outcome.created;
        indexed.push(...outcome.indexed);
      } catch (error) {
        if (!refusedByDatabase(error)) throw error;
        // A value no schema foresaw made the database refuse the chunk: again a row at a
        // time, so that the row it refuses fails alone and the others are written.
        for (const row of rows) {
          try {
            const outcome = await commit([row], false);
            wrote += outcome.created + outcome.updated;
            created += outcome.created;
            indexed.push(...outcome.indexed);
          } catch (rowError) {
            if (!refusedByDatabase(rowError)) throw rowError;
            deps.onUnexpectedError(rowError);
            await commit([row], true);
          }
        }
      }
      if (!run.dryRun) await statistics.grew(created);
      if (!run.dryRun && wrote > 0) {
        // Before the caches are dropped: a search after that finds the new words' typos too.
        // From the values the chunk wrote, not read back (learnProductWords' query): the same
        // words, those of the active products it created or whose text it changed. SQLite
        // only, as learnProductWords (PostgreSQL's word table follows from its triggers).
        if (db.dialect === 'sqlite') await learnWords(db, indexedWords(indexed, categoryNames));
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
        if (canceled || stopped) break;
        chunk = [];
        chunkSkus = new Set();
      }
      chunk.push({ row, cells: record });
      if (sku !== '') chunkSkus.add(sku);
    }
    if (!canceled && !stopped && chunk.length > 0) await writeChunk(chunk);
    if (!run.dryRun) await statistics.finished();
    ending = stopped
      ? { status: 'failed', message: stoppedMessage(counts.processedRows) }
      : { status: 'done', message: null };
  } catch (error) {
    if (error instanceof StoppedBeforeStart) {
      stopped = true;
      ending = { status: 'failed', message: stoppedMessage(0) };
    } else {
      const readable = describeCsvError(error);
      if (!readable) deps.onUnexpectedError(error);
      ending = { status: 'failed', message: readable ?? 'Impor gagal karena kesalahan server' };
    }
  } finally {
    await rm(run.file, { force: true }).catch(() => undefined);
  }
  // The job's end and its audit entry commit together, so whoever sees the job ended sees
  // the entry. The database may be gone by now (a shutdown, an outage): that is reported,
  // never left as an unhandled rejection that would end the process.
  const audit = async (finalStatus: ImportStatus | null, transaction: Transaction) => {
    const how: Ending =
      canceled || finalStatus === 'canceled'
        ? 'canceled'
        : stopped
          ? 'stopped'
          : finalStatus === 'failed'
            ? 'failed'
            : 'done';
    await appendAudit(transaction, {
      action: 'import',
      entity: 'product',
      entityId: run.id,
      summary: summary(counts, how),
      changes: {
        created: [null, counts.created],
        updated: [null, counts.updated],
        unchanged: [null, counts.unchanged],
        failed: [null, counts.failed],
      },
      actor: run.actor,
    });
  };
  // After an outage the job is ended as soon as the database is back, not left `running`
  // until it looks stale; a stopping server gives up (the next start ends it).
  for (let attempt = 1; ; attempt++) {
    try {
      await finishJob(db, run.id, ending.status, ending.message, run.dryRun ? undefined : audit);
      break;
    } catch (error) {
      deps.onUnexpectedError(error);
      if (attempt >= FINISH_ATTEMPTS || stopRequested()) break;
      await new Promise((resolve) => setTimeout(resolve, FINISH_RETRY_MS));
    }
  }
  if (!run.dryRun) deps.onCatalogueChanged();
}
