import type { Transaction } from 'sequelize';
import { WATCH_LIMITS, WATCH_MESSAGES } from '@shared/schemas/watch';
import type { Database } from '../db/database';
import { execute } from '../db/sql';
import { HttpError } from '../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds one to the 24-hour window of `key` in shared_limits (0006; one row per key, both
 * engines) inside the creating transaction, and refuses past `limit`: the refusal rolls the
 * increment back with the rest. On PostgreSQL the upsert locks the row, so processes
 * creating at once count one after the other.
 */
async function countOne(
  db: Database,
  transaction: Transaction,
  key: string,
  limit: number,
  message: string,
  now: number,
): Promise<void> {
  const rows = await execute(
    db,
    transaction,
    `INSERT INTO shared_limits ("key", hits, "resetAt") VALUES (?, 1, ?)
     ON CONFLICT ("key") DO UPDATE SET
       hits = CASE WHEN shared_limits."resetAt" <= ? THEN 1 ELSE shared_limits.hits + 1 END,
       "resetAt" = CASE WHEN shared_limits."resetAt" <= ? THEN excluded."resetAt"
                        ELSE shared_limits."resetAt" END
     RETURNING hits`,
    [`watch:${key}`, now + DAY_MS, now, now],
  );
  if (Number(rows[0]?.hits ?? 0) > limit) throw new HttpError(429, message);
}

export interface LimitKeys {
  /** `sub:<id>` or `mail:<hash>`. */
  channel: string;
  /** The client's address key (api/src/lib/ip.ts clientKey). */
  address: string;
}

export async function countNewWatch(
  db: Database,
  transaction: Transaction,
  keys: LimitKeys,
  now: number,
): Promise<void> {
  await countOne(
    db,
    transaction,
    `ip:${keys.address}`,
    WATCH_LIMITS.perAddressPerDay,
    WATCH_MESSAGES.tooManyPerAddress,
    now,
  );
  await countOne(
    db,
    transaction,
    keys.channel,
    WATCH_LIMITS.perSubscriptionPerDay,
    WATCH_MESSAGES.tooManyPerSubscription,
    now,
  );
}

/** Ended windows of the watch limits (housekeeping; PostgreSQL prunes them anyway). */
export async function pruneWatchLimits(db: Database, now: number): Promise<void> {
  await db.write((transaction) =>
    execute(
      db,
      transaction,
      `DELETE FROM shared_limits WHERE "key" LIKE 'watch:%' AND "resetAt" < ?`,
      [now],
    ),
  );
}
