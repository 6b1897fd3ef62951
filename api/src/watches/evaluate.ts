import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { WATCH_LIMITS } from '@shared/schemas/watch';
import type { Database } from '../db/database';
import { execute } from '../db/sql';
import { CURRENT_PRICE } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A PostgreSQL advisory lock key: one evaluation at a time across processes. */
const EVALUATION_LOCK = 7_316_022;
/**
 * How long a missing price point id below the newest is waited for (PostgreSQL). A
 * transaction takes its point's id when it writes it and may commit after a later point's
 * transaction; a pass that moved past the missing id would not look at its product again
 * until the sweep. A gap still open this long after the point that follows it was written is
 * a write rolled back (or one the sweep will see).
 */
export const IN_FLIGHT_PATIENCE_MS = 2 * 60_000;

export interface EvaluationResult {
  /** Notifications enqueued by this pass. */
  enqueued: number;
  /**
   * Every price point up to this id was seen, or will never be written: the next incremental
   * pass starts after it.
   */
  highWater: number;
}

/**
 * Set-based firing (docs/contracts.md, "Price watches"): one INSERT ... SELECT enqueues a
 * notification for every active watch whose rule holds at the current price, and one UPDATE
 * records what it was told, in the same transaction, so nothing is enqueued twice.
 *
 * A watch fires when its current price (the product's lowest in-stock price, or the lowest
 * on its marketplace) is
 * - `any`: under the price it was last told (or the price when it was made);
 * - `below`: at or under its target, and under the price it was last told;
 * and then only if it was never told, or was told more than a day ago, or the price fell at
 * least 5% under the price it was told; and no notification of it is still waiting.
 * A `below` watch whose price went back above its target is re-armed (its last told price
 * is forgotten), so the next fall under the target is told again, at most once a day.
 *
 * `pass.full` evaluates every watch (the periodic sweep, which also sees stock coming back
 * without a new price); otherwise only the products with a price point newer than
 * `pass.after`, the previous pass's high-water mark (a price changed since), or every watch
 * when there is none yet.
 */
export async function evaluateWatches(
  db: Database,
  pass: { full: boolean; after: number | null },
  now: number,
): Promise<EvaluationResult> {
  return db.write(async (transaction) => {
    if (db.dialect === 'postgres') {
      await execute(db, transaction, 'SELECT pg_advisory_xact_lock(?)', [EVALUATION_LOCK]);
    }
    const [mark] = await execute(
      db,
      transaction,
      'SELECT coalesce(max(id), 0) AS id FROM price_points',
    );
    const newest = Number(mark?.id ?? 0);
    const sinceId = pass.full ? null : pass.after;
    const changed =
      sinceId === null
        ? ''
        : `AND w."productId" IN (SELECT DISTINCT "productId" FROM price_points
             WHERE id > ${Math.floor(sinceId)} AND id <= ${newest})`;
    if (sinceId !== null && newest <= sinceId) return { enqueued: 0, highWater: sinceId };
    const highWater =
      db.dialect === 'postgres' && pass.after !== null && newest > pass.after
        ? await settledThrough(db, transaction, pass.after, newest, now)
        : newest;
    const active = db.dialect === 'postgres' ? 'p."isActive"' : 'p."isActive" = 1';
    const drop = (100 - WATCH_LIMITS.renotifyDropPercent) / 100;
    const batch = randomUUID();
    // The cheapest in-stock marketplace, for the message ("di Shopee").
    const cheapestPlatform = `CASE WHEN w.platform IS NOT NULL THEN w.platform ELSE
        (SELECT l.platform FROM platform_links l
          WHERE l."productId" = w."productId" AND l.availability = 'in_stock'
            AND l."priceValue" IS NOT NULL
          ORDER BY l."priceValue", l.id LIMIT 1) END`;
    const inserted = await execute(
      db,
      transaction,
      `INSERT INTO watch_notifications
         ("watchId", batch, price, "previousPrice", platform, state, attempts, "nextAttemptAt",
          "createdAt")
       SELECT id, ?, price, previous, platform, 'pending', 0, ?, ?
       FROM (
         SELECT w.id, ${CURRENT_PRICE} AS price,
           coalesce(w."lastNotifiedPrice", w."priceAtCreation") AS previous,
           ${cheapestPlatform} AS platform,
           w."ruleKind", w."targetPrice", w."lastNotifiedPrice", w."lastNotifiedAt",
           w."priceAtCreation"
         FROM watches w JOIN products p ON p.id = w."productId"
         WHERE w.state = 'active' AND ${active} ${changed}
       ) c
       WHERE price IS NOT NULL
         AND (("ruleKind" = 'any' AND price < coalesce("lastNotifiedPrice", "priceAtCreation"))
           OR ("ruleKind" = 'below' AND price <= "targetPrice"
               AND ("lastNotifiedPrice" IS NULL OR price < "lastNotifiedPrice")))
         AND ("lastNotifiedAt" IS NULL OR "lastNotifiedAt" <= ?
           OR price <= "lastNotifiedPrice" * ${drop})
         AND NOT EXISTS (SELECT 1 FROM watch_notifications n
           WHERE n."watchId" = c.id AND n.state = 'pending')
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [batch, now, now, now - DAY_MS],
    );
    if (inserted.length > 0) {
      await execute(
        db,
        transaction,
        `UPDATE watches SET
           "lastNotifiedPrice" = (SELECT n.price FROM watch_notifications n
             WHERE n."watchId" = watches.id AND n.batch = ?),
           "lastNotifiedAt" = ?
         WHERE id IN (SELECT "watchId" FROM watch_notifications WHERE batch = ?)`,
        [batch, now, batch],
      );
    }
    // Re-arm `below` watches whose price is back above the target (or gone).
    await execute(
      db,
      transaction,
      `UPDATE watches SET "lastNotifiedPrice" = NULL
       WHERE "ruleKind" = 'below' AND "lastNotifiedPrice" IS NOT NULL
         AND id IN (SELECT w.id FROM watches w JOIN products p ON p.id = w."productId"
           WHERE w."ruleKind" = 'below' AND w."lastNotifiedPrice" IS NOT NULL ${changed}
             AND (${CURRENT_PRICE} IS NULL OR ${CURRENT_PRICE} > w."targetPrice"))`,
    );
    return { enqueued: inserted.length, highWater };
  });
}

/**
 * The newest id through which no price point can still appear: `newest`, or the id before the
 * first gap in (after, newest] whose following point was written within
 * IN_FLIGHT_PATIENCE_MS (its transaction may still commit). SQLite has one writer at a time,
 * so a point's id is never taken by a transaction still open while another commits.
 */
async function settledThrough(
  db: Database,
  transaction: Transaction,
  after: number,
  newest: number,
  now: number,
): Promise<number> {
  const [gap] = await execute(
    db,
    transaction,
    `SELECT min(before) AS before FROM (
       SELECT id, at, coalesce(lag(id) OVER (ORDER BY id), ?) AS before
       FROM price_points WHERE id > ? AND id <= ?
     ) points
     WHERE id > before + 1 AND at > to_timestamp(? / 1000.0)`,
    [after, after, newest, now - IN_FLIGHT_PATIENCE_MS],
  );
  return gap?.before == null ? newest : Number(gap.before);
}
