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
import { bulkLoadInTransaction, bulkLoadRefusal } from '../../seed/bulk-load';
import { endFtsAside, ftsAsideFile } from '../../seed/fts-aside';
import { foldedWords } from '../search/terms';
import { learnWords } from '../search/vocabulary';
import type { ProductValues } from './row-plan';
import { BoundStatements } from './bound-statements';
import { categoryKeys, processChunk, type ChunkOutcome, type CsvRow } from './chunk';
import { countData, csvRecords, describeCsvError, readCell, type Delimiter } from './csv-source';
import type { ColumnIndex } from './header';
import { decidedRecords } from './record-read';
import {
  finishJob,
  holdLiveJob,
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

/**
 * Data rows from which an import into a catalogue without products loads in bulk on SQLite
 * (bulkImport below). The bulk path holds the writer for the whole file; below this the
 * chunks' short transactions cost little more (session 40: 1,000 rows took the same CPU both
 * ways, 5,000 rows 0.2-0.7 s less in bulk, 100,000 rows 30-34 s instead of 87-90 s).
 */
export const BULK_MIN_ROWS = 5_000;

/**
 * The DERIVED entries (bulk-load.ts) a bulk import's chunks write themselves, as on the row
 * path: the sku is required, a new product's figures and a new link's listing columns are
 * inserted with it (newProductFigures, sqliteLinkListingColumns).
 */
const BULK_WRITTEN = ['sku', 'link figures', 'product figures'];

/**
 * The bulk import's memory in SQLite, within the server's 300 MB (docs/contracts.md): FTS5's
 * buffer of pending terms while it fills a full-text table, and the page cache, which also
 * sizes each index build's in-memory sort (as much again). At 100,000 rows the server peaked
 * at 349 MB with a 32 MB buffer and cache, 316 MB with 8 and 16 MB, 267 MB with 8 and 8 MB, for
 * the same CPU (session 40, docs/decisions.md).
 */
const BULK_FTS_HASH_BYTES = 8 * 1024 * 1024;
const BULK_CACHE_KIB = 8_192;

/** How an import writes: `auto` decides (choosePath); tests force either path. */
export type ImportPath = 'auto' | 'rows' | 'bulk';

/**
 * The bulk path when it can serve this job: SQLite, a real import, a catalogue without products
 * and (unless forced) at least BULK_MIN_ROWS rows. PostgreSQL keeps the row path: setting its
 * indexes aside takes ACCESS EXCLUSIVE locks, held to the commit, that would stop every read
 * of the products (the public site) for the whole load.
 */
export async function choosePath(
  db: Database,
  total: number,
  dryRun: boolean,
  path: ImportPath = 'auto',
): Promise<'bulk' | 'rows'> {
  if (path === 'rows' || dryRun || db.dialect !== 'sqlite') return 'rows';
  if (path === 'auto' && total < BULK_MIN_ROWS) return 'rows';
  return (await bulkLoadRefusal(db)) === null ? 'bulk' : 'rows';
}

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
  /** `auto` unless a test forces a path. */
  path?: ImportPath;
  /**
   * A bulk import's steps as each ends: bulkLoadInTransaction's (`onStep`), then `commit` once
   * its transaction committed. For a profile (bench/import-bulk.profile.ts).
   */
  onBulkStep?: (step: string) => void;
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

/**
 * The file's data rows in chunks of at most CHUNK_ROWS; a sku seen again starts a new chunk,
 * so the later row sees what the earlier wrote.
 */
async function* csvChunks(
  run: ImportRun,
  decided: boolean,
): AsyncGenerator<CsvRow[], void, undefined> {
  const skuIndex = run.columns.get('sku')!;
  let chunk: CsvRow[] = [];
  let chunkSkus = new Set<string>();
  let row = 0;
  for await (const records of recordBatches(run, decided)) {
    for (const record of records) {
      row++;
      if (row === 1) continue; // the header
      const sku = (record[skuIndex] ?? '').trim();
      if (chunk.length >= CHUNK_ROWS || (sku !== '' && chunkSkus.has(sku))) {
        yield chunk;
        chunk = [];
        chunkSkus = new Set();
      }
      chunk.push({ row, cells: record });
      if (sku !== '') chunkSkus.add(sku);
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * The file's records, cleaned (readCell), in batches: read from the bytes when the counting
 * pass's scan decided the file (record-read.ts), otherwise by csv-parse, whose errors fail the
 * job with its line.
 */
async function* recordBatches(
  run: ImportRun,
  decided: boolean,
): AsyncGenerator<string[][], void, undefined> {
  if (decided) {
    for await (const records of decidedRecords(run.file, run.delimiter)) {
      yield records.map((cells) => cells.map(readCell));
    }
    return;
  }
  for await (const cells of csvRecords(run.file, run.delimiter)) yield [cells as string[]];
}

/**
 * The file's chunks (csvChunks), one of which can be read ahead: in a bulk load the next chunk
 * is parsed while SQLite writes the current one (on its own thread), and a chunk taken but not
 * written can be given back for the row path.
 */
class ChunkReader {
  private readonly ahead: Promise<IteratorResult<CsvRow[], void>>[] = [];
  private readonly source: AsyncGenerator<CsvRow[], void, undefined>;

  constructor(run: ImportRun, decided: boolean) {
    this.source = csvChunks(run, decided);
  }

  async next(): Promise<CsvRow[] | null> {
    const item = await (this.ahead.shift() ?? this.source.next());
    return item.done ? null : item.value;
  }

  readAhead(): void {
    if (this.ahead.length > 0) return;
    const item = this.source.next();
    // Its failure (a CSV error) is heard where it is taken; not an unhandled rejection meanwhile.
    item.catch(() => undefined);
    this.ahead.push(item);
  }

  giveBack(rows: CsvRow[]): void {
    this.ahead.unshift(Promise.resolve({ done: false, value: rows }));
  }

  /** Closes the file (a chunk read ahead and never taken is awaited, so nothing is left reading). */
  async close(): Promise<void> {
    await Promise.allSettled(this.ahead);
    await this.source.return(undefined);
  }
}

/** Thrown into the run when the server stops before the first chunk. */
class StoppedBeforeStart extends Error {}

/**
 * Runs one import job in this process: counts the rows (a first streaming pass, for the
 * progress bar), then reads the file again and writes it in chunks of CHUNK_ROWS rows, one
 * transaction each. Before each chunk it looks at the job's status in the database, so a
 * cancel sent to any process stops it after the current chunk. Into an empty SQLite catalogue
 * the file's first part (up to a repeated sku) is written in bulk first (choosePath,
 * bulkImport). The file is removed at the end.
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
    const counted = await countData(run.file, run.delimiter, stopRequested);
    if (counted === null) throw new StoppedBeforeStart();
    const total = counted.records;
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

    /**
     * The bulk path (choosePath): the file's rows are written into the empty catalogue in ONE
     * write transaction on the writer, with the loaded tables' triggers and secondary indexes
     * set aside and the derived tables rebuilt set-based at the end (bulkLoadInTransaction).
     * Readers keep their snapshot, with every index, until the commit; a failure rolls the
     * whole of it back, schema included. Other writes of this process wait in `db.write`, and
     * another process's (the feed process) in SQLite's busy timeout. The chunks are the row
     * path's, planned alike, so rows fail and count as they would there. The load ends at the
     * first chunk holding a sku an earlier row had: from it on the file goes the row path (in
     * its own transactions, after this one commits), which updates that product through the
     * triggers as a second row of the sku always did. A cancel or a stop ends the load after
     * its current chunk and commits what it loaded, as the row path keeps its committed
     * chunks.
     */
    const bulkImport = async (): Promise<void> => {
      const { slugs: categories, names: categoryNames } = await categoryKeys(db);
      const next: JobCounts = { ...counts, errors: [...counts.errors] };
      const live = holdLiveJob(run.id, next);
      const seen = new Set<string>();
      const words = new Set<string>();
      let created = 0;
      let wrote = 0;
      let went: boolean;
      const asideFile = ftsAsideFile(db);
      try {
        went = await db.write(async (transaction) => {
          // Asked again inside the transaction: no other writer can add a product now.
          if ((await bulkLoadRefusal(db, transaction)) !== null) return false;
          // The chunks' INSERTs prepared once for the whole load (their text repeats).
          const statements = new BoundStatements(transaction);
          const bulkSettings = { ...settings, bulk: true, statements };
          const loadChunks = async () => {
            for (;;) {
              if (stopRequested()) {
                stopped = true;
                return;
              }
              if (live.job.cancelRequested) {
                canceled = true;
                return;
              }
              const rows = await chunks.next();
              if (!rows) return;
              chunks.readAhead();
              const skus = rows.map((row) => (row.cells[skuIndex] ?? '').trim());
              if (skus.some((sku) => seen.has(sku))) {
                chunks.giveBack(rows);
                return;
              }
              for (const sku of skus) if (sku !== '') seen.add(sku);
              const add = async (part: CsvRow[], outcome: ChunkOutcome) => {
                const room = Math.max(0, MAX_STORED_FAILURES - next.failed);
                await saveFailures(db, run.id, outcome.failures.slice(0, room), transaction);
                Object.assign(next, withOutcome(next, outcome, part.length));
                created += outcome.created;
                wrote += outcome.created + outcome.updated;
                for (const word of indexedWords(outcome.indexed, categoryNames)) words.add(word);
              };
              const refused = await inSavepoint(async () =>
                add(rows, await processChunk(db, rows, bulkSettings, categories, transaction)),
              );
              if (!refused) continue;
              // As the row path: a row at a time, so that the refused row fails alone.
              for (const row of rows) {
                const alone = await inSavepoint(async () =>
                  add([row], await processChunk(db, [row], bulkSettings, categories, transaction)),
                );
                if (alone) {
                  deps.onUnexpectedError(alone.error);
                  await add([row], refusedOutcome([row]));
                }
              }
            }
          };
          const load = async () => {
            try {
              await loadChunks();
            } finally {
              // Before the rebuild changes the schema again, and the connection may close.
              await statements.close();
            }
          };
          /**
           * Runs `work` in a savepoint: a refusal by the database (refusedByDatabase) undoes
           * only its writes and is returned; anything else fails the whole load.
           */
          const inSavepoint = async (work: () => Promise<void>) => {
            const sql = (statement: string) => db.sequelize.query(statement, { transaction });
            await sql('SAVEPOINT bulk_import_rows');
            try {
              await work();
            } catch (error) {
              if (!refusedByDatabase(error)) throw error;
              await sql('ROLLBACK TO bulk_import_rows');
              await sql('RELEASE bulk_import_rows');
              return { error };
            }
            await sql('RELEASE bulk_import_rows');
            return null;
          };
          await bulkLoadInTransaction(db, transaction, {
            load,
            written: BULK_WRITTEN,
            ftsHashBytes: BULK_FTS_HASH_BYTES,
            // An 8 MB buffer writes dozens of segments per table: merged once, at the end.
            ftsMergeOnce: true,
            cacheKib: BULK_CACHE_KIB,
            // The full-text tables built on a second connection beside the index builds.
            ftsAsideFile: asideFile,
            ...(deps.onBulkStep ? { onStep: deps.onBulkStep } : {}),
          });
          await saveProgress(db, run.id, next, transaction);
          return true;
        });
      } catch (error) {
        await endFtsAside(db, asideFile);
        throw error;
      } finally {
        live.release();
      }
      deps.onBulkStep?.('commit');
      await endFtsAside(db, asideFile);
      if (!went) return;
      Object.assign(counts, next);
      await statistics.grew(created);
      if (wrote > 0) {
        // As writeChunk: the words before the caches drop (SQLite only, as this path).
        await learnWords(db, words);
        deps.onCatalogueChanged();
      }
    };

    const chunks = new ChunkReader(run, counted.decided);
    try {
      if ((await choosePath(db, total, run.dryRun, deps.path)) === 'bulk') await bulkImport();
      while (!canceled && !stopped) {
        const chunk = await chunks.next();
        if (!chunk) break;
        await writeChunk(chunk);
      }
    } finally {
      await chunks.close();
    }
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
