import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueryTypes } from 'sequelize';
import { appendAudit, type AuditActor } from '../audit/log';
import type { Database, Dialect } from '../db/database';
import { GrowthStatistics } from '../db/planner-statistics';
import { toDbTimestamp } from '../db/timestamps';
import { SafeFetchError, type FetchPolicy } from '../lib/safe-fetch';
import { TimeSlices } from '../lib/time-slices';
import { learnProductWords } from '../catalogue/search/learn-words';
import { FEED_SLICE_MS, mapRecord, runContext, writeChunk, type RowFailure } from './chunk';
import { KnownItems } from './known-items';
import { fetchFeed, readFeedFile } from './io';
import { FeedUnreadableError } from './preview';
import { ChunkPipeline } from './chunk-pipeline';
import { LEASE_MS, releaseLease, renewLease, type Claim } from './lease';
import { RunChunk } from './run-chunk';
import { claimFirstSeenRun, itemIdsThrough, recordSeen, SeenItems } from './seen';
import { findFeed, type StoredFeed } from './store';

/** errors.csv keeps this many failed rows of a run (the count goes on). */
export const MAX_STORED_ROW_ERRORS = 10_000;
/**
 * A pause after each chunk's commit: the database and the machine's CPU get a breather, and
 * the site's reads that queued behind the chunk run before the next one starts. In process,
 * quiet, 100,000 rows: 5 ms gave PostgreSQL 14,262-15,275 rows/s with the list page's p95 at
 * 2.7-3.2x of rest, 30 ms 9,611-10,480 rows/s at 1.6-1.75x (SQLite 11,013 rows/s at 2.6x,
 * 8,240 at 2.2x). In the feed process at the lowest priority (feed-worker.ts), SQLite's
 * work is that process's and yields the CPU to the site by itself; PostgreSQL's is in the
 * database's own processes, which the priority does not reach: they get a longer pause.
 */
export const FEED_CHUNK_PAUSE_MS: Record<Dialect, number> = { sqlite: 30, postgres: 60 };
/** Products deactivated per statement at the end of a run. */
const DEACTIVATE_BATCH = 1_000;

export const FEED_RUN_MESSAGES = {
  shrunk: (rows: number, previous: number) =>
    `Feed hanya berisi ${rows.toLocaleString('id-ID')} baris (sebelumnya ` +
    `${previous.toLocaleString('id-ID')}): tidak ada produk yang dinonaktifkan`,
  empty: 'Feed kosong: tidak ada produk yang dinonaktifkan',
  stopped: 'Proses dihentikan karena server berhenti',
  leaseLost: 'Proses diambil alih oleh server lain',
  failed: 'Proses feed gagal karena kesalahan server',
} as const;

export interface FeedRunDeps {
  db: Database;
  policy: FetchPolicy;
  /** Where the fetched body is spooled while it is read (DATA_DIR/feeds). */
  spoolDir: string;
  /** Drops this process's caches and tells the other processes (NOTIFY). */
  onCatalogueChanged(): void;
  onUnexpectedError(error: unknown): void;
  /** Aborted when the server stops: the run ends after its current chunk. */
  stopping?: AbortSignal;
  /**
   * Adds the words of these products to the typo vocabulary of the process that serves the
   * searches (learnProductWords on `db` when left out: the run is in that process).
   */
  learnWords?: (skus: string[]) => Promise<void>;
  /** Applies the spooled file somewhere else (the feed process); here when left out. */
  applyFile?: (job: ApplyJob) => Promise<AppliedFile>;
}

export interface RunCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  outOfStock: number;
  deactivated: number;
  failed: number;
}

class RunStopped extends Error {}

/** What a person reads when the run failed: the fetch's reason, never a stack trace. */
export function describeRunError(error: unknown): string | null {
  if (error instanceof RunStopped) return error.message;
  // The fetch and the readers answer in Indonesian already (fetch-feed.ts, preview.ts).
  if (error instanceof SafeFetchError || error instanceof FeedUnreadableError) {
    return error.message;
  }
  return null;
}

/** Streams the body to `file`, answering its SHA-256 (the "same content" check). */
async function spool(body: NodeJS.ReadableStream, file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    body,
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    }),
    createWriteStream(file),
  );
  return hash.digest('hex');
}

