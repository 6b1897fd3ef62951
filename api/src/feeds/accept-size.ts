import { QueryTypes } from 'sequelize';
import { isShrunkRun } from '@shared/rules/feed-run';
import { appendAudit } from '../audit/log';
import type { Database } from '../db/database';
import { dbNowMs } from './lease';

/** The 409 of a feed that is being run (routes.ts answers it for a second run too). */
export const FEED_RUNNING_MESSAGE = 'Feed sedang diproses; tunggu sampai selesai';
import { presentRun, type FeedRunRow, type StoredFeed } from './store';

export const ACCEPT_SIZE_MESSAGES = {
  notShrunk: 'Run terakhir feed ini tidak menyusut: tidak ada ukuran baru untuk diterima',
  running: FEED_RUNNING_MESSAGE,
} as const;

export type AcceptSizeResult =
  { ok: true } | { ok: false; reason: keyof typeof ACCEPT_SIZE_MESSAGES };

/**
 * Staff accept that a feed truly shrank (docs/contracts.md, "Product feeds"): its newest run,
 * which read under half of the previous complete run's rows and so deactivated nothing,
 * becomes complete, the baseline of the next run's shrink guard. What it did not see counts
 * one missed complete run, as if it had deactivated normally, so the next complete run that
 * also misses those products deactivates them (two in a row); nothing is deactivated now.
 * The run's message stays in the history; the feed's alert clears (store.ts, feedAlert).
 * One transaction, with one audit entry; refused while a run holds the feed's lease.
 */
export async function acceptFeedSize(db: Database, feed: StoredFeed): Promise<AcceptSizeResult> {
  return db.write(async (transaction) => {
    // Taking the feed row first orders this with a run's claim (an UPDATE of the same row).
    await db.sequelize.query(`UPDATE feeds SET "updatedAt" = "updatedAt" WHERE id = :feedId`, {
      replacements: { feedId: feed.id },
      transaction,
    });
    const [lease] = await db.sequelize.query<{ live: boolean | number }>(
      `SELECT CASE WHEN "leaseUntil" IS NOT NULL AND "leaseUntil" > ${dbNowMs(db)}
         THEN 1 ELSE 0 END AS live FROM feeds WHERE id = :feedId`,
      { replacements: { feedId: feed.id }, type: QueryTypes.SELECT, transaction },
    );
    if (lease && Number(lease.live) === 1) return { ok: false, reason: 'running' };
    const [row] = await db.sequelize.query<FeedRunRow>(
      `SELECT * FROM feed_runs WHERE "feedId" = :feedId
       ORDER BY "startedAt" DESC, id DESC LIMIT 1`,
      { replacements: { feedId: feed.id }, type: QueryTypes.SELECT, transaction },
    );
    if (!row || !isShrunkRun(presentRun(row))) return { ok: false, reason: 'notShrunk' };
    await db.sequelize.query(`UPDATE feed_runs SET complete = :yes WHERE id = :runId`, {
      replacements: { yes: true, runId: row.id },
      transaction,
    });
    // An item without its own seen run was seen by the feed's (seen.ts); one that misses a
    // run takes that run as its own, so it no longer follows the feed's with misses counted.
    await db.sequelize.query(
      `UPDATE feed_items SET "missedRuns" = "missedRuns" + 1,
         "lastSeenRunId" = COALESCE("lastSeenRunId",
           (SELECT f."seenRunId" FROM feeds f WHERE f.id = feed_items."feedId"))
       WHERE "feedId" = :feedId AND NOT EXISTS (SELECT 1 FROM feeds f
         WHERE f.id = feed_items."feedId" AND COALESCE(feed_items."lastSeenRunId", f."seenRunId") = :runId)`,
      { replacements: { feedId: feed.id, runId: row.id }, transaction },
    );
    const rows = Number(row.rows);
    await appendAudit(transaction, {
      action: 'feed_accept_size',
      entity: 'feed',
      entityId: feed.id,
      entityLabel: feed.name,
      summary:
        `Feed ${feed.name}: ukuran baru ${rows.toLocaleString('id-ID')} baris diterima ` +
        'sebagai acuan run berikutnya',
      changes: { baselineRows: [null, rows] },
    });
    return { ok: true };
  });
}
