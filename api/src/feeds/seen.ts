import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { execute, inList } from '../db/sql';

/**
 * What a feed run saw, recorded without a write per row (docs/contracts.md, "Product feeds";
 * docs/decisions.md, "Feed runs", session 40). `feeds.seenRunId` names the last run that
 * recorded what it saw; a feed item whose `lastSeenRunId` is NULL was seen by that run and has
 * missed no run since. Only the items whose state departs from that carry their own: the last
 * run that saw them and how many complete runs in a row have missed them. A run keeps the ids
 * of the items it saw in memory (`SeenItems`), and at its end `recordSeen` writes only the
 * departures: items that followed the old run and were not seen (they keep that run as theirs),
 * and items with their own state that were seen again (they follow the new run).
 */

/** A set of feed item ids as a bitmap: a run's 100,000 ids in ~12 KB per 100,000 of id range. */
export class SeenItems {
  private bits = new Uint8Array(1 << 14);
  count = 0;

  add(ids: readonly number[]): void {
    for (const id of ids) {
      const byte = id >>> 3;
      if (byte >= this.bits.length) {
        let size = this.bits.length;
        while (size <= byte) size *= 2;
        const grown = new Uint8Array(size);
        grown.set(this.bits);
        this.bits = grown;
      }
      const bit = 1 << (id & 7);
      if ((this.bits[byte]! & bit) === 0) {
        this.bits[byte]! |= bit;
        this.count++;
      }
    }
  }

  has(id: number): boolean {
    const byte = id >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (id & 7))) !== 0;
  }
}

/**
 * The highest feed item id now: items of the feed past it are the run's own (only the run
 * that holds the feed's lease inserts its items), seen by definition.
 */
export async function itemIdsThrough(db: Database): Promise<number> {
  const [row] = await db.sequelize.query<{ through: number | string | null }>(
    'SELECT max(id) AS through FROM feed_items',
    { type: QueryTypes.SELECT },
  );
  return Number(row?.through ?? 0);
}

/**
 * A feed's first run names itself the feed's seen run as it starts, so items never follow
 * no run at all (one its process did not live to record included).
 */
export async function claimFirstSeenRun(db: Database, feedId: string, runId: string) {
  await db.write((transaction) =>
    db.sequelize.query(
      `UPDATE feeds SET "seenRunId" = :runId WHERE id = :feedId AND "seenRunId" IS NULL`,
      { replacements: { feedId, runId }, transaction },
    ),
  );
}

const PAGE = 10_000;
const BATCH = 1_000;

async function updateIds(
  db: Database,
  transaction: Transaction,
  set: string,
  params: unknown[],
  ids: number[],
) {
  for (let start = 0; start < ids.length; start += BATCH) {
    const list = inList(db.dialect, 'id', ids.slice(start, start + BATCH), 'integer');
    await execute(db, transaction, `UPDATE feed_items SET ${set} WHERE ${list.sql}`, [
      ...params,
      ...list.params,
    ]);
  }
}

/**
 * Records what run `runId` saw of the feed's items up to `through` (those after are its own),
 * in one transaction. `complete`: the run counts for deactivation, so each item it did not see
 * has missed one more run. A run that is not complete and saw fewer items than it missed keeps
 * the feed's seen run and writes the items it saw as its own instead (the cheaper of the two).
 */
export async function recordSeen(
  db: Database,
  feedId: string,
  runId: string,
  seen: SeenItems,
  through: number,
  complete: boolean,
): Promise<void> {
  await db.write(async (transaction) => {
    const [feed] = await execute(db, transaction, `SELECT "seenRunId" FROM feeds WHERE id = ?`, [
      feedId,
    ]);
    const previous = (feed?.seenRunId as string | null | undefined) ?? null;
    /** Followed the feed's seen run, not seen now. */
    const missed: number[] = [];
    /** Followed it and seen now. */
    const followedSeen: number[] = [];
    /** Their own state, seen now. */
    const back: number[] = [];
    let after = 0;
    for (;;) {
      const page = await execute(
        db,
        transaction,
        `SELECT id, CASE WHEN "lastSeenRunId" IS NULL THEN 1 ELSE 0 END AS follows
         FROM feed_items WHERE "feedId" = ? AND id > ? AND id <= ? ORDER BY id LIMIT ${PAGE}`,
        [feedId, after, through],
      );
      for (const row of page) {
        const id = Number(row.id);
        const follows = Number(row.follows) === 1;
        if (seen.has(id)) {
          if (follows) followedSeen.push(id);
          else back.push(id);
        } else if (follows) missed.push(id);
      }
      if (page.length < PAGE) break;
      after = Number(page[page.length - 1]!.id);
    }
    if (!complete && previous !== null && followedSeen.length < missed.length) {
      // Mostly unseen (a shrunk or stopped run): the seen items name this run themselves.
      await updateIds(
        db,
        transaction,
        `"lastSeenRunId" = ?, "missedRuns" = 0`,
        [runId],
        [...followedSeen, ...back],
      );
      return;
    }
    if (complete) {
      await execute(
        db,
        transaction,
        `UPDATE feed_items SET "missedRuns" = "missedRuns" + 1
         WHERE "feedId" = ? AND "lastSeenRunId" IS NOT NULL`,
        [feedId],
      );
    }
    await updateIds(
      db,
      transaction,
      `"lastSeenRunId" = ?, "missedRuns" = "missedRuns" + ?`,
      [previous ?? runId, complete ? 1 : 0],
      missed,
    );
    await updateIds(db, transaction, `"lastSeenRunId" = NULL, "missedRuns" = 0`, [], back);
    await execute(db, transaction, `UPDATE feeds SET "seenRunId" = ? WHERE id = ?`, [
      runId,
      feedId,
    ]);
  });
}