async function saveFailures(db: Database, runId: string, failures: RowFailure[], stored: number) {
  const room = Math.max(0, MAX_STORED_ROW_ERRORS - stored);
  const kept = failures.slice(0, room);
  if (kept.length === 0) return;
  await db.write(async (transaction) => {
    for (let start = 0; start < kept.length; start += 100) {
      const batch = kept.slice(start, start + 100);
      await db.sequelize.query(
        `INSERT INTO feed_run_errors ("runId", row, reason, raw)
         VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
        {
          replacements: batch.flatMap((failure) => [
            runId,
            failure.row,
            failure.reason,
            failure.raw,
          ]),
          transaction,
        },
      );
    }
  });
}

/**
 * Records what the run saw (seen.ts), then deactivates (never deletes) the products missing
 * from two consecutive complete runs, unless staff locked their state. A run that read under
 * half the previous complete run's rows (or none) deactivates nothing: it answers the message
 * that becomes the feed's alert, and what it did not see counts no missed run.
 */
async function deactivateMissing(
  db: Database,
  feed: StoredFeed,
  runId: string,
  rows: number,
  seen: { items: SeenItems; through: number },
): Promise<{ deactivated: number; message: string | null; complete: boolean }> {
  const [previous] = await db.sequelize.query<{ rows: number | string }>(
    `SELECT rows FROM feed_runs WHERE "feedId" = :feedId AND complete = :yes AND id <> :runId
     ORDER BY "startedAt" DESC, id DESC LIMIT 1`,
    { replacements: { feedId: feed.id, runId, yes: true }, type: QueryTypes.SELECT },
  );
  const previousRows = previous ? Number(previous.rows) : 0;
  const incomplete =
    rows === 0
      ? FEED_RUN_MESSAGES.empty
      : rows * 2 < previousRows
        ? FEED_RUN_MESSAGES.shrunk(rows, previousRows)
        : null;
  await recordSeen(db, feed.id, runId, seen.items, seen.through, incomplete === null);
  if (incomplete !== null) return { deactivated: 0, message: incomplete, complete: false };
  let deactivated = 0;
  for (;;) {
    const due = await db.sequelize.query<{
      id: number | string;
      productId: string;
      lockedFields: string | null;
    }>(
      `SELECT i.id, i."productId", p."lockedFields" FROM feed_items i
       JOIN products p ON p.id = i."productId"
       WHERE i."feedId" = :feedId AND i."missedRuns" >= 2 AND i.deactivated = :no
       ORDER BY i.id LIMIT ${DEACTIVATE_BATCH}`,
      { replacements: { feedId: feed.id, no: false }, type: QueryTypes.SELECT },
    );
    if (due.length === 0) break;
    const free = due.filter((item) => !(item.lockedFields ?? '').includes('"isActive"'));
    const now = toDbTimestamp(Date.now());
    await db.write(async (transaction) => {
      if (free.length > 0) {
        const changed = await db.sequelize.query<{ id: string }>(
          `SELECT id FROM products WHERE id IN (:ids) AND "isActive" = :yes`,
          {
            replacements: { ids: free.map((item) => item.productId), yes: true },
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        deactivated += changed.length;
        if (changed.length > 0) {
          await db.sequelize.query(
            `UPDATE products SET "isActive" = :no, "updatedAt" = :now WHERE id IN (:ids)`,
            { replacements: { no: false, now, ids: changed.map((row) => row.id) }, transaction },
          );
        }
      }
      await db.sequelize.query(`UPDATE feed_items SET deactivated = :yes WHERE id IN (:ids)`, {
        replacements: { yes: true, ids: due.map((item) => Number(item.id)) },
        transaction,
      });
    });
  }
  return { deactivated, message: null, complete: true };
}

const summaryOf = (feed: StoredFeed, status: string, counts: RunCounts, notModified: boolean) =>
  notModified
    ? `Feed ${feed.name}: tidak berubah sejak proses sebelumnya`
    : `Feed ${feed.name}: ${counts.created} dibuat, ${counts.updated} diubah, ` +
      `${counts.unchanged} tidak berubah, ${counts.outOfStock} stok habis, ` +
      `${counts.deactivated} dinonaktifkan, ${counts.failed} gagal` +
      (status === 'failed' ? ' (gagal)' : '');

const emptyCounts = (): RunCounts => ({
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  outOfStock: 0,
  deactivated: 0,
  failed: 0,
});

/** A spooled feed file to read and write, under the run's claim. */
export interface ApplyJob {
  feed: StoredFeed;
  runId: string;
  file: string;
  /** Aborted when another process took the feed's lease: the run ends after its chunk. */
  leaseLost: AbortSignal;
}

/** What a run wrote from its file; `failure` when it ended early (what was written stays). */
export interface AppliedFile {
  counts: RunCounts;
  message: string | null;
  complete: boolean;
  /** `readable`: the reason a person reads, or null when unexpected (already reported). */
  failure: { readable: string | null } | null;
}

export type ApplyDeps = Pick<FeedRunDeps, 'db' | 'stopping' | 'onUnexpectedError' | 'learnWords'>;

/**
 * Reads, maps and writes a spooled feed in chunks of 1,000 rows to write (one transaction each;
 * rows known unchanged are only counted, run-chunk.ts), then
 * deactivates what left the feed. Never throws. The server runs it in a feed process
 * (feed-worker.ts): its seconds of JavaScript stay off the loop that answers the site.
 */
export async function applyFeedFile(deps: ApplyDeps, job: ApplyJob): Promise<AppliedFile> {
  const { db } = deps;
  const { feed, runId, file } = job;
  const counts = emptyCounts();
  const writes = new ChunkPipeline();
  /** `through` stays -1 until the run has read where its own items start. */
  const seen = { items: new SeenItems(), through: -1 };
  try {
    const context = await runContext(db, feed, runId);
    seen.through = await itemIdsThrough(db);
    // Read once: a chunk then writes (and looks up) only its rows that are not known unchanged.
    const known = await KnownItems.load(db, feed.id);
    await claimFirstSeenRun(db, feed.id, runId);
    let chunk = new RunChunk(known);
    let pauseAfterWrite = 0;
    let stored = 0;
    // A feed's first run grows these from nothing: the planner must not keep planning
    // them as empty (a third of the speed, the figure refresh walking whole indexes).
    const statistics = new GrowthStatistics(db, ['feed_items', 'platform_links', 'products']);
    const slices = new TimeSlices(FEED_SLICE_MS);
    /** One chunk's transaction and what follows it; the next chunk is read meanwhile. */
    const write = async (written: RunChunk) => {
      const result = await db.write((transaction) =>
        writeChunk(db, context, written.rows, transaction),
      );
      seen.items.add(written.unchangedIds);
      seen.items.add(result.seen);
      counts.created += result.created;
      counts.updated += result.updated;
      counts.unchanged += written.unchangedIds.length + result.unchanged;
      counts.failed += result.failures.length;
      await statistics.grew(result.created);
      const failed: RowFailure[] = [...written.failures, ...result.failures];
      await saveFailures(db, runId, failed, stored);
      stored += failed.length;
      if (result.wordsChanged.length > 0) {
        await (deps.learnWords
          ? deps.learnWords(result.wordsChanged)
          : learnProductWords(db, { skus: result.wordsChanged }));
      }
    };
    const flush = async () => {
      // Chunks are written one after another, in the feed's order: the later sees what the
      // earlier wrote. Only the reading and mapping of the next overlaps a chunk's write; the
      // pause after a commit stays whole (nothing of the run works in it).
      if (await writes.settled()) await sleep(pauseAfterWrite);
      if (deps.stopping?.aborted) throw new RunStopped(FEED_RUN_MESSAGES.stopped);
      if (job.leaseLost.aborted) throw new RunStopped(FEED_RUN_MESSAGES.leaseLost);
      const written = chunk;
      pauseAfterWrite = FEED_CHUNK_PAUSE_MS[db.dialect] * written.pauses;
      chunk = new RunChunk(known);
      writes.start(write(written));
      slices.restart();
    };
    for await (const record of readFeedFile(file, feed.format)) {
      counts.rows++;
      // The reader hands over a buffer's rows in one go; a turn of the event loop every
      // few milliseconds lets the public site's requests in between.
      if (slices.due) await slices.next();
      const mapped =
        'error' in record
          ? { row: record.row, reason: record.error, raw: '' }
          : mapRecord(feed, record);
      if (!('sku' in mapped)) {
        counts.failed++;
        chunk.fail(mapped);
        continue;
      }
      if (mapped.availability === 'out_of_stock') counts.outOfStock++;
      if (chunk.refuses(mapped)) await flush();
      chunk.add(mapped);
    }
    if (chunk.size > 0) await flush();
    await writes.settled();
    await statistics.finished();
    const ending = await deactivateMissing(db, feed, runId, counts.rows, seen);
    counts.deactivated = ending.deactivated;
    return { counts, message: ending.message, complete: ending.complete, failure: null };
  } catch (error) {
    // A chunk still being written when the reading failed ends before the run does.
    await writes.abandoned();
    // What the committed chunks saw stays seen, as their marks did when each row had one
    // (not when another process took the feed: it records its own run).
    if (seen.through >= 0 && !job.leaseLost.aborted) {
      await recordSeen(db, feed.id, runId, seen.items, seen.through, false).catch(
        deps.onUnexpectedError,
      );
    }
    const readable = describeRunError(error);
    if (!readable) deps.onUnexpectedError(error);
    return { counts, message: null, complete: false, failure: { readable } };
  }
}

const applyInThisThread = (deps: FeedRunDeps) => (job: ApplyJob) => applyFeedFile(deps, job);

/** Ends the run with the reason its file's apply gave (reported there when unexpected). */
class AppliedRunFailure extends Error {
  constructor(readonly readable: string | null) {
    super(readable ?? FEED_RUN_MESSAGES.failed);
  }
}

/**
 * Runs one feed under a claim (lease.ts): fetch (conditional), spool and hash, read, map and
 * write in chunks of 1,000 rows to write (one transaction each), deactivate what left the feed, then
 * end the run, its feed's fetch state and its audit entry in one transaction, and release
 * the lease. Never throws: a failure ends the run `failed` with a readable message.
 */
export async function executeFeedRun(
  deps: FeedRunDeps,
  feedId: string,
  claim: Claim,
  actor: AuditActor,
): Promise<void> {
  const { db } = deps;
  const { runId, owner } = claim;
  const counts = emptyCounts();
  let status: 'done' | 'failed' = 'done';
  let message: string | null = null;
  let notModified = false;
  let complete = false;
  let fetchState: { etag: string | null; lastModified: string | null; hash: string } | null = null;
  const leaseLost = new AbortController();
  const renewal = setInterval(() => {
    renewLease(db, feedId, owner)
      .then((held) => {
        if (!held) leaseLost.abort();
      })
      .catch(deps.onUnexpectedError);
  }, LEASE_MS / 4);
  renewal.unref();
  const file = path.join(deps.spoolDir, `${runId}.feed`);
  const feed = await findFeed(db, feedId).catch(() => null);
  try {
    if (!feed) throw new RunStopped('Feed tidak ditemukan');
    const fetched = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      policy: deps.policy,
      maxBytes: deps.policy.maxBytes,
      ...(deps.stopping ? { signal: deps.stopping } : {}),
    });
    if (fetched.notModified) {
      notModified = true;
    } else {
      await mkdir(deps.spoolDir, { recursive: true });
      const hash = await spool(fetched.body, file);
      fetchState = { etag: fetched.etag, lastModified: fetched.lastModified, hash };
      if (hash === feed.contentHash) {
        notModified = true;
      } else {
        const applied = await (deps.applyFile ?? applyInThisThread(deps))({
          feed,
          runId,
          file,
          leaseLost: leaseLost.signal,
        });
        Object.assign(counts, applied.counts);
        if (applied.failure !== null) throw new AppliedRunFailure(applied.failure.readable);
        message = applied.message;
        complete = applied.complete;
      }
    }
  } catch (error) {
    status = 'failed';
    const applied = error instanceof AppliedRunFailure;
    const readable = applied ? error.readable : describeRunError(error);
    if (!readable && !applied) deps.onUnexpectedError(error);
    message = readable ?? FEED_RUN_MESSAGES.failed;
  } finally {
    clearInterval(renewal);
    await rm(file, { force: true }).catch(() => undefined);
  }

  const changed = counts.created + counts.updated + counts.deactivated > 0;
  const at = toDbTimestamp(Date.now());
  // The lease goes with the run's end, in its transaction: a run seen ended has freed its
  // feed, and "Jalankan sekarang" right after it starts the next one.
  let released = false;
  try {
    await db.write(async (transaction) => {
      await db.sequelize.query(
        `UPDATE feed_runs SET status = :status, "finishedAt" = :at, rows = :rows,
           created = :created, updated = :updated, unchanged = :unchanged,
           "outOfStock" = :outOfStock, deactivated = :deactivated, failed = :failed,
           "notModified" = :notModified, complete = :complete, message = :message
         WHERE id = :runId`,
        {
          replacements: { ...counts, status, at, notModified, complete, message, runId },
          transaction,
        },
      );
      if (feed) {
        const keep = status === 'done' && fetchState;
        await db.sequelize.query(
          `UPDATE feeds SET "lastRunAt" = :at
             ${keep ? `, etag = :etag, "lastModified" = :lastModified, "contentHash" = :hash` : ''}
           WHERE id = :feedId`,
          { replacements: { at, feedId, ...(keep ? fetchState : {}) }, transaction },
        );
        await appendAudit(transaction, {
          action: 'feed_run',
          entity: 'feed',
          entityId: feedId,
          entityLabel: feed.name,
          summary: summaryOf(feed, status, counts, notModified),
          changes: Object.fromEntries(
            Object.entries(counts).map(([key, value]) => [key, [null, value]]),
          ),
          actor,
        });
      }
      await releaseLease(db, feedId, owner, transaction);
    });
    released = true;
  } catch (error) {
    deps.onUnexpectedError(error);
  }
  if (!released) await releaseLease(db, feedId, owner).catch(deps.onUnexpectedError);
  if (changed) deps.onCatalogueChanged();
}
